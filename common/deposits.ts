/**
 * Booking holds and deposits (issue 32; storefront spec §9 "Booking fee: ₦20,000 to secure an
 * appointment. Policy: book 24 hours ahead; cancellations need 24 hours notice; free
 * consultation for first-time clients"): the availability answer of the booking form, the
 * refusals of a time that cannot be booked, the deposit's statuses and the clinic's defaults.
 * Client-safe (no zod at the top: the form loads it lazily). Money in kobo unless named naira.
 */
import { BOOKING_FEE } from "./catalog.ts";

/** Bookings from the public form start at least this many hours ahead (spec §9). */
export const BOOKING_NOTICE_HOURS = 24;
/** Cancelling or rescheduling at least this many hours ahead keeps the deposit (spec §9). */
export const CANCELLATION_NOTICE_HOURS = 24;

/** The clinic's deposit settings before a manager changes them (today's spec values). */
export const DEPOSIT_DEFAULTS = {
  /** ₦20,000 in kobo (spec §9 booking fee). */
  depositKobo: BOOKING_FEE * 100,
  /** An unpaid online booking holds its time this long (issue 32). */
  depositHoldMinutes: 15,
  /** Paying the fee at the clinic instead of online (off: the spec's fee secures the time). */
  payAtClinicAllowed: false,
  /** Services booked without a deposit (none: the spec's fee applies to every appointment). */
  depositFreeServiceIds: [] as number[],
} as const;

/** Statuses of a deposit (server/db/schema/deposits.ts says what each means). */
export const DEPOSIT_STATUSES = [
  "pending",
  "paid",
  "applied",
  "refunded",
  "forfeited",
  "expired",
  "at_clinic",
] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** Why a slot cannot be booked, in the order the rules are checked. */
export type SlotRefusal = "closed" | "past" | "notice" | "taken";

/**
 * The spec-style messages naming why a time cannot be booked: shown under a greyed slot and as
 * the 409 of a request for a time that became unavailable (issue 32; never 'Please try again').
 */
export const SLOT_MESSAGES: Record<SlotRefusal, string> = {
  closed: "We are closed on Sundays. Please choose a day from Monday to Saturday.",
  past: "That time has already passed. Please choose a later time.",
  notice: `Appointments must be booked at least ${BOOKING_NOTICE_HOURS} hours ahead. Please choose a later time.`,
  taken:
    "That time is no longer available: every therapist for this treatment is booked. Please choose another time.",
};

/** One of the 16 slots of a Lagos day for one service: free, or why not. */
export type SlotAvailability = {
  /** The spec's label, e.g. '10:00 AM'. */
  time: string;
  available: boolean;
  reason: SlotRefusal | null;
};

/** GET /api/bookings/availability: the 16 slots of `date` for `service`. */
export type AvailabilityAnswer = {
  service: string;
  date: string;
  slots: SlotAvailability[];
};

/** What a hold costs the client and how they may pay. */
export type DepositTerms = {
  /** Naira (the API speaks naira); 0 when nothing is due (first consultation, free service). */
  amount: number;
  /** Why nothing is due, for the form's text; null when a deposit is due. */
  freeReason: "first-consultation" | "service" | null;
  payAtClinicAllowed: boolean;
};

/** POST /api/bookings/hold's answer: the held (or booked) appointment and how to pay. */
export type HoldAnswer = {
  bookingId: number;
  appointmentId: number;
  /** ISO instant of the appointment. */
  startsAt: string;
  serviceName: string;
  /** 'pending' while held for payment; 'scheduled' when nothing is due. */
  status: string;
  /** ISO instant the hold ends unless paid; null when nothing is due. */
  heldUntil: string | null;
  deposit: {
    reference: string;
    amount: number;
    status: DepositStatus;
    mode: "paystack" | "test";
  } | null;
  payAtClinicAllowed: boolean;
  /** The signed manage-my-booking link (path and query). */
  manageUrl: string;
};

/**
 * The public state of a deposit and its appointment: the answer of the deposit's start, verify
 * and pay-at-clinic calls (POST /api/bookings/deposits/{reference}/…). Amount in naira.
 */
export type DepositState = {
  reference: string;
  amount: number;
  status: DepositStatus;
  mode: "paystack" | "test";
  accessCode: string | null;
  appointmentStatus: string | null;
  heldUntil: string | null;
  manageUrl: string | null;
};

/** The client's own view of their booking (the manage page). */
export type ManagedBooking = {
  appointmentId: number;
  /** The booking's service value (an id or 'consultation-{category}'), for the availability. */
  service: string | null;
  serviceName: string;
  startsAt: string;
  endsAt: string;
  status: string;
  customerName: string;
  heldUntil: string | null;
  deposit: { amount: number; status: DepositStatus } | null;
  /** Whether the client may still move or cancel it themselves, and the policy in words. */
  canChange: boolean;
  /** Cancelling now keeps the deposit (refund) or forfeits it. */
  cancelKeepsDeposit: boolean;
  policy: string;
  icsUrl: string;
};

export const MANAGE_TEXTS = {
  policy: `Cancellations and changes need ${CANCELLATION_NOTICE_HOURS} hours notice. Cancelled ${CANCELLATION_NOTICE_HOURS} hours or more ahead, your deposit is refunded or moves with your new time; later, or if you do not come, it is forfeited.`,
  badLink: "This link is not valid. Please use the link in your confirmation message.",
  tooLate: `Changes need ${CANCELLATION_NOTICE_HOURS} hours notice. Please call us to change this appointment.`,
  notActive: "This appointment is no longer active.",
  rescheduled: "Appointment rescheduled",
  cancelled: "Appointment cancelled",
  notPaid: "The booking fee has not been paid yet",
  payAtClinicRefused: "Paying at the clinic is not available for this treatment",
  holdExpired: "Your hold on this time has ended. Please choose a time again on the booking form.",
  paymentStarting:
    "Your payment is already being started in another window. Please wait a moment and try again.",
} as const;

/** Whether `start` is at least `hours` ahead of `now`. */
export function isAtLeastHoursAhead(start: Date, now: Date, hours: number): boolean {
  return start.getTime() - now.getTime() >= hours * 3_600_000;
}

/**
 * What each paid deposit credits against a sale's total (kobo; issue 32, decision 0296): in
 * the order given, each deposit up to what is still due, so the credit never exceeds the total
 * (the part of a deposit above it stays the client's, see the decision). Exact integer kobo.
 * @returns one credit per deposit (0: nothing left to cover).
 */
export function depositCredits(amountsKobo: readonly number[], totalKobo: number): number[] {
  let due = Math.max(0, totalKobo);
  return amountsKobo.map((amount) => {
    const credit = Math.min(amount, due);
    due -= credit;
    return credit;
  });
}
