/**
 * A client's booking requests as the clients module changes them (issue 12 "one client per
 * person"): re-addressed when the client's email changes, deleted when the client is erased.
 * Each runs in the caller's transaction, so the client and their requests change together; the
 * caller audits. The bookings module stays the bookings table's only writer (issue 27), and this
 * file imports nothing of the clients module, which calls it.
 */
import { eq, or, sql } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import {
  type ClientRef,
  type ClientRows,
  type MovedRow,
  moveClientRows,
  restoreClientRows,
} from "#server/db/move-rows.ts";
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

/** The booking requests as a client merge moves them (server/db/move-rows.ts). */
export const BOOKINGS_OF_CLIENT: ClientRows = {
  table: bookings,
  id: bookings.id,
  email: bookings.email,
  clientId: bookings.clientId,
};

/**
 * A client merge (issue 28 item 7): moves the booking requests of client `from` (by id or email) to client
 * `to`, re-addressed to its email. Returns each row's id, email and client id before, for the
 * undo. Runs in the caller's transaction; the caller audits.
 */
export function moveBookingsToClient(tx: Tx, from: ClientRef, to: ClientRef): Promise<MovedRow[]> {
  return moveClientRows(tx, BOOKINGS_OF_CLIENT, from, to);
}

/**
 * Undoing a client merge: puts the booking requests in `rows` back as they were, those still with client
 * `to`. Runs in the caller's transaction; the caller audits.
 */
export function restoreBookings(tx: Tx, rows: MovedRow[], to: ClientRef): Promise<number> {
  return restoreClientRows(tx, BOOKINGS_OF_CLIENT, rows, to);
}
