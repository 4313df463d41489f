/**
 * Online booking with a hold and a naira deposit (issue 32; storefront spec §9 "Booking fee …
 * to secure an appointment. Policy: book 24 hours ahead; cancellations need 24 hours notice;
 * free consultation for first-time clients"; docs/decisions/0261, 0262):
 *
 * - `availability`: the 16 slots of a Lagos day for a service (calendar/availability.ts).
 * - `createHold`: the booking request, a tentative appointment held `holdMinutes` for the first
 *   free therapist and the deposit to pay, in one transaction (the calendar's locks and the
 *   exclusion constraints make one winner per slot).
 * - Payment: `startDepositPayment` (Paystack Initialize with card, bank transfer and USSD, or the
 *   test-payment dialog), `verifyDeposit`, `confirmDepositFromWebhook`, `recordDepositTestPayment`;
 *   every path ends in `confirmDeposit`, idempotent (the deposit row is locked and moves
 *   pending → paid once). `payAtClinic` where the clinic allows it.
 * - `releaseExpiredHolds`: the scheduler's release of unpaid holds.
 * - Manage my booking: a signed link (`manageLink`) to see, reschedule or cancel within the
 *   policy; refunds ≥ 24 h ahead, forfeits later (or on a no-show).
 *
 * This module writes booking_deposits with deposit-settle.ts (forfeit, and the credit at the
 * till: decision 0296). Money is kobo inside, naira out.
 */
import { randomBytes } from "node:crypto";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Logger } from "pino";
import {
  BOOKING_MESSAGES,
  type BookingRequest,
  CLOSED_DAY_MESSAGE,
  checkBookingDate,
  parseBookingDate,
} from "#common/booking.ts";
import { DEFAULT_APPOINTMENT_MINUTES } from "#common/calendar.ts";
import { CONSULTATION_PRICE, durationMinutes } from "#common/catalog.ts";
import {
  type AvailabilityAnswer,
  CANCELLATION_NOTICE_HOURS,
  type DepositState,
  type DepositStatus,
  type HoldAnswer,
  isAtLeastHoursAhead,
  MANAGE_TEXTS,
  type ManagedBooking,
  SLOT_MESSAGES,
} from "#common/deposits.ts";
import { koboToNaira, nairaToKobo } from "#common/money.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { services } from "#server/db/schema/catalog.ts";
import { bookingDeposits } from "#server/db/schema/deposits.ts";
import { HttpError } from "#server/http.ts";
import {
  PaystackError,
  type PaystackEvent,
  transactionFromPaystackData,
  type VerifiedTransaction,
} from "#server/integrations/paystack.ts";
import { recordAnonymousAudit } from "#server/modules/audit/service.ts";
import { dayAvailability, timeRefusal } from "#server/modules/calendar/availability.ts";
import {
  expiredHoldIds,
  insertOnlineAppointment,
  lockOnlineAppointment,
  moveOnlineAppointment,
  type OnlineAppointment,
  setOnlineAppointmentStatus,
} from "#server/modules/calendar/online-bookings.ts";
import { ensureClient } from "#server/modules/clients/service.ts";
import { refuseForPublic } from "#server/modules/health/check.ts";
import { enqueueMessage } from "#server/modules/messages/service.ts";
import { appointmentIcs, bookingReceivedMessages } from "#server/modules/messages/templates.ts";
import { kickMessages, messagingSettings } from "#server/modules/messages/worker.ts";
import type { CheckoutProvider } from "#server/modules/orders/payment.ts";
import { readDepositSettings } from "#server/modules/settings/service.ts";
import { signValue, verifySignedValue } from "#server/signed-links.ts";
import { type ResolvedService, resolveService } from "./service.ts";

/** Every deposit reference starts so; the webhook tells deposits from shop orders by it. */
export const DEPOSIT_REFERENCE_PREFIX = "GHD-";
/** Paystack's channels on the one checkout: card, bank transfer, USSD (notes/paystack.md). */
export const DEPOSIT_CHANNELS = ["card", "bank_transfer", "ussd"];
const MANAGE_PURPOSE = "manage-booking";
/** Who the audit log names for a client's own change through their link. */
const CLIENT_ACTOR = "client (manage-my-booking link)";

/** What the deposit routines need. `origin` and `secret` make the signed manage links. */
export type DepositDeps = {
  db: Db;
  provider: CheckoutProvider;
  logger: Logger;
  secret: string;
  origin: string;
};

type DepositRow = typeof bookingDeposits.$inferSelect;

/** The path of the signed manage-my-booking page of appointment `id`. */
export function managePath(secret: string, id: number): string {
  return `/booking/manage?a=${id}&sig=${signValue(secret, MANAGE_PURPOSE, String(id))}`;
}

function manageLink(deps: Pick<DepositDeps, "secret" | "origin">, id: number): string {
  return `${deps.origin}${managePath(deps.secret, id)}`;
}

// ---------------------------------------------------------------------------------------------
// What a service takes: minutes and price, and whether a deposit is due.

type Terms = ResolvedService & { minutes: number; priceKobo: number | null };

/** The service a booking names, with its minutes and price. @throws HttpError 400 unknown. */
async function termsOf(db: Db | Tx, service: string): Promise<Terms> {
  const resolved = await resolveService(db as Db, service);
  if (!resolved) {
    throw new HttpError(400, BOOKING_MESSAGES.service, { service: BOOKING_MESSAGES.service });
  }
  if (resolved.serviceId === null) {
    // As the calendar prices a consultation request (booking-requests.ts bookingTerms).
    return {
      ...resolved,
      minutes: DEFAULT_APPOINTMENT_MINUTES,
      priceKobo: nairaToKobo(CONSULTATION_PRICE),
    };
  }
  const [row] = await db
    .select({ duration: services.duration, priceKobo: services.priceKobo })
    .from(services)
    .where(eq(services.id, resolved.serviceId));
  const minutes = row ? durationMinutes(row.duration) : null;
  return {
    ...resolved,
    minutes: minutes && minutes > 0 ? minutes : DEFAULT_APPOINTMENT_MINUTES,
    priceKobo: row?.priceKobo ?? null,
  };
}

/**
 * Whether `email` is a first-time client: no appointment of theirs that was not cancelled
 * (spec §9 "free consultation for first-time clients").
 */
async function isFirstTimeClient(db: Db | Tx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        sql`lower(${appointments.customerEmail}) = ${email.toLowerCase()}`,
        ne(appointments.status, "cancelled"),
      ),
    )
    .limit(1);
  return !row;
}

/** The deposit due in kobo for a booking (0: none) and why none. */
async function depositDue(
  db: Db | Tx,
  terms: Terms,
  email: string,
): Promise<{ kobo: number; freeReason: "first-consultation" | "service" | null }> {
  const settings = await readDepositSettings(db);
  if (settings.depositKobo === 0) return { kobo: 0, freeReason: "service" };
  if (terms.kind === "consultation" && (await isFirstTimeClient(db, email))) {
    return { kobo: 0, freeReason: "first-consultation" };
  }
  if (terms.serviceId !== null && settings.freeServiceIds.includes(terms.serviceId)) {
    return { kobo: 0, freeReason: "service" };
  }
  return { kobo: settings.depositKobo, freeReason: null };
}

// ---------------------------------------------------------------------------------------------
// Availability and the requested time.

/**
 * GET /api/bookings/availability?service=&date=: the 16 slots of the Lagos day for the service;
 * `excludeAppointmentId` (a verified manage link's) leaves the client's own booking out, so a
 * reschedule offers its current time and the times it overlaps.
 * @throws HttpError 400 for an unknown service or a date that is not a real 'YYYY-MM-DD'.
 */
export async function availability(
  db: Db,
  query: { service: string; date: string; excludeAppointmentId?: number | null },
  now: Date = new Date(),
): Promise<AvailabilityAnswer> {
  const terms = await termsOf(db, query.service);
  const slots = await dayAvailability(db, {
    date: query.date,
    minutes: terms.minutes,
    now,
    excludeAppointmentId: query.excludeAppointmentId ?? null,
  });
  return { service: query.service, date: query.date, slots };
}

/**
 * The requested instant of a public booking: the spec's 400s for an unreadable date, one out of
 * the 90-day window, a Sunday or a time that is not a slot; then the 409 naming why a real slot
 * cannot be booked now (past, less than 24 hours ahead).
 */
function publicInstant(text: string, now: Date): Date {
  const parsed = parseBookingDate(text);
  const bad = parsed.ok ? checkBookingDate(parsed, { now, staff: false }) : parsed.field;
  if (bad === "date") {
    throw new HttpError(400, "Please select a date from today up to 90 days ahead", {
      date: BOOKING_MESSAGES.date,
    });
  }
  if (bad === "closed") throw new HttpError(400, CLOSED_DAY_MESSAGE, { date: CLOSED_DAY_MESSAGE });
  if (!parsed.ok) {
    throw new HttpError(400, "Please select one of the available appointment times", {
      time: BOOKING_MESSAGES.time,
    });
  }
  const refusal = timeRefusal(parsed.instant, parsed.date, now);
  if (refusal) throw new HttpError(409, SLOT_MESSAGES[refusal], { time: SLOT_MESSAGES[refusal] });
  if (bad === "time") {
    throw new HttpError(400, "Please select one of the available appointment times", {
      time: BOOKING_MESSAGES.time,
    });
  }
  return parsed.instant;
}

// ---------------------------------------------------------------------------------------------
// The hold.

function newReference(): string {
  return `${DEPOSIT_REFERENCE_PREFIX}${Date.now().toString(36)}-${randomBytes(6).toString("hex")}`;
}

function holdAnswer(
  deps: Pick<DepositDeps, "secret">,
  bookingId: number,
  appointment: OnlineAppointment,
  deposit: DepositRow | null,
  payAtClinicAllowed: boolean,
): HoldAnswer {
  return {
    bookingId,
    appointmentId: appointment.id,
    startsAt: appointment.startsAt.toISOString(),
    serviceName: appointment.serviceName,
    status: appointment.status,
    heldUntil: appointment.heldUntil?.toISOString() ?? null,
    deposit: deposit
      ? {
          reference: deposit.reference,
          amount: koboToNaira(deposit.amountKobo),
          status: deposit.status as DepositStatus,
          mode: deposit.mode as "paystack" | "test",
        }
      : null,
    payAtClinicAllowed,
    manageUrl: managePath(deps.secret, appointment.id),
  };
}

/**
 * POST /api/bookings/hold (the public booking form): records the request, holds the time as a
 * 'pending' appointment of the first free therapist until now + holdMinutes and opens its
 * deposit; with nothing due (a first-time client's consultation, a service without deposit)
 * the appointment is booked ('scheduled') and the client's confirmation queued at once.
 * The same email, service and slot again within 10 minutes, while its hold is active, answers
 * that hold (a double click); one email's holds are made one at a time, so only one of several
 * consultations asked for at once is the free first one. Consultation-first treatments are refused as POST /api/bookings
 * refuses them (issue 30).
 * @returns the hold and `created`.
 * @throws HttpError 400 (the spec's field messages), 409 the time's refusal (SLOT_MESSAGES:
 *   past, 24-hour notice, taken) or a consultation first.
 */
export async function createHold(
  deps: DepositDeps,
  input: BookingRequest,
  now: Date = new Date(),
): Promise<HoldAnswer & { created: boolean }> {
  const start = publicInstant(input.date, now);
  const terms = await termsOf(deps.db, input.service);
  const email = input.email.toLowerCase();
  if (terms.serviceId !== null) {
    await refuseForPublic(deps.db, email, { serviceIds: [terms.serviceId] }, "treatment");
  }
  const span = { start, end: new Date(start.getTime() + terms.minutes * 60_000) };
  const settings = await readDepositSettings(deps.db);
  let created = true;
  const answer = await deps.db.transaction(async (tx) => {
    // One client's holds queue one after another (a lock per email, to the commit): a double
    // click then finds the first hold (activeHoldOf), and two consultations asked for at once,
    // at different times, cannot both see a first-time client and both go free (decision 0283:
    // one free first consultation per client). Different clients never wait on each other.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`booking-hold:${email}`}))`);
    const repeat = await activeHoldOf(tx, email, input.service, start, now);
    if (repeat) {
      created = false;
      return holdAnswer(
        deps,
        repeat.bookingId,
        repeat.appointment,
        repeat.deposit,
        settings.payAtClinicAllowed,
      );
    }
    const due = await depositDue(tx, terms, email);
    const clientId = await ensureClient(
      tx,
      { email, name: input.name, phone: input.phone },
      { source: "website" },
    );
    const [booking] = await tx
      .insert(bookings)
      .values({
        name: input.name,
        email,
        phone: input.phone,
        service: input.service,
        serviceName: terms.serviceName,
        kind: terms.kind,
        serviceId: terms.serviceId,
        clientId,
        date: start,
        message: input.message || null,
        status: due.kobo > 0 ? "pending" : "scheduled",
        // Left for the desk to process (the Bookings screen's badge stays 'Pending' until then);
        // it already has its appointment, so the calendar shows that, not a virtual request.
        processed: false,
      })
      .returning();
    if (!booking) throw new Error("insert returned no row");
    // The request's acknowledgement, as POST /api/bookings sends it (issue 17, storefront spec
    // §9): the client's email and WhatsApp and the clinic's, in the hold's transaction.
    const messaging = messagingSettings(deps.db);
    for (const message of await bookingReceivedMessages(booking, {
      origin: messaging.publicUrl ?? deps.origin,
      clinicWhatsApp: messaging.clinicWhatsApp,
    })) {
      await enqueueMessage(tx, message);
    }
    const heldUntil = due.kobo > 0 ? new Date(now.getTime() + settings.holdMinutes * 60_000) : null;
    const appointment = await insertOnlineAppointment(tx, {
      span,
      bookingId: booking.id,
      clientId,
      serviceId: terms.serviceId,
      serviceName: terms.serviceName,
      customerName: input.name,
      customerEmail: email,
      customerPhone: input.phone,
      priceKobo: terms.priceKobo,
      notes: input.message || null,
      heldUntil,
    });
    let deposit: DepositRow | undefined;
    if (due.kobo > 0) {
      [deposit] = await tx
        .insert(bookingDeposits)
        .values({
          appointmentId: appointment.id,
          bookingId: booking.id,
          customerEmail: email,
          amountKobo: due.kobo,
          reference: newReference(),
          mode: deps.provider.mode,
        })
        .returning();
    } else {
      // Nothing to pay: booked now, and the client told (with the manage link).
      await setOnlineAppointmentStatus(
        tx,
        appointment,
        "scheduled",
        manageLink(deps, appointment.id),
      );
    }
    return holdAnswer(deps, booking.id, appointment, deposit ?? null, settings.payAtClinicAllowed);
  });
  if (created) kickMessages(deps.db);
  return { ...answer, created };
}

/** An active hold or booking of the same email, service and start made in the last 10 minutes. */
async function activeHoldOf(tx: Tx, email: string, service: string, start: Date, now: Date) {
  const [row] = await tx
    .select({ bookingId: bookings.id, appointmentId: appointments.id })
    .from(bookings)
    .innerJoin(appointments, eq(appointments.bookingId, bookings.id))
    .where(
      and(
        eq(bookings.email, email),
        eq(bookings.service, service),
        eq(bookings.date, start),
        sql`${bookings.createdAt} >= ${new Date(now.getTime() - 10 * 60_000)}`,
        inArray(appointments.status, ["pending", "scheduled", "confirmed"]),
      ),
    )
    .limit(1);
  if (!row) return null;
  const [appointment] = await tx
    .select()
    .from(appointments)
    .where(eq(appointments.id, row.appointmentId));
  const [deposit] = await tx
    .select()
    .from(bookingDeposits)
    .where(eq(bookingDeposits.appointmentId, row.appointmentId));
  return appointment ? { bookingId: row.bookingId, appointment, deposit: deposit ?? null } : null;
}

// ---------------------------------------------------------------------------------------------
// Payment.

async function depositByReference(db: Db | Tx, reference: string): Promise<DepositRow | null> {
  const [row] = await db
    .select()
    .from(bookingDeposits)
    .where(eq(bookingDeposits.reference, reference));
  return row ?? null;
}

const NO_DEPOSIT = "No booking was held with this payment reference";

async function stateOf(
  deps: DepositDeps,
  deposit: DepositRow,
  db: Db | Tx = deps.db,
): Promise<DepositState> {
  const [appointment] = deposit.appointmentId
    ? await db
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
 * double tap, two tabs) queue on the deposit's row lock: the first asks Paystack, the second
 * answers the access code the first stored (Paystack refuses a reference initialised twice).
 * The lock is on the deposit only, never its appointment, so the order appointment → deposit
 * that the other writers take cannot deadlock with it.
 * @throws HttpError 404 unknown reference; 409 when the hold has ended; 502 Paystack refused.
 */
export async function startDepositPayment(
  deps: DepositDeps,
  reference: string,
  now: Date = new Date(),
): Promise<DepositState> {
  return deps.db.transaction(async (tx) => {
    const [deposit] = await tx
      .select()
      .from(bookingDeposits)
      .where(eq(bookingDeposits.reference, reference))
      .for("update");
    if (!deposit) throw new HttpError(404, NO_DEPOSIT);
    const state = await stateOf(deps, deposit, tx);
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
        await tx
          .update(bookingDeposits)
          .set({ accessCode, updatedAt: new Date() })
          .where(eq(bookingDeposits.id, deposit.id));
      }
      return { ...state, accessCode };
    } catch (err) {
      const reason = err instanceof PaystackError ? err.message : "payment provider error";
      deps.logger.error({ reason, reference }, "Paystack initialize failed (deposit)");
      throw new HttpError(502, `Failed to initialize payment: ${reason}`);
    }
  });
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

// ---------------------------------------------------------------------------------------------
// Manage my booking (the signed link).

/** The appointment id of a signed manage link. @throws HttpError 404 for a bad signature. */
export function verifyManageLink(secret: string, id: number, sig: string): number {
  if (!verifySignedValue(secret, MANAGE_PURPOSE, String(id), sig)) {
    throw new HttpError(404, MANAGE_TEXTS.badLink);
  }
  return id;
}

const ACTIVE = ["pending", "scheduled", "confirmed"];

function managedOf(
  deps: Pick<DepositDeps, "secret">,
  a: OnlineAppointment,
  deposit: DepositRow | null,
  now: Date,
  service: string | null = null,
): ManagedBooking {
  const ahead = isAtLeastHoursAhead(a.startsAt, now, CANCELLATION_NOTICE_HOURS);
  return {
    appointmentId: a.id,
    service,
    serviceName: a.serviceName,
    startsAt: a.startsAt.toISOString(),
    endsAt: a.endsAt.toISOString(),
    status: a.status,
    customerName: a.customerName,
    heldUntil: a.heldUntil?.toISOString() ?? null,
    deposit: deposit
      ? { amount: koboToNaira(deposit.amountKobo), status: deposit.status as DepositStatus }
      : null,
    canChange: ahead && ACTIVE.includes(a.status),
    cancelKeepsDeposit: ahead,
    policy: MANAGE_TEXTS.policy,
    icsUrl: `${managePath(deps.secret, a.id).replace("/booking/manage?", "/api/bookings/manage/ics?")}`,
  };
}

async function readManaged(db: Db | Tx, id: number) {
  const [a] = await db.select().from(appointments).where(eq(appointments.id, id));
  if (!a?.bookedOnline) throw new HttpError(404, MANAGE_TEXTS.badLink);
  const [deposit] = await db
    .select()
    .from(bookingDeposits)
    .where(eq(bookingDeposits.appointmentId, id));
  const [booking] = a.bookingId
    ? await db
        .select({ service: bookings.service })
        .from(bookings)
        .where(eq(bookings.id, a.bookingId))
    : [];
  return { appointment: a, deposit: deposit ?? null, service: booking?.service ?? null };
}

/** GET /api/bookings/manage?a=&sig=: the client's view of their booking. */
export async function getManagedBooking(
  deps: DepositDeps,
  id: number,
  now: Date = new Date(),
): Promise<ManagedBooking> {
  const { appointment, deposit, service } = await readManaged(deps.db, id);
  return managedOf(deps, appointment, deposit, now, service);
}

/** GET /api/bookings/manage/ics?a=&sig=: the appointment as an iCalendar file. */
export async function managedIcs(deps: DepositDeps, id: number): Promise<string> {
  const { appointment } = await readManaged(deps.db, id);
  const cancelled = !ACTIVE.includes(appointment.status);
  return appointmentIcs(
    appointment,
    cancelled ? "cancelled" : "confirmed",
    Math.floor(appointment.updatedAt.getTime() / 1000),
  );
}

/** Locks the managed appointment and refuses a change the policy does not allow. */
async function lockChangeable(tx: Tx, id: number, now: Date): Promise<OnlineAppointment> {
  const a = await lockOnlineAppointment(tx, id);
  if (!a?.bookedOnline) throw new HttpError(404, MANAGE_TEXTS.badLink);
  if (!ACTIVE.includes(a.status)) throw new HttpError(409, MANAGE_TEXTS.notActive);
  if (!isAtLeastHoursAhead(a.startsAt, now, CANCELLATION_NOTICE_HOURS)) {
    throw new HttpError(409, MANAGE_TEXTS.tooLate);
  }
  return a;
}

/**
 * POST /api/bookings/manage/reschedule {a, sig, date}: moves the booking to a new public slot
 * (the same rules as a new booking: 24 hours ahead, a free therapist), at least 24 hours before
 * its current time; the deposit moves with it. Audited as 'appointment.client-reschedule'.
 * @throws HttpError 400 bad date; 409 too late, not active, or the new time is not free.
 */
export async function rescheduleManaged(
  deps: DepositDeps,
  id: number,
  date: string,
  now: Date = new Date(),
): Promise<ManagedBooking> {
  const start = publicInstant(date, now);
  const result = await deps.db.transaction(async (tx) => {
    const a = await lockChangeable(tx, id, now);
    const span = { start, end: new Date(start.getTime() + a.durationMinutes * 60_000) };
    const moved = await moveOnlineAppointment(tx, a, span, manageLink(deps, id));
    if (a.bookingId)
      await tx.update(bookings).set({ date: start }).where(eq(bookings.id, a.bookingId));
    await recordAnonymousAudit(tx, {
      username: CLIENT_ACTOR,
      action: "appointment.client-reschedule",
      entity: "appointment",
      entityId: id,
      details: { from: a.startsAt.toISOString(), to: start.toISOString(), staffId: moved.staffId },
    });
    const [deposit] = await tx
      .select()
      .from(bookingDeposits)
      .where(eq(bookingDeposits.appointmentId, id));
    return managedOf(deps, moved, deposit ?? null, now);
  });
  kickMessages(deps.db);
  return result;
}

/**
 * POST /api/bookings/manage/cancel {a, sig}: cancels at least 24 hours ahead; a paid deposit is
 * refunded through the provider (spec §9 notice kept; issue 32). Audited as
 * 'appointment.client-cancel'. Later than 24 hours the link refuses (the desk cancels, and
 * `forfeitDeposit` keeps the fee).
 * @throws HttpError 409 too late or not active; 502 the refund failed (nothing changed).
 */
export async function cancelManaged(
  deps: DepositDeps,
  id: number,
  now: Date = new Date(),
): Promise<ManagedBooking> {
  // The refund is asked before the cancelling transaction, once the link's rules allow the
  // cancel: the test-payment provider writes to the database (decision 0287), which on PGlite
  // cannot run beside an open transaction; a failed refund still changes nothing.
  const before = await deps.db.transaction(async (tx) => {
    await lockChangeable(tx, id, now);
    const [row] = await tx
      .select()
      .from(bookingDeposits)
      .where(eq(bookingDeposits.appointmentId, id));
    return row ?? null;
  });
  if (before?.status === "paid") {
    try {
      await deps.provider.refund(before.reference);
    } catch (err) {
      const reason = err instanceof PaystackError ? err.message : "payment provider error";
      throw new HttpError(502, `Refund failed: ${reason}`);
    }
  }
  const refunded = before?.status === "paid" ? before : null;
  const cancelling = deps.db.transaction(async (tx) => {
    const a = await lockChangeable(tx, id, now);
    const [deposit] = await tx
      .select()
      .from(bookingDeposits)
      .where(eq(bookingDeposits.appointmentId, id))
      .for("update");
    // Paid between the two transactions: not refunded yet, so the cancel is asked again.
    if (deposit?.status === "paid" && !refunded) throw new HttpError(409, PAID_MEANWHILE);
    let settled: DepositRow | null = deposit ?? null;
    if (deposit?.status === "paid") {
      [settled = deposit] = await tx
        .update(bookingDeposits)
        .set({ status: "refunded", settledAt: now, updatedAt: now })
        .where(eq(bookingDeposits.id, deposit.id))
        .returning();
    } else if (deposit?.status === "pending") {
      [settled = deposit] = await tx
        .update(bookingDeposits)
        .set({ status: "expired", settledAt: now, updatedAt: now })
        .where(eq(bookingDeposits.id, deposit.id))
        .returning();
    }
    const cancelled = await setOnlineAppointmentStatus(tx, a, "cancelled", null);
    if (a.bookingId) {
      await tx.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, a.bookingId));
    }
    await recordAnonymousAudit(tx, {
      username: CLIENT_ACTOR,
      action: "appointment.client-cancel",
      entity: "appointment",
      entityId: id,
      details: { start: a.startsAt.toISOString(), deposit: settled?.status ?? null },
    });
    return managedOf(deps, cancelled, settled, now);
  });
  const result = await cancelling.catch(async (err: unknown) => {
    if (refunded) {
      // The money went back although the cancel did not happen (e.g. the desk changed the
      // visit meanwhile): the deposit says so, and the desk is told through the log.
      await deps.db
        .update(bookingDeposits)
        .set({ status: "refunded", settledAt: now, updatedAt: now })
        .where(and(eq(bookingDeposits.id, refunded.id), eq(bookingDeposits.status, "paid")));
      deps.logger.error(
        { reference: refunded.reference, appointmentId: id },
        "deposit refunded but the client's cancel failed: the desk should cancel the visit",
      );
    }
    throw err;
  });
  kickMessages(deps.db);
  return result;
}

/** The client's cancel met a deposit paid after it began (409): asked again, it refunds it. */
const PAID_MEANWHILE = "Your payment has just been received. Please cancel again to get it back.";
