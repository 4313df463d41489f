/**
 * A client's appointments as the clients module changes them (issue 12 "one client per person",
 * admin spec §2 "Customer Relationship Management"): re-addressed when the client's email
 * changes, anonymised when the client is erased. Each runs in the caller's transaction, so the
 * client and their appointments change together; the caller audits. The calendar module stays
 * the appointments table's only writer (issue 27). Emails are compared lower-case.
 */
import { eq, inArray, or, sql } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import {
  type ClientRef,
  type ClientRows,
  type MovedRow,
  moveClientRows,
  restoreClientRows,
} from "#server/db/move-rows.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { queueAftercareOnCompletion } from "#server/modules/records/aftercare.ts";
import { queueReviewsOnCompletion } from "#server/modules/reviews/on-completion.ts";

/** Appointments of client `clientId`, or booked under the email `email` (lower-case). */
const ofClient = (clientId: number, email: string) =>
  or(eq(appointments.clientId, clientId), sql`lower(${appointments.customerEmail}) = ${email}`);

/**
 * Re-addresses the appointments of client `clientId` (or under the old email `from`,
 * lower-case) to the email `to`, linking them all to the client.
 */
export async function moveAppointmentsToEmail(
  tx: Tx,
  clientId: number,
  from: string,
  to: string,
): Promise<void> {
  await tx
    .update(appointments)
    .set({ customerEmail: to, clientId })
    .where(ofClient(clientId, from));
}

/**
 * Erasure (privacy): the appointments of client `clientId` (or under `email`, lower-case) keep
 * their time, service and price for the books, but not the person: `name` and `anonEmail` stand
 * in, the phone and notes are emptied and the client link is dropped.
 */
export async function anonymiseClientAppointments(
  tx: Tx,
  clientId: number,
  email: string,
  stand: { name: string; anonEmail: string },
): Promise<void> {
  await tx
    .update(appointments)
    .set({
      customerName: stand.name,
      customerEmail: stand.anonEmail,
      customerPhone: "",
      notes: null,
      clientId: null,
    })
    .where(ofClient(clientId, email));
}

/** The appointments as a client merge moves them (server/db/move-rows.ts). */
export const APPOINTMENTS_OF_CLIENT: ClientRows = {
  table: appointments,
  id: appointments.id,
  email: appointments.customerEmail,
  clientId: appointments.clientId,
};

/**
 * A client merge (issue 28 item 7): moves the appointments of client `from` (by id or email) to client
 * `to`, re-addressed to its email. Returns each row's id, email and client id before, for the
 * undo. Runs in the caller's transaction; the caller audits.
 */
export function moveAppointmentsToClient(
  tx: Tx,
  from: ClientRef,
  to: ClientRef,
): Promise<MovedRow[]> {
  return moveClientRows(tx, APPOINTMENTS_OF_CLIENT, from, to);
}

/**
 * Undoing a client merge: puts the appointments in `rows` back as they were, those still with client
 * `to`. Runs in the caller's transaction; the caller audits.
 */
export function restoreAppointments(tx: Tx, rows: MovedRow[], to: ClientRef): Promise<number> {
  return restoreClientRows(tx, APPOINTMENTS_OF_CLIENT, rows, to);
}

/** An appointment as the till checks it out (issue 29): who, what, when and its state. */
export type CheckoutAppointment = {
  id: number;
  status: string;
  staffId: number | null;
  clientId: number | null;
  serviceId: number | null;
  serviceName: string;
  customerName: string;
  customerEmail: string;
  startsAt: Date;
};

/**
 * The appointments `ids`, locked until the caller's transaction ends (the till completes them
 * in the sale's transaction; docs/decisions/0187). Missing ids are simply absent.
 */
export async function lockAppointmentsForCheckout(
  tx: Tx,
  ids: readonly number[],
): Promise<CheckoutAppointment[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: appointments.id,
      status: appointments.status,
      staffId: appointments.staffId,
      clientId: appointments.clientId,
      serviceId: appointments.serviceId,
      serviceName: appointments.serviceName,
      customerName: appointments.customerName,
      customerEmail: appointments.customerEmail,
      startsAt: appointments.startsAt,
    })
    .from(appointments)
    .where(inArray(appointments.id, [...ids]))
    .orderBy(appointments.id)
    .for("update");
}

/**
 * Completes the appointments a sale checks out (decision 0187): status 'completed',
 * `completed_at` = the sale's instant (UTC), linked to the sale's client when they had none. In
 * the sale's transaction; the caller has locked and checked them.
 */
export async function completeCheckedOutAppointments(
  tx: Tx,
  ids: readonly number[],
  completedAt: Date,
  clientId: number | null,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(appointments)
    .set({
      status: "completed",
      completedAt,
      clientId: sql`coalesce(${appointments.clientId}, ${clientId}::int)`,
      updatedAt: new Date(),
    })
    .where(inArray(appointments.id, [...ids]));
  // The clinic's setting may have the visit's review request go out by itself (decision 0241).
  await queueReviewsOnCompletion(tx, ids);
  // And the visit's aftercare with its cart link (issue 31; decision 0273).
  await queueAftercareOnCompletion(tx, ids);
}
