/**
 * A client's appointments as the clients module changes them (issue 12 "one client per person",
 * admin spec §2 "Customer Relationship Management"): re-addressed when the client's email
 * changes, anonymised when the client is erased. Each runs in the caller's transaction, so the
 * client and their appointments change together; the caller audits. The calendar module stays
 * the appointments table's only writer (issue 27). Emails are compared lower-case.
 */
import { eq, or, sql } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import { appointments } from "#server/db/schema/calendar.ts";

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
