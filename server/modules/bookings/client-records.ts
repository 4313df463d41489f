/**
 * A client's booking requests as the clients module changes them (issue 12 "one client per
 * person"): re-addressed when the client's email changes, deleted when the client is erased.
 * Each runs in the caller's transaction, so the client and their requests change together; the
 * caller audits. The bookings module stays the bookings table's only writer (issue 27), and this
 * file imports nothing of the clients module, which calls it.
 */
import { eq, or, sql } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import { bookings } from "#server/db/schema/bookings.ts";

/** Booking requests of client `clientId`, or made under the email `email` (lower-case). */
const ofClient = (clientId: number, email: string) =>
  or(eq(bookings.clientId, clientId), sql`lower(${bookings.email}) = ${email}`);

/**
 * A client's email change (clients module, issue 12): re-addresses the booking requests of client
 * `clientId` (or under the old email `from`, lower-case) to `to`, linking them to the client.
 * Runs in the caller's transaction; the caller audits.
 */
export async function moveBookingsToEmail(
  tx: Tx,
  clientId: number,
  from: string,
  to: string,
): Promise<void> {
  await tx.update(bookings).set({ email: to, clientId }).where(ofClient(clientId, from));
}

/**
 * A client's erasure (privacy): deletes the booking requests of client `clientId` (or under
 * `email`, lower-case). Runs in the caller's transaction; the caller audits.
 */
export async function deleteClientBookings(tx: Tx, clientId: number, email: string): Promise<void> {
  await tx.delete(bookings).where(ofClient(clientId, email));
}
