/**
 * Clients: one row per person across managed customers, booking requests, appointments, shop
 * orders, POS sales and newsletter sign-ups (admin spec §2 "Clients screen", §3 "Customer";
 * docs/decisions/0091-one-row-per-person-is-the-clients-table.md). This file writes the `clients`
 * rows: every record
 * that names a person links to `clients` through `ensureClient` in its own transaction; staff
 * add, edit (an email change moves the person's history with it) and delete clients and keep
 * their notes. The lists are in ./list.ts, one client's detail in ./detail.ts, export and
 * erasure in ./privacy.ts.
 */

import { and, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Logger } from "pino";
import type { AdminIdentity } from "#common/auth.ts";
import {
  CLIENT_MESSAGES,
  type ClientRecord,
  type ClientSource,
  type ClientStatus,
  type ConsentSource,
  type CustomerInput,
  type CustomerNote,
  type CustomerPatch,
} from "#common/clients.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { bookings, reviews } from "#server/db/schema/bookings.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { clientHealth, clients, customerNotes } from "#server/db/schema/clients.ts";
import { newsletterSubscribers } from "#server/db/schema/content.ts";
import { orders } from "#server/db/schema/orders.ts";
import { sales } from "#server/db/schema/sales.ts";
import { SQL_STATE, sqlState } from "#server/db/sql-state.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { moveBookingsToEmail } from "#server/modules/bookings/client-records.ts";
import { moveAppointmentsToEmail } from "#server/modules/calendar/client-records.ts";
import { type PhotoStore, removePhotoFiles } from "#server/modules/records/photo-store.ts";
import { photoKeysOf } from "#server/modules/records/service.ts";
import { getClientRecord, notesOf } from "./detail.ts";

/** The rows of a raw `db.execute` answer (both drivers, PGlite and node-postgres, give `rows`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** `lower(column) = email`: emails are compared ignoring case (`email` already lower-cased). */
const sameEmail = (column: AnyPgColumn, email: string): SQL => sql`lower(${column}) = ${email}`;

/**
 * The id of the client with `email` (compared lower-cased), creating one when there is none. A
 * new client gets the email lower-cased, the name split at the first space, the phone, `source`
 * (default 'manual'; website bookings, orders and sign-ups pass 'website') and `status` (default
 * 'active'; a newsletter-only person is a 'prospect'). An existing client keeps its name (filled
 * in only when it had none); its phone is filled in only when it had none; a prospect becomes
 * active once it books or buys. `consent` records marketing consent with its date and source
 * (NDPA 2023) unless consent is already on file. Call it inside the transaction of the record
 * that names the client.
 *
 * Concurrent calls for one email make one row: the insert does nothing on a conflict with the
 * unique index on lower(email) (it waits for a racing insert to commit), and the update then
 * finds that row. Drizzle's onConflictDoUpdate cannot name an expression index, hence the two
 * statements.
 */
export async function ensureClient(
  tx: Db | Tx,
  person: { email: string; name?: string | null; phone?: string | null },
  options: { source?: ClientSource; status?: ClientStatus; consent?: ConsentSource } = {},
): Promise<number> {
  const email = person.email.trim().toLowerCase();
  const name = (person.name ?? "").trim();
  const space = name.indexOf(" ");
  const firstName = space < 0 ? name : name.slice(0, space);
  const lastName = space < 0 ? "" : name.slice(space + 1).trim();
  const phone = person.phone?.trim() || null;
  const status = options.status ?? "active";
  const consent = options.consent ?? null;
  const consentAt = consent !== null ? sql`now()` : null;
  const [created] = await tx
    .insert(clients)
    .values({
      email,
      firstName,
      lastName,
      phone,
      source: options.source ?? "manual",
      status,
      marketingConsent: consent !== null,
      marketingConsentAt: consentAt,
      marketingConsentSource: consent,
    })
    .onConflictDoNothing()
    .returning({ id: clients.id });
  if (created) return Number(created.id);
  const unnamed = sql`${clients.firstName} = '' and ${clients.lastName} = ''`;
  const [existing] = await tx
    .update(clients)
    .set({
      phone: sql`coalesce(${clients.phone}, ${phone})`,
      firstName: sql`case when ${unnamed} then ${firstName} else ${clients.firstName} end`,
      lastName: sql`case when ${unnamed} then ${lastName} else ${clients.lastName} end`,
      status:
        status === "active"
          ? sql`case when ${clients.status} = 'prospect' then 'active' else ${clients.status} end`
          : sql`${clients.status}`,
      marketingConsent: consent !== null ? true : sql`${clients.marketingConsent}`,
      marketingConsentAt: sql`case when ${clients.marketingConsent}
        then ${clients.marketingConsentAt} else ${consentAt}::timestamptz end`,
      marketingConsentSource: sql`case when ${clients.marketingConsent}
        then ${clients.marketingConsentSource} else ${consent}::text end`,
      updatedAt: sql`now()`,
    })
    .where(sameEmail(clients.email, email))
    .returning({ id: clients.id });
  if (existing === undefined) throw new Error("ensureClient returned no row");
  return Number(existing.id);
}

/** The client whose email is `email` (case-insensitive), or null. */
export async function findClientByEmail(db: Db | Tx, email: string) {
  const [row] = await db
    .select()
    .from(clients)
    .where(sql`lower(${clients.email}) = ${email.trim().toLowerCase()}`);
  return row ?? null;
}

function duplicate(): HttpError {
  return new HttpError(409, CLIENT_MESSAGES.duplicateEmail, {
    email: CLIENT_MESSAGES.duplicateEmail,
  });
}

function healthValues(input: CustomerInput) {
  return {
    emergencyContact: input.emergencyContact,
    emergencyPhone: input.emergencyPhone,
    medicalConditions: input.medicalConditions,
    allergies: input.allergies,
    skinType: input.skinType,
  };
}

/**
 * POST /api/customers (admin spec §3, §5): a managed client with every field; health fields in
 * `client_health` (only when one is given). Marketing consent is recorded as given by staff,
 * now. Audited without health data.
 * @throws HttpError 409 when the email (any case) already belongs to a client.
 */
export async function createClient(
  db: Db,
  admin: AdminIdentity,
  input: CustomerInput,
): Promise<ClientRecord> {
  const email = input.email.toLowerCase();
  try {
    const id = await db.transaction(async (tx) => {
      if (await findClientByEmail(tx, email)) throw duplicate();
      const [row] = await tx
        .insert(clients)
        .values({
          email,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          address: input.address,
          city: input.city,
          state: input.state,
          zipCode: input.zipCode,
          dateOfBirth: input.dateOfBirth,
          status: input.status,
          marketingConsent: input.marketingConsent,
          marketingConsentAt: input.marketingConsent ? new Date() : null,
          marketingConsentSource: input.marketingConsent ? "admin" : null,
          source: input.source,
          referredBy: input.referredBy,
          preferredServices: input.preferredServices,
        })
        .returning({ id: clients.id });
      if (!row) throw new Error("insert returned no row");
      const health = healthValues(input);
      if (Object.values(health).some((v) => v !== null)) {
        await tx.insert(clientHealth).values({ clientId: row.id, ...health });
      }
      // Link what the person already did under this email (e.g. a POS sale before the record).
      await relinkByEmail(tx, row.id, email);
      await recordAudit(tx, admin, {
        action: "client.create",
        entity: "client",
        entityId: row.id,
        details: { source: input.source, status: input.status },
      });
      return row.id;
    });
    const record = await getClientRecord(db, id);
    if (!record) throw new Error("client vanished after insert");
    return record;
  } catch (err) {
    if (sqlState(err) === SQL_STATE.uniqueViolation) throw duplicate();
    throw err;
  }
}

/** Links rows that name `email` but no client to client `id`. */
async function relinkByEmail(tx: Db | Tx, id: number, email: string) {
  await tx
    .update(bookings)
    .set({ clientId: id })
    .where(and(isNull(bookings.clientId), sameEmail(bookings.email, email)));
  for (const table of [orders, appointments, sales]) {
    await tx
      .update(table)
      .set({ clientId: id })
      .where(and(isNull(table.clientId), sameEmail(table.customerEmail, email)));
  }
}

/**
 * PATCH /api/customers/{email} (admin spec §7): name (split at the first space), phone and
 * newEmail. An email change moves the person's history with it: bookings, appointments, sales,
 * orders, reviews and the newsletter sign-up are re-addressed in the same transaction. Audited.
 * @throws HttpError 404 for an unknown email; 409 when newEmail belongs to another client.
 */
export async function updateClientByEmail(
  db: Db,
  admin: AdminIdentity,
  email: string,
  patch: CustomerPatch,
): Promise<ClientRecord> {
  try {
    const id = await db.transaction(async (tx) => {
      const current = await findClientByEmail(tx, email);
      if (!current) throw new HttpError(404, CLIENT_MESSAGES.notFound);
      const changes: Partial<typeof clients.$inferInsert> = { updatedAt: new Date() };
      if (patch.name !== undefined) {
        const space = patch.name.indexOf(" ");
        changes.firstName = space < 0 ? patch.name : patch.name.slice(0, space);
        changes.lastName = space < 0 ? "" : patch.name.slice(space + 1).trim();
      }
      if (patch.phone !== undefined) changes.phone = patch.phone;
      const oldEmail = current.email.toLowerCase();
      const newEmail = patch.newEmail?.toLowerCase();
      const moving = newEmail !== undefined && newEmail !== oldEmail;
      if (moving) {
        const other = await findClientByEmail(tx, newEmail);
        if (other && other.id !== current.id) throw duplicate();
        changes.email = newEmail;
      }
      // Managed from now on: staff edited the record.
      if (current.source === "website") changes.source = "manual";
      await tx.update(clients).set(changes).where(eq(clients.id, current.id));
      if (moving) await moveHistory(tx, current.id, oldEmail, newEmail);
      await recordAudit(tx, admin, {
        action: "client.update",
        entity: "client",
        entityId: current.id,
        details: {
          fields: Object.keys(changes).filter((k) => k !== "updatedAt"),
          ...(moving ? { emailChanged: true } : {}),
        },
      });
      return current.id;
    });
    const record = await getClientRecord(db, id);
    if (!record) throw new HttpError(404, CLIENT_MESSAGES.notFound);
    return record;
  } catch (err) {
    if (sqlState(err) === SQL_STATE.uniqueViolation) throw duplicate();
    throw err;
  }
}

/** Re-addresses everything of client `id` (or under `from`) to email `to`. */
async function moveHistory(tx: Tx, id: number, from: string, to: string) {
  // Bookings and appointments through their own modules (one writer per table, issue 27).
  await moveBookingsToEmail(tx, id, from, to);
  await moveAppointmentsToEmail(tx, id, from, to);
  for (const table of [orders, sales]) {
    await tx
      .update(table)
      .set({ customerEmail: to, clientId: id })
      .where(or(eq(table.clientId, id), sameEmail(table.customerEmail, from)));
  }
  await tx.update(reviews).set({ customerEmail: to }).where(sameEmail(reviews.customerEmail, from));
  const [sub] = await tx
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, from));
  if (sub) {
    const [taken] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, to));
    if (taken) await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, sub.id));
    else
      await tx
        .update(newsletterSubscribers)
        .set({ email: to })
        .where(eq(newsletterSubscribers.id, sub.id));
  }
}

/**
 * DELETE /api/customers/{id} (admin spec §5): removes the client with its health record, notes
 * and treatment photos (the files too, from `photoStore`, after the commit); bookings,
 * appointments, sales, orders, signed treatment records and signed forms keep their copies
 * (client_id set null). Audited.
 * @throws HttpError 404 for an unknown id.
 */
export async function deleteClient(
  db: Db,
  admin: AdminIdentity,
  id: number,
  photoStore: PhotoStore | null = null,
  log?: Pick<Logger, "warn">,
): Promise<void> {
  const photoKeys = await db.transaction(async (tx) => {
    // Read before the delete: the photo rows go with the client row (ON DELETE CASCADE).
    const keys = await photoKeysOf(tx, id);
    const deleted = await tx
      .delete(clients)
      .where(eq(clients.id, id))
      .returning({ id: clients.id });
    if (deleted.length === 0) throw new HttpError(404, CLIENT_MESSAGES.notFound);
    await recordAudit(tx, admin, {
      action: "client.delete",
      entity: "client",
      entityId: id,
      details: keys.length ? { photos: keys.length } : undefined,
    });
    return keys;
  });
  // Files cannot join the transaction: removed once it has committed, a failure logged only.
  if (photoStore) await removePhotoFiles(photoStore, photoKeys, log);
}

/** GET /api/customer-notes/{email}: the notes, '' and null when none (or no such client). */
export async function getNotesByEmail(db: Db, email: string): Promise<CustomerNote> {
  const client = await findClientByEmail(db, email);
  if (!client) return { notes: "", updatedAt: null };
  return notesOf(db, client.id);
}

/**
 * PUT /api/customer-notes/{email} (admin spec §5): saves the trimmed notes ('' allowed). Audited
 * without the text.
 * @throws HttpError 404 when no client has that email.
 */
export async function saveNotesByEmail(
  db: Db,
  admin: AdminIdentity,
  email: string,
  notes: string,
): Promise<CustomerNote> {
  return db.transaction(async (tx) => {
    const client = await findClientByEmail(tx, email);
    if (!client) throw new HttpError(404, CLIENT_MESSAGES.notFound);
    const now = new Date();
    await tx
      .insert(customerNotes)
      .values({ clientId: client.id, notes, updatedAt: now })
      .onConflictDoUpdate({ target: customerNotes.clientId, set: { notes, updatedAt: now } });
    await recordAudit(tx, admin, {
      action: "client.notes",
      entity: "client",
      entityId: client.id,
      details: { length: notes.length },
    });
    return { notes, updatedAt: now.toISOString() };
  });
}

/** Whether `id` names a client. */
export async function clientExists(db: Db | Tx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, id)));
  return row !== undefined;
}
