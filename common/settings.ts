/**
 * The clinic's settings (issue 28; docs/decisions/0241): what GET/PATCH /api/admin/settings
 * answer and take, and their labels on the Reviews screen. A manager's (`settings.manage`).
 */
import { z } from "zod";
import { DEPOSIT_DEFAULTS } from "./deposits.ts";
import { MAX_NAIRA } from "./money.ts";

export type ClinicSettings = {
  /** Completing a visit queues its booking's review request by itself (default off). */
  reviewRequestOnComplete: boolean;
  /** The booking deposit in naira (stored in kobo; issue 32); 0 takes none. */
  deposit: number;
  /** Minutes an unpaid online booking holds its time. */
  depositHoldMinutes: number;
  /** Whether the client may pay the fee at the clinic instead. */
  payAtClinicAllowed: boolean;
  /** Catalogue services booked without a deposit. */
  depositFreeServiceIds: number[];
};

export const DEFAULT_CLINIC_SETTINGS: ClinicSettings = {
  reviewRequestOnComplete: false,
  deposit: DEPOSIT_DEFAULTS.depositKobo / 100,
  depositHoldMinutes: DEPOSIT_DEFAULTS.depositHoldMinutes,
  payAtClinicAllowed: DEPOSIT_DEFAULTS.payAtClinicAllowed,
  depositFreeServiceIds: [],
};

/** Labels and messages of the settings. */
export const SETTINGS_TEXTS = {
  reviewRequestOnComplete: "Send the review request when a visit is completed",
  reviewRequestOnCompleteHint:
    "When a visit from a booking request is marked complete or checked out, its client is sent the same message as Request Review, once; opt-outs and quiet hours apply.",
  saved: "Settings saved",
  saveFailed: "Failed to save settings",
  nothing: "Nothing to update",
  deposit: "Enter a deposit from ₦0",
  holdMinutes: "Enter a hold of 5 to 120 minutes",
  depositHeading: "Booking deposit",
  depositLabel: "Deposit (₦)",
  holdLabel: "Hold an unpaid booking for (minutes)",
  payAtClinicLabel: "Clients may choose to pay at the clinic",
  freeServicesLabel: "Services booked without a deposit",
} as const;

/** PATCH /api/admin/settings: any of the settings. */
export const clinicSettingsPatchSchema = z
  .object({
    reviewRequestOnComplete: z.boolean({
      error: "reviewRequestOnComplete must be true or false",
    }),
    /** Naira, converted to kobo by the server; 0 takes no deposit. */
    deposit: z
      .number({ error: SETTINGS_TEXTS.deposit })
      .min(0, SETTINGS_TEXTS.deposit)
      .max(MAX_NAIRA, SETTINGS_TEXTS.deposit),
    depositHoldMinutes: z
      .number({ error: SETTINGS_TEXTS.holdMinutes })
      .int(SETTINGS_TEXTS.holdMinutes)
      .min(5, SETTINGS_TEXTS.holdMinutes)
      .max(120, SETTINGS_TEXTS.holdMinutes),
    payAtClinicAllowed: z.boolean({ error: "payAtClinicAllowed must be true or false" }),
    depositFreeServiceIds: z
      .array(z.number().int().positive().max(2147483647), {
        error: "depositFreeServiceIds must be a list of service ids",
      })
      .max(1000),
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), SETTINGS_TEXTS.nothing);
export type ClinicSettingsPatch = z.output<typeof clinicSettingsPatchSchema>;
