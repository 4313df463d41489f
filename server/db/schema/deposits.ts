/**
 * Booking deposits (issue 32; storefront spec §9 "Booking fee: ₦20,000 to secure an
 * appointment"): one row per online booking whose fee is due, tied to its appointment. Written
 * only by server/modules/bookings/deposits.ts (the hold), deposit-payment.ts, deposit-manage.ts
 * and deposit-settle.ts (forfeit, credit at the till). Money is integer kobo.
 *
 * Status: 'pending' (held, unpaid) → 'paid' (Paystack or the test provider confirmed it) →
 * 'applied' (credited to the visit's sale at the till; 'paid' again when that sale is voided,
 * decision 0296) | 'refunded' (cancelled ≥ 24 h ahead) |
 * 'forfeited' (late cancel or no-show); 'expired' when the hold ran out unpaid; 'at_clinic' when
 * the client chose to pay at the clinic (nothing was taken online).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { DEPOSIT_STATUSES } from "#common/deposits.ts";
import { bookings } from "./bookings.ts";
import { appointments } from "./calendar.ts";
import { createdAt, kobo, oneOf, updatedAt } from "./columns.ts";
import { sales } from "./sales.ts";

export const bookingDeposits = pgTable(
  "booking_deposits",
  {
    id: serial("id").primaryKey(),
    /** The appointment it secures; one deposit per appointment, kept when it is rescheduled. */
    appointmentId: integer("appointment_id")
      .unique()
      .references(() => appointments.id, { onDelete: "set null" }),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    customerEmail: text("customer_email").notNull(),
    amountKobo: kobo("amount_kobo").notNull(),
    /** The Paystack (or test) reference, 'GHD-…'; unique, so one payment confirms one deposit. */
    reference: text("reference").notNull().unique(),
    status: text("status").notNull().default("pending"),
    /** 'paystack' | 'test': which provider the reference was started with. */
    mode: text("mode").notNull(),
    /** Paystack's access code once initialised (a retried start resumes the same transaction). */
    accessCode: text("access_code"),
    /** How the client paid (Paystack's channel: card, bank_transfer, ussd; 'test'). */
    channel: text("channel"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The sale it was credited to at the till. */
    appliedSaleId: integer("applied_sale_id").references(() => sales.id, {
      onDelete: "set null",
    }),
    /**
     * The kobo credited to that sale: the whole amount, or the sale's total when that was less
     * (the rest is the client's, returned by the desk; decision 0296). Null unless applied.
     */
    appliedKobo: kobo("applied_kobo"),
    /** When it left 'paid' (applied, refunded, forfeited) or the hold expired. */
    settledAt: timestamp("settled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("booking_deposits_status_idx").on(t.status),
    index("booking_deposits_paid_at_idx").on(t.paidAt),
    index("booking_deposits_settled_at_idx").on(t.settledAt),
    check("booking_deposits_status_valid", oneOf(t.status, DEPOSIT_STATUSES)),
    check("booking_deposits_amount_positive", sql`${t.amountKobo} > 0`),
    check(
      "booking_deposits_applied_within_amount",
      sql`${t.appliedKobo} IS NULL OR (${t.appliedKobo} > 0 AND ${t.appliedKobo} <= ${t.amountKobo})`,
    ),
  ],
);
