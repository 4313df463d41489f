/**
 * What happens to a paid booking deposit after payment, in the caller's transaction (issue 32;
 * storefront spec §9 "cancellations need 24 hours notice"; docs/decisions/0261, 0296):
 * forfeited on a no-show or a cancel less than 24 hours ahead (the calendar's status change);
 * credited to the visit's sale at the till, once, and back to paid when that sale is voided
 * (the sales module). Apart from deposits.ts so the calendar and the till can call it without
 * an import cycle. Money is kobo.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  CANCELLATION_NOTICE_HOURS,
  type DepositStatus,
  isAtLeastHoursAhead,
} from "#common/deposits.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { bookingDeposits } from "#server/db/schema/deposits.ts";

/**
 * In the caller's transaction (the calendar's status change): a paid deposit of an appointment
 * that became a no-show, or was cancelled by staff less than 24 hours before its start, is
 * forfeited (spec §9); cancelled earlier by staff it is refunded by the desk (left 'paid').
 * @returns the deposit's new status, or null when it had none paid.
 */
export async function settleDepositOnStatus(
  tx: Tx,
  appointment: { id: number; startsAt: Date },
  status: string,
  now: Date = new Date(),
): Promise<DepositStatus | null> {
  if (status !== "no-show" && status !== "cancelled") return null;
  const late = !isAtLeastHoursAhead(appointment.startsAt, now, CANCELLATION_NOTICE_HOURS);
  if (status === "cancelled" && !late) return null;
  const rows = await tx
    .update(bookingDeposits)
    .set({ status: "forfeited", settledAt: now, updatedAt: now })
    .where(
      and(eq(bookingDeposits.appointmentId, appointment.id), eq(bookingDeposits.status, "paid")),
    )
    .returning({ id: bookingDeposits.id });
  return rows.length > 0 ? "forfeited" : null;
}

/** A paid deposit the till may credit (kobo). */
export type CreditableDeposit = {
  id: number;
  appointmentId: number;
  amountKobo: number;
  reference: string;
};

/**
 * The paid deposits of appointments `ids` (kobo) the till may credit, oldest first; none when
 * no deposit of theirs is paid and not yet applied. Read without a lock: `applyDeposit` checks
 * again in the sale's transaction.
 */
export async function creditableDeposits(
  db: Db | Tx,
  ids: readonly number[],
): Promise<CreditableDeposit[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: bookingDeposits.id,
      appointmentId: bookingDeposits.appointmentId,
      amountKobo: bookingDeposits.amountKobo,
      reference: bookingDeposits.reference,
    })
    .from(bookingDeposits)
    .where(
      and(inArray(bookingDeposits.appointmentId, [...ids]), eq(bookingDeposits.status, "paid")),
    )
    .orderBy(asc(bookingDeposits.id));
  return rows.flatMap((r) =>
    r.appointmentId === null ? [] : [{ ...r, appointmentId: r.appointmentId }],
  );
}

/** The deposits of appointments `ids` already credited at the till, with their sale's id. */
export async function appliedDeposits(
  db: Db | Tx,
  ids: readonly number[],
): Promise<Array<{ reference: string; saleId: number | null }>> {
  if (ids.length === 0) return [];
  return db
    .select({ reference: bookingDeposits.reference, saleId: bookingDeposits.appliedSaleId })
    .from(bookingDeposits)
    .where(
      and(inArray(bookingDeposits.appointmentId, [...ids]), eq(bookingDeposits.status, "applied")),
    )
    .orderBy(asc(bookingDeposits.id));
}

/**
 * In the sale's transaction: marks deposit `id` applied to `saleId` for `creditKobo` (its whole
 * amount, or less when the sale's total was less), only while it is still paid. The row lock of
 * the UPDATE serialises two sales crediting one deposit: the second finds it applied.
 * @returns false when it is no longer paid (credited, refunded or forfeited meanwhile).
 */
export async function applyDeposit(
  tx: Tx,
  id: number,
  saleId: number,
  creditKobo: number,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(bookingDeposits)
    .set({
      status: "applied",
      appliedSaleId: saleId,
      appliedKobo: creditKobo,
      settledAt: now,
      updatedAt: now,
    })
    .where(and(eq(bookingDeposits.id, id), eq(bookingDeposits.status, "paid")))
    .returning({ id: bookingDeposits.id });
  return rows.length > 0;
}

/**
 * In a void's transaction (decision 0296): the deposits credited to sale `saleId` are paid
 * again, free to be credited to the corrected sale (or refunded as the policy says).
 * @returns the references restored.
 */
export async function restoreDeposits(tx: Tx, saleId: number, now: Date): Promise<string[]> {
  const rows = await tx
    .update(bookingDeposits)
    .set({
      status: "paid",
      appliedSaleId: null,
      appliedKobo: null,
      settledAt: null,
      updatedAt: now,
    })
    .where(and(eq(bookingDeposits.appliedSaleId, saleId), eq(bookingDeposits.status, "applied")))
    .returning({ reference: bookingDeposits.reference });
  return rows.map((r) => r.reference);
}
