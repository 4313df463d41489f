/**
 * Intake and consent forms (issue 31; docs/decisions/0265-versioned-forms-and-the-consent-gate.md).
 * One writer: server/modules/forms. Templates carry an editable draft; publishing copies it into
 * an immutable numbered version with its canonical text's SHA-256. A form request is one signed
 * link sent to a client (usually for one appointment) covering the forms they must sign; each
 * signature is a `signed_forms` row pointing at the exact version signed. Answers are health data
 * (NDPA 2023): read only by clinical roles through the module, every read audited, never in
 * lists, search, messages or logs. Proposed health-profile changes wait in
 * `health_entry_proposals` until a clinician accepts or rejects them.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { FORM_KINDS, type FormAnswers, type FormBody, HEALTH_TARGETS } from "#common/forms.ts";
import { appointments } from "./calendar.ts";
import { clients } from "./clients.ts";
import { createdAt, oneOf, updatedAt } from "./columns.ts";

/**
 * A form template: the intake (category null, one) or one consent per service category
 * (common/catalog.ts SERVICE_CATEGORIES ids). `draft` is what the manager edits.
 */
export const formTemplates = pgTable(
  "form_templates",
  {
    id: serial("id").primaryKey(),
    /** 'intake' | 'consent'. */
    kind: text("kind").notNull(),
    /** The service category a consent form covers; null for the intake. */
    category: text("category"),
    draft: jsonb("draft").$type<FormBody>().notNull(),
    /** Who last saved the draft, as the audit log names them. */
    draftUpdatedBy: text("draft_updated_by").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("form_templates_kind_valid", oneOf(t.kind, FORM_KINDS)),
    // The intake has no category, a consent one.
    check(
      "form_templates_category_for_kind",
      sql`(${t.kind} = 'intake') = (${t.category} IS NULL)`,
    ),
    uniqueIndex("form_templates_kind_category_unique").on(t.kind, sql`coalesce(${t.category}, '')`),
  ],
);

/** A published version: never changed or deleted while a signature points at it. */
export const formTemplateVersions = pgTable(
  "form_template_versions",
  {
    id: serial("id").primaryKey(),
    templateId: integer("template_id")
      .notNull()
      .references(() => formTemplates.id, { onDelete: "restrict" }),
    /** 1, 2, 3… per template. */
    version: integer("version").notNull(),
    body: jsonb("body").$type<FormBody>().notNull(),
    /** The canonical text (common/forms.ts versionText) the client reads and signs. */
    text: text("text").notNull(),
    /** Hex SHA-256 of `text` (UTF-8). */
    textSha256: text("text_sha256").notNull(),
    publishedBy: text("published_by").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("form_template_versions_unique").on(t.templateId, t.version)],
);

/**
 * A signed, expiring link sent to a client (by the outbox, or opened on the kiosk tablet) with
 * the forms they must sign: the intake and/or the consent of the appointment's category.
 * `status` 'pending' | 'signed' | 'cancelled'.
 */
export const formRequests = pgTable(
  "form_requests",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    appointmentId: integer("appointment_id").references(() => appointments.id, {
      onDelete: "set null",
    }),
    /** The template ids to sign, in order (intake first). */
    templateIds: jsonb("template_ids").$type<number[]>().notNull(),
    status: text("status").notNull().default("pending"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When the day-before reminder was queued; null until then. */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    createdBy: text("created_by").notNull(),
    /**
     * 'link' (sent to the client's phone) or 'kiosk' (opened on the clinic's tablet by staff):
     * the signed form's channel is the request's, never what the signing browser says.
     */
    channel: text("channel").notNull().default("link"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("form_requests_status_valid", oneOf(t.status, ["pending", "signed", "cancelled"])),
    check("form_requests_channel_valid", oneOf(t.channel, ["link", "kiosk"])),
    index("form_requests_client_idx").on(t.clientId, t.id),
    index("form_requests_appointment_idx").on(t.appointmentId),
  ],
);

/**
 * One signed form: the exact version, its text's SHA-256 at signing, the answers, the typed name
 * and drawn signature (a PNG data URL; null when signed by the typed name alone, the keyboard
 * way), time, IP and user agent. Append-only; withdrawal of a consent sets `withdrawn_at`.
 */
export const signedForms = pgTable(
  "signed_forms",
  {
    id: serial("id").primaryKey(),
    /**
     * Null once the client is deleted or erased: a signed form is a medical record the clinic
     * keeps, like a signed treatment record (decisions 0272 and 0316).
     */
    clientId: integer("client_id").references(() => clients.id, { onDelete: "set null" }),
    /** The erased client's id, so the audit log's 'client.erase' entry still leads here. */
    formerClientId: integer("former_client_id"),
    requestId: integer("request_id").references(() => formRequests.id, { onDelete: "set null" }),
    appointmentId: integer("appointment_id").references(() => appointments.id, {
      onDelete: "set null",
    }),
    versionId: integer("version_id")
      .notNull()
      .references(() => formTemplateVersions.id, { onDelete: "restrict" }),
    /** Copied from the template: 'intake' | 'consent'. */
    kind: text("kind").notNull(),
    /** Copied from the template: the consent's service category, null for the intake. */
    category: text("category"),
    answers: jsonb("answers").$type<FormAnswers>().notNull(),
    /** Clinical before/after photos allowed (the records half of issue 31 reads it). */
    photographyConsent: boolean("photography_consent").notNull().default(false),
    /** Photos may also be used in marketing (separate, optional). */
    marketingPhotoConsent: boolean("marketing_photo_consent").notNull().default(false),
    signerName: text("signer_name").notNull(),
    signature: text("signature"),
    textSha256: text("text_sha256").notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull().defaultNow(),
    ip: text("ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    /** 'link' (the client's phone) | 'kiosk' (the clinic's tablet). */
    channel: text("channel").notNull(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [
    check("signed_forms_kind_valid", oneOf(t.kind, FORM_KINDS)),
    check("signed_forms_channel_valid", oneOf(t.channel, ["link", "kiosk"])),
    index("signed_forms_client_idx").on(t.clientId, t.kind, t.category, t.signedAt),
    index("signed_forms_appointment_idx").on(t.appointmentId),
  ],
);

/**
 * A change to the health profile proposed by a signed form's answer; a clinician accepts it (it
 * becomes a client_health_entries row) or rejects it. `status` 'pending' | 'accepted' | 'rejected'.
 */
export const healthEntryProposals = pgTable(
  "health_entry_proposals",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    signedFormId: integer("signed_form_id")
      .notNull()
      .references(() => signedForms.id, { onDelete: "cascade" }),
    /** common/forms.ts HEALTH_TARGETS (a health entry kind). */
    kind: text("kind").notNull(),
    /** A pregnancy state code, else null. */
    code: text("code"),
    note: text("note").notNull().default(""),
    status: text("status").notNull().default("pending"),
    reviewedBy: text("reviewed_by"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("health_entry_proposals_kind_valid", oneOf(t.kind, HEALTH_TARGETS)),
    check(
      "health_entry_proposals_status_valid",
      oneOf(t.status, ["pending", "accepted", "rejected"]),
    ),
    index("health_entry_proposals_client_idx").on(t.clientId, t.status),
  ],
);

/**
 * A clinician's decision to go ahead with an appointment without a current signed consent for
 * its category (issue 31 consent gate): later steps of the same visit (check-in, completion,
 * the till) do not ask again. Also in the audit log ('consent.override').
 */
export const consentOverrides = pgTable(
  "consent_overrides",
  {
    id: serial("id").primaryKey(),
    appointmentId: integer("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    category: text("category").notNull(),
    reason: text("reason").notNull(),
    /** 'check-in' | 'complete' | 'sale'. */
    place: text("place").notNull(),
    overriddenBy: text("overridden_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("consent_overrides_unique").on(t.appointmentId, t.category)],
);
