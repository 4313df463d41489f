/**
 * What happens to a booking deposit when staff change its appointment's status (issue 32;
 * storefront spec §9 "cancellations need 24 hours notice"): forfeited on a no-show or a cancel
 * less than 24 hours ahead. Apart from deposits.ts so the calendar can call it without a cycle.
 */
import { and, eq } from "drizzle-orm";
import {
  CANCELLATION_NOTICE_HOURS,
  type DepositStatus,
  isAtLeastHoursAhead,
} from "#common/deposits.ts";
import type { Tx } from "#server/db/client.ts";
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
