/**
 * The clinic's settings a manager changes from the back office (issue 28: "completing a visit can
 * queue the review request by itself (a setting)"; docs/decisions/0241). One row, id 1, created
 * with its defaults on the first read or change.
 */
import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable } from "drizzle-orm/pg-core";
import { DEPOSIT_DEFAULTS } from "#common/deposits.ts";
import { kobo, updatedAt } from "./columns.ts";

export const clinicSettings = pgTable(
  "clinic_settings",
  {
    /** Always 1: the clinic has one set of settings. */
    id: integer("id").primaryKey().default(1),
    /** Completing a visit queues its booking's review request (default off). */
    reviewRequestOnComplete: boolean("review_request_on_complete").notNull().default(false),
    /** The booking deposit in kobo (issue 32; spec §9: ₦20,000). */
    depositKobo: kobo("deposit_kobo").notNull().default(DEPOSIT_DEFAULTS.depositKobo),
    /** How long an unpaid online booking holds its time, in minutes. */
    depositHoldMinutes: integer("deposit_hold_minutes")
      .notNull()
      .default(DEPOSIT_DEFAULTS.depositHoldMinutes),
    /** Whether a client may choose to pay the fee at the clinic instead of online. */
    payAtClinicAllowed: boolean("pay_at_clinic_allowed")
      .notNull()
      .default(DEPOSIT_DEFAULTS.payAtClinicAllowed),
    /** Catalogue services booked without a deposit (every other service needs one). */
    depositFreeServiceIds: jsonb("deposit_free_service_ids")
      .$type<number[]>()
      .notNull()
      .default([]),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("clinic_settings_one_row", sql`${t.id} = 1`),
    check("clinic_settings_deposit_nonnegative", sql`${t.depositKobo} >= 0`),
    check("clinic_settings_hold_minutes_range", sql`${t.depositHoldMinutes} BETWEEN 5 AND 120`),
  ],
);
