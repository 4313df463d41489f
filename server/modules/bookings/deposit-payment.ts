/**
 * Paying a booking's deposit (issue 32; decisions 0261, 0262; apart from deposits.ts, which
 * makes the hold): `startDepositPayment` (Paystack Initialize with card, bank transfer and USSD,
 * or the test-payment dialog), `verifyDeposit`, `confirmDepositFromWebhook` and
 * `recordDepositTestPayment` all end in `confirmDeposit`, idempotent (the deposit row is locked
 * and moves pending → paid once); `payAtClinic` where the clinic allows it; `releaseExpiredHolds`,
 * the scheduler's release of unpaid holds. Money is kobo inside, naira out.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq } from "drizzle-orm";
import { type DepositState, type DepositStatus, MANAGE_TEXTS } from "#common/deposits.ts";
import { koboToNaira } from "#common/money.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { bookingDeposits } from "#server/db/schema/deposits.ts";
import { HttpError } from "#server/http.ts";
import {
  PaystackError,
  type PaystackEvent,
  transactionFromPaystackData,
  type VerifiedTransaction,
} from "#server/integrations/paystack.ts";
import {
  expiredHoldIds,
  lockOnlineAppointment,
  type OnlineAppointment,
  setOnlineAppointmentStatus,
} from "#server/modules/calendar/online-bookings.ts";
import { kickMessages } from "#server/modules/messages/worker.ts";
import { readDepositSettings } from "#server/modules/settings/service.ts";
import {
  DEPOSIT_CHANNELS,
  DEPOSIT_REFERENCE_PREFIX,
  type DepositDeps,
  type DepositRow,
  manageLink,
  managePath,
} from "./deposits.ts";

async function depositByReference(db: Db | Tx, reference: string): Promise<DepositRow | null> {
  const [row] = await db
    .select()
    .from(bookingDeposits)
    .where(eq(bookingDeposits.reference, reference));
  return row ?? null;
}

const NO_DEPOSIT = "No booking was held with this payment reference";

async function stateOf(deps: DepositDeps, deposit: DepositRow): Promise<DepositState> {
  const [appointment] = deposit.appointmentId
    ? await deps.db
        .select({ status: appointments.status, heldUntil: appointments.heldUntil })
        .from(appointments)
        .where(eq(appointments.id, deposit.appointmentId))
    : [];
  return {
    reference: deposit.reference,
    amount: koboToNaira(deposit.amountKobo),
    status: deposit.status as DepositStatus,
    mode: deposit.mode as "paystack" | "test",
    accessCode: deposit.accessCode,
    appointmentStatus: appointment?.status ?? null,
    heldUntil: appointment?.heldUntil?.toISOString() ?? null,
    manageUrl: deposit.appointmentId ? managePath(deps.secret, deposit.appointmentId) : null,
  };
}

/**
 * POST /api/bookings/deposits/{reference}/start: with Paystack keys, initialises the transaction
 * for the stored amount (kobo) with channels card, bank transfer and USSD, once (a retry resumes
 * the same access code); in test-payment mode there is nothing to start. Two starts at once (a
 * double tap, two tabs) both answer the one access code (decision 0317).
 * @throws HttpError 404 unknown reference; 409 when the hold has ended, or another start of the
 *   reference has not stored its access code within ~5 s; 502 Paystack refused or unreachable.
 */
export async function startDepositPayment(
  deps: DepositDeps,
  reference: string,
  now: Date = new Date(),
): Promise<DepositState> {
  const deposit = await depositByReference(deps.db, reference);
  if (!deposit) throw new HttpError(404, NO_DEPOSIT);
  const state = await stateOf(deps, deposit);
  if (deposit.status !== "pending") return state;
  if (
    state.appointmentStatus !== "pending" ||
    (state.heldUntil && new Date(state.heldUntil) < now)
  ) {
    throw new HttpError(409, MANAGE_TEXTS.holdExpired);
  }
  if (deps.provider.mode !== "paystack" || deposit.accessCode) return state;
  try {
    const init = await deps.provider.initialize({
      email: deposit.customerEmail,
      amountKobo: deposit.amountKobo,
      reference: deposit.reference,
      metadata: { appointmentId: deposit.appointmentId, kind: "booking-deposit" },
      channels: DEPOSIT_CHANNELS,
    });
    const accessCode = init?.accessCode ?? null;
    if (accessCode) {
      await deps.db
        .update(bookingDeposits)
        .set({ accessCode, updatedAt: new Date() })
        .where(eq(bookingDeposits.id, deposit.id));
    }
    return { ...state, accessCode };
  } catch (err) {
    // Another start of this reference is initialising it right now (Paystack refuses a
    // reference twice): wait for the access code it stores rather than hold a transaction over
    // the Paystack call, which on PGlite would stop every other query meanwhile.
    if (err instanceof PaystackError && /duplicate/i.test(err.message)) {
      const accessCode = await awaitAccessCode(deps.db, deposit.id);
      if (accessCode) return { ...state, accessCode };
      throw new HttpError(409, MANAGE_TEXTS.paymentStarting);
    }
    const reason = err instanceof PaystackError ? err.message : "payment provider error";
    deps.logger.error({ reason, reference }, "Paystack initialize failed (deposit)");
    throw new HttpError(502, `Failed to initialize payment: ${reason}`);
  }
}

/** The access code another start stores for deposit `id`, polled for up to ~5 s; or null. */
async function awaitAccessCode(db: Db, id: number): Promise<string | null> {
  for (let i = 0; i < 50; i++) {
    const [row] = await db
      .select({ accessCode: bookingDeposits.accessCode })
      .from(bookingDeposits)
      .where(eq(bookingDeposits.id, id));
    if (row?.accessCode) return row.accessCode;
    await sleep(100);
  }
  return null;
}

/**
 * Locks a deposit and its appointment in the order every other writer takes them (appointment,
 * then deposit: the client's cancel, the hold release), so two writers never wait on each
 * other. @returns the locked deposit (null: unknown reference) and its appointment.
 */
async function lockDepositByReference(
  tx: Tx,
  reference: string,
): Promise<{ deposit: DepositRow | null; appointment: OnlineAppointment | null }> {
  const [ref] = await tx
    .select({ appointmentId: bookingDeposits.appointmentId })
    .from(bookingDeposits)
    .where(eq(bookingDeposits.reference, reference));
  if (!ref) return { deposit: null, appointment: null };
  const appointment = ref.appointmentId ? await lockOnlineAppointment(tx, ref.appointmentId) : null;
  const [deposit] = await tx
    .select()
    .from(bookingDeposits)
    .where(eq(bookingDeposits.reference, reference))
    .for("update");
  return { deposit: deposit ?? null, appointment };
}

/**
 * The one routine that marks a deposit paid (verify, webhook, scheduler): in one transaction it
 * locks the deposit, accepts only a 'success' for the stored amount in NGN, moves it pending →
 * paid once (a repeat changes nothing), confirms the held appointment and queues the client's
 * confirmation with the manage link. A payment that arrives after the hold was released is kept
 * as paid with no appointment (logged; the desk refunds or rebooks it).
 * @returns 'paid' (now or before), 'unpaid' or 'mismatch'.
 */
export async function confirmDeposit(
  deps: DepositDeps,
  reference: string,
  payment: VerifiedTransaction,
): Promise<"paid" | "unpaid" | "mismatch"> {
  const outcome = await deps.db.transaction(async (tx) => {
    const { deposit, appointment } = await lockDepositByReference(tx, reference);
    if (!deposit) throw new HttpError(404, NO_DEPOSIT);
    if (!["pending", "expired"].includes(deposit.status)) return "paid" as const;
    if (payment.status !== "success") return "unpaid" as const;
    if (payment.amountKobo !== deposit.amountKobo || payment.currency !== "NGN") {
      return "mismatch" as const;
    }
    await tx
      .update(bookingDeposits)
      .set({
        status: "paid",
        paidAt: new Date(),
        channel: typeof payment.details.channel === "string" ? payment.details.channel : null,
        updatedAt: new Date(),
      })
      .where(eq(bookingDeposits.id, deposit.id));
    if (appointment?.status === "pending") {
      await setOnlineAppointmentStatus(
        tx,
        appointment,
        "confirmed",
        manageLink(deps, appointment.id),
      );
      if (deposit.bookingId) {
        await tx
          .update(bookings)
          .set({ status: "confirmed" })
          .where(eq(bookings.id, deposit.bookingId));
      }
      return "newly-paid" as const;
    }
    deps.logger.warn({ reference }, "deposit paid after its hold was released");
    return "paid" as const;
  });
  if (outcome === "newly-paid") {
    kickMessages(deps.db);
    deps.logger.info({ reference }, "booking deposit paid");
    return "paid";
  }
  if (outcome === "mismatch") deps.logger.warn({ reference }, "deposit payment does not match");
  return outcome;
}

/**
 * POST /api/bookings/deposits/{reference}/verify: asks the provider (unless already paid) and
 * confirms. @throws HttpError 404 unknown reference; 502 provider unreachable.
 */
export async function verifyDeposit(deps: DepositDeps, reference: string): Promise<DepositState> {
  const deposit = await depositByReference(deps.db, reference);
  if (!deposit) throw new HttpError(404, NO_DEPOSIT);
  if (deposit.status === "pending" || deposit.status === "expired") {
    let payment: VerifiedTransaction | null;
    try {
      payment = await deps.provider.verify(reference);
    } catch (err) {
      deps.logger.error({ err: (err as Error).message, reference }, "deposit verification failed");
      throw new HttpError(502, "We could not reach the payment provider. Please try again.");
    }
    if (payment) await confirmDeposit(deps, reference, payment);
  }
  const now = await depositByReference(deps.db, reference);
  return stateOf(deps, now ?? deposit);
}

/**
 * A signed Paystack `charge.success` for a deposit reference ('GHD-…'): confirms it
 * (idempotent). @returns false when the event is not about a deposit (the shop's handler runs).
 */
export async function confirmDepositFromWebhook(
  deps: DepositDeps,
  event: PaystackEvent,
): Promise<boolean> {
  const reference = String(event.data?.reference ?? "");
  if (!reference.startsWith(DEPOSIT_REFERENCE_PREFIX)) return false;
  if (event.event !== "charge.success" || !event.data) return true;
  if (!(await depositByReference(deps.db, reference))) {
    deps.logger.warn({ reference }, "webhook for an unknown deposit reference");
    return true;
  }
  await confirmDeposit(deps, reference, transactionFromPaystackData(event.data));
  return true;
}

/**
 * POST /api/bookings/deposits/{reference}/test-payment (test-payment mode only): the dialog's
 * Approve or Decline for the stored amount. @throws HttpError 404 with keys or unknown reference.
 */
export async function recordDepositTestPayment(
  deps: DepositDeps,
  reference: string,
  outcome: "approve" | "decline",
): Promise<{ reference: string; status: "success" | "failed" }> {
  if (deps.provider.mode !== "test") throw new HttpError(404, "Not found");
  const deposit = await depositByReference(deps.db, reference);
  if (!deposit) throw new HttpError(404, NO_DEPOSIT);
  const status = outcome === "approve" ? "success" : "failed";
  await deps.provider.record(reference, status, deposit.amountKobo);
  return { reference, status };
}

/**
 * POST /api/bookings/deposits/{reference}/pay-at-clinic: where the clinic allows it, the held
 * appointment is booked ('scheduled') with its fee due at the clinic; the client is told.
 * @throws HttpError 404 unknown; 409 not allowed, or the hold has ended.
 */
export async function payAtClinic(
  deps: DepositDeps,
  reference: string,
  now: Date = new Date(),
): Promise<DepositState> {
  const settings = await readDepositSettings(deps.db);
  if (!settings.payAtClinicAllowed) throw new HttpError(409, MANAGE_TEXTS.payAtClinicRefused);
  await deps.db.transaction(async (tx) => {
    const { deposit, appointment } = await lockDepositByReference(tx, reference);
    if (!deposit) throw new HttpError(404, NO_DEPOSIT);
    if (deposit.status !== "pending") return;
    if (appointment?.status !== "pending" || (appointment.heldUntil ?? now) < now) {
      throw new HttpError(409, MANAGE_TEXTS.holdExpired);
    }
    await tx
      .update(bookingDeposits)
      .set({ status: "at_clinic", updatedAt: new Date() })
      .where(eq(bookingDeposits.id, deposit.id));
    await setOnlineAppointmentStatus(
      tx,
      appointment,
      "scheduled",
      manageLink(deps, appointment.id),
    );
    if (deposit.bookingId) {
      await tx
        .update(bookings)
        .set({ status: "scheduled" })
        .where(eq(bookings.id, deposit.bookingId));
    }
  });
  kickMessages(deps.db);
  const deposit = await depositByReference(deps.db, reference);
  if (!deposit) throw new HttpError(404, NO_DEPOSIT);
  return stateOf(deps, deposit);
}

/**
 * The scheduler's pass: every hold past its time that is still unpaid is asked about once more
 * (with Paystack keys: a transfer may have landed) and otherwise released: the appointment
 * cancelled (its time free again), the deposit 'expired', the request 'cancelled'.
 * @returns how many were confirmed late and how many released.
 */
export async function releaseExpiredHolds(
  deps: DepositDeps,
  now: Date = new Date(),
): Promise<{ paid: number; released: number }> {
  const ids = await deps.db.transaction((tx) => expiredHoldIds(tx, now));
  let paid = 0;
  let released = 0;
  for (const id of ids) {
    const [deposit] = await deps.db
      .select()
      .from(bookingDeposits)
      .where(eq(bookingDeposits.appointmentId, id));
    // Asked once more in either mode: the test provider answers from test_payments (0287).
    if (deposit?.status === "pending") {
      try {
        const payment = await deps.provider.verify(deposit.reference);
        if (payment && (await confirmDeposit(deps, deposit.reference, payment)) === "paid") {
          paid++;
          continue;
        }
      } catch (err) {
        // Paystack unreachable: release anyway; a late payment is kept (confirmDeposit).
        deps.logger.warn({ err: (err as Error).message, id }, "hold release: verify failed");
      }
    }
    const done = await deps.db.transaction(async (tx) => {
      const appointment = await lockOnlineAppointment(tx, id);
      if (appointment?.status !== "pending" || !appointment.heldUntil) return false;
      if (appointment.heldUntil >= now) return false;
      await setOnlineAppointmentStatus(tx, appointment, "cancelled", null);
      await tx
        .update(bookingDeposits)
        .set({ status: "expired", settledAt: now, updatedAt: now })
        .where(and(eq(bookingDeposits.appointmentId, id), eq(bookingDeposits.status, "pending")));
      if (appointment.bookingId) {
        await tx
          .update(bookings)
          .set({ status: "cancelled" })
          .where(eq(bookings.id, appointment.bookingId));
      }
      return true;
    });
    if (done) released++;
  }
  return { paid, released };
}
