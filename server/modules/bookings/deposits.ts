/**
 * Online booking with a hold and a naira deposit (issue 32; storefront spec §9 "Booking fee …
 * to secure an appointment. Policy: book 24 hours ahead; cancellations need 24 hours notice;
 * free consultation for first-time clients"; docs/decisions/0261, 0262):
 *
 * - `availability`: the 16 slots of a Lagos day for a service (calendar/availability.ts).
 * - `createHold`: the booking request, a tentative appointment held `holdMinutes` for the first
 *   free therapist and the deposit to pay, in one transaction (the calendar's locks and the
 *   exclusion constraints make one winner per slot).
 * - Payment (deposit-payment.ts): `startDepositPayment`, `verifyDeposit`,
 *   `confirmDepositFromWebhook`, `recordDepositTestPayment`, all ending in `confirmDeposit`;
 *   `payAtClinic`; `releaseExpiredHolds`, the scheduler's release of unpaid holds.
 * - Manage my booking (deposit-manage.ts): a signed link (`manageLink`, `verifyManageLink`
 *   here) to see, reschedule or cancel within the policy; refunds ≥ 24 h ahead, forfeits later.
 *
 * These files write booking_deposits with deposit-settle.ts (forfeit, and the credit at the
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
  type DepositStatus,
  type HoldAnswer,
  MANAGE_TEXTS,
  SLOT_MESSAGES,
} from "#common/deposits.ts";
import { koboToNaira, nairaToKobo } from "#common/money.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { services } from "#server/db/schema/catalog.ts";
import { bookingDeposits } from "#server/db/schema/deposits.ts";
import { HttpError } from "#server/http.ts";
import { dayAvailability, timeRefusal } from "#server/modules/calendar/availability.ts";
import {
  insertOnlineAppointment,
  type OnlineAppointment,
  setOnlineAppointmentStatus,
} from "#server/modules/calendar/online-bookings.ts";
import { ensureClient } from "#server/modules/clients/service.ts";
import { refuseForPublic } from "#server/modules/health/check.ts";
import { enqueueMessage } from "#server/modules/messages/service.ts";
import { bookingReceivedMessages } from "#server/modules/messages/templates.ts";
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

/** What the deposit routines need. `origin` and `secret` make the signed manage links. */
export type DepositDeps = {
  db: Db;
  provider: CheckoutProvider;
  logger: Logger;
  secret: string;
  origin: string;
};

export type DepositRow = typeof bookingDeposits.$inferSelect;

/** The path of the signed manage-my-booking page of appointment `id`. */
export function managePath(secret: string, id: number): string {
  return `/booking/manage?a=${id}&sig=${signValue(secret, MANAGE_PURPOSE, String(id))}`;
}

/** The full URL of the signed manage-my-booking page, as the client's messages carry it. */
export function manageLink(deps: Pick<DepositDeps, "secret" | "origin">, id: number): string {
  return `${deps.origin}${managePath(deps.secret, id)}`;
}

/** The appointment id of a signed manage link. @throws HttpError 404 for a bad signature. */
export function verifyManageLink(secret: string, id: number, sig: string): number {
  if (!verifySignedValue(secret, MANAGE_PURPOSE, String(id), sig)) {
    throw new HttpError(404, MANAGE_TEXTS.badLink);
  }
  return id;
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
export function publicInstant(text: string, now: Date): Date {
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
