/**
 * Clients of the clinic: one row per person (unique lower-cased email), their health record kept
 * apart in `client_health`, and staff notes (admin spec §3 "Customer (managed client)",
 * "Customer note"). Total spent and last visit are derived from sales, orders, bookings and
 * appointments, never stored
 * (docs/decisions/0052-clients-one-row-per-person-health-apart-totals-derived.md). Instants are
 * timestamptz.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  CLIENT_SOURCES,
  CLIENT_STATUSES,
  CONSENT_SOURCES,
  DEFAULT_CLIENT_SOURCE,
  DEFAULT_CLIENT_STATUS,
  SKIN_TYPES,
} from "#common/clients.ts";
import { HEALTH_ENTRY_KINDS } from "#common/health.ts";
import { createdAt, oneOf, updatedAt } from "./columns.ts";

/**
 * Contact data of a client (admin spec §3 "Customer"); no health fields, so list queries cannot
 * leak them. Clients found in website bookings, orders, reviews and newsletter sign-ups were
 * back-filled by migration 0004 with source 'website'.
 */
export const clients = pgTable(
  "clients",
  {
    id: serial("id").primaryKey(),
    /** Unique ignoring case; the back-fill stores it lower-cased. */
    email: text("email").notNull(),
    /** '' when unknown (e.g. a newsletter subscriber). */
    firstName: text("first_name").notNull().default(""),
    /** '' when unknown or a single-word name. */
    lastName: text("last_name").notNull().default(""),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    /** Nigerian state. */
    state: text("state"),
    zipCode: text("zip_code"),
    dateOfBirth: date("date_of_birth"),
    /** 'active' | 'inactive' | 'prospect' (common/clients.ts). */
    status: text("status").notNull().default(DEFAULT_CLIENT_STATUS),
    marketingConsent: boolean("marketing_consent").notNull().default(false),
    /** When marketing consent was given (NDPA 2023 records it); null without consent. */
    marketingConsentAt: timestamp("marketing_consent_at", { withTimezone: true }),
    /** How consent was given: 'newsletter' (the sign-up form) or 'admin' (staff, on request). */
    marketingConsentSource: text("marketing_consent_source"),
    /** 'manual' | 'website' | 'referral' | 'social_media' | 'walk_in' (common/clients.ts). */
    source: text("source").notNull().default(DEFAULT_CLIENT_SOURCE),
    referredBy: text("referred_by"),
    /** Comma-separated text, as the spec's form sends it. */
    preferredServices: text("preferred_services"),
    /**
     * What the Clients search matches, lower-cased in one text: name, email, phone, address,
     * city, state, and the phone's digits in national form ('+234 803…' → '0803…') so a search
     * in either form finds it. Written by the database only.
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`lower(first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(phone, '') || ' ' || coalesce(address, '') || ' ' || coalesce(city, '') || ' ' || coalesce(state, '') || ' ' || regexp_replace(regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'), '^234', '0'))`,
      ),
    /**
     * The phone as '+234' and its 10 national digits when it is a Nigerian mobile or landline
     * written as '0803…', '803…', '234803…' or '+234 803…' (what libphonenumber-js's E.164 gives
     * for those; server/modules/clients/duplicates.ts checks the two agree), else null. Possible
     * duplicates match on it (issue 28 item 7). Written by the database only.
     */
    phoneKey: text("phone_key").generatedAlwaysAs(
      sql`case when regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') ~ '^(234|0)?[1-9][0-9]{9}$' then '+234' || right(regexp_replace(phone, '[^0-9]', '', 'g'), 10) end`,
    ),
    /**
     * The name lower-cased with runs of spaces made one ('' when unnamed): possible duplicates
     * match on it (issue 28 item 7). Written by the database only.
     */
    nameKey: text("name_key")
      .notNull()
      .generatedAlwaysAs(
        sql`btrim(regexp_replace(lower(first_name || ' ' || last_name), '[[:space:]]+', ' ', 'g'))`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("clients_phone_key_idx").on(t.phoneKey),
    index("clients_name_key_idx").on(t.nameKey),
    uniqueIndex("clients_email_lower_unique").on(sql`lower(${t.email})`),
    index("clients_last_first_name_idx").on(t.lastName, t.firstName),
    // The Customer Database's order by name (case-insensitive), without sorting every client.
    index("clients_name_lower_idx").on(sql`lower(${t.firstName})`, sql`lower(${t.lastName})`, t.id),
    check("clients_status_valid", oneOf(t.status, CLIENT_STATUSES)),
    check("clients_source_valid", oneOf(t.source, CLIENT_SOURCES)),
    check("clients_consent_source_valid", oneOf(t.marketingConsentSource, CONSENT_SOURCES)),
  ],
);

/**
 * A client's health record, 1:1 with `clients` (admin spec §3 health fields). Sensitive personal
 * data (NDPA 2023): read only where a screen shows it, never in lists or exports to the browser.
 */
export const clientHealth = pgTable(
  "client_health",
  {
    clientId: integer("client_id")
      .primaryKey()
      .references(() => clients.id, { onDelete: "cascade" }),
    emergencyContact: text("emergency_contact"),
    emergencyPhone: text("emergency_phone"),
    medicalConditions: text("medical_conditions"),
    allergies: text("allergies"),
    /** 'oily' | 'dry' | 'combination' | 'sensitive' | 'normal' (common/clients.ts), or null. */
    skinType: text("skin_type"),
    updatedAt: updatedAt(),
  },
  (t) => [check("client_health_skin_type_valid", oneOf(t.skinType, SKIN_TYPES))],
);

/**
 * The health profile's entries (issue 30): one row per allergy, condition, medication,
 * pregnancy state, Fitzpatrick type or contraindication flag, with who recorded it and when.
 * Sensitive (NDPA 2023): read by server/modules/health only, each read of the details audited;
 * never in lists, search, messages or exports but the client's own
 * (docs/decisions/0220-health-profile-and-contraindication-check.md).
 */
export const clientHealthEntries = pgTable(
  "client_health_entries",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** common/health.ts HEALTH_ENTRY_KINDS. */
    kind: text("kind").notNull(),
    /** A code from the kind's list (allergen, flag, pregnancy state, Fitzpatrick type) or null. */
    code: text("code"),
    /** Free text; '' when only a code was picked. */
    note: text("note").notNull().default(""),
    /** Who recorded it, as the audit log names them. */
    recordedBy: text("recorded_by").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("client_health_entries_client_idx").on(t.clientId, t.id),
    check("client_health_entries_kind_valid", oneOf(t.kind, HEALTH_ENTRY_KINDS)),
  ],
);

/**
 * Staff notes on a client, one text per client (admin spec §3 "Customer note"; the spec keys it
 * by email, we key it by client id so an email change keeps the notes). Saved trimmed.
 */
export const customerNotes = pgTable("customer_notes", {
  clientId: integer("client_id")
    .primaryKey()
    .references(() => clients.id, { onDelete: "cascade" }),
  notes: text("notes").notNull().default(""),
  updatedAt: updatedAt(),
});

/**
 * A manual merge of two clients (issue 28 item 7): what it moved, so that "Undo merge" can put
 * it back for 30 days (docs/decisions/0210-client-merge-moves-rows-and-keeps-an-undo-record.md).
 * `mergedClient` holds the merged client's row, health record and notes as they were (health
 * data: read only by the undo; the record goes with the kept client on delete or erasure).
 */
export const clientMerges = pgTable(
  "client_merges",
  {
    id: serial("id").primaryKey(),
    keptClientId: integer("kept_client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** The merged client's id (its row is deleted by the merge, re-created by the undo). */
    mergedClientId: integer("merged_client_id").notNull(),
    /** The merged client as it was: row, health, notes; and the kept client's blanks filled. */
    mergedClient: jsonb("merged_client").$type<Record<string, unknown>>().notNull(),
    /** Per table, the ids moved and the email each carried before ({ bookings: [[id, email]] }). */
    moved: jsonb("moved").$type<Record<string, unknown>>().notNull(),
    mergedBy: text("merged_by").notNull(),
    mergedAt: timestamp("merged_at", { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (t) => [index("client_merges_kept_idx").on(t.keptClientId, t.mergedAt)],
);
