/**
 * The clinic's settings (issue 28; docs/decisions/0241): what GET/PATCH /api/admin/settings
 * answer and take, and their labels on the Reviews screen. A manager's (`settings.manage`).
 */
import { z } from "zod";
import { DEPOSIT_DEFAULTS } from "./deposits.ts";
import { hasAtMostTwoDecimals, MAX_NAIRA } from "./money.ts";

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
  deposit: "Enter a deposit from ₦0, in naira with at most 2 decimals",
  holdMinutes: "Enter a hold of 5 to 120 minutes",
  freeServices: "depositFreeServiceIds must be a list of service ids",
  unknownService: "Unknown service",
  depositHeading: "Booking deposit",
  depositIntro:
    "The fee a client pays online to hold an appointment booked on the website. It is credited to the visit's sale at the till, refunded when cancelled 24 hours or more ahead, and forfeited on a late cancel or no-show. A first-time client's consultation is always free.",
  depositLabel: "Deposit (₦)",
  depositHint: "0 takes no deposit for any service.",
  holdLabel: "Hold an unpaid booking for (minutes)",
  holdHint: "From 5 to 120 minutes; the time is released when unpaid by then.",
  payAtClinicLabel: "Clients may choose to pay at the clinic",
  servicesLabel: "Services that need a deposit",
  freeServicesLabel: "Services booked without a deposit",
  saveDeposit: "Save deposit settings",
} as const;

/** PATCH /api/admin/settings: any of the settings. */
export const clinicSettingsPatchSchema = z
  .object({
    reviewRequestOnComplete: z.boolean({
      error: "reviewRequestOnComplete must be true or false",
    }),
    /** Naira (at most 2 decimals: exact kobo), converted to kobo by the server; 0 takes none. */
    deposit: z
      .number({ error: SETTINGS_TEXTS.deposit })
      .finite(SETTINGS_TEXTS.deposit)
      .min(0, SETTINGS_TEXTS.deposit)
      .max(MAX_NAIRA, SETTINGS_TEXTS.deposit)
      .refine(hasAtMostTwoDecimals, SETTINGS_TEXTS.deposit),
    depositHoldMinutes: z
      .number({ error: SETTINGS_TEXTS.holdMinutes })
      .int(SETTINGS_TEXTS.holdMinutes)
      .min(5, SETTINGS_TEXTS.holdMinutes)
      .max(120, SETTINGS_TEXTS.holdMinutes),
    payAtClinicAllowed: z.boolean({ error: "payAtClinicAllowed must be true or false" }),
    depositFreeServiceIds: z
      .array(
        z
          .number({ error: SETTINGS_TEXTS.freeServices })
          .int(SETTINGS_TEXTS.freeServices)
          .positive(SETTINGS_TEXTS.freeServices)
          .max(2147483647, SETTINGS_TEXTS.freeServices),
        { error: SETTINGS_TEXTS.freeServices },
      )
      .max(1000, SETTINGS_TEXTS.freeServices),
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), SETTINGS_TEXTS.nothing);
export type ClinicSettingsPatch = z.output<typeof clinicSettingsPatchSchema>;

/**
 * The deposit settings form of the Bookings screen (issue 32): the deposit as typed (naira
 * text), the hold minutes, pay at the clinic, and the catalogue services that need a deposit;
 * it becomes the PATCH's deposit fields (`depositPatchOf`) and is checked by the same schema.
 */
export const depositSettingsFormSchema = z.object({
  deposit: z
    .string()
    .trim()
    .min(1, SETTINGS_TEXTS.deposit)
    .refine((v) => /^\d+(\.\d{1,2})?$/.test(v.replace(/[₦,\s]/g, "")), SETTINGS_TEXTS.deposit),
  depositHoldMinutes: z
    .string()
    .trim()
    .refine(
      (v) => /^\d{1,3}$/.test(v) && Number(v) >= 5 && Number(v) <= 120,
      SETTINGS_TEXTS.holdMinutes,
    ),
  payAtClinicAllowed: z.boolean(),
  /** The services ticked as needing a deposit (catalogue ids). */
  needsDeposit: z.array(z.number().int().positive()),
});
export type DepositSettingsForm = z.infer<typeof depositSettingsFormSchema>;

/**
 * The PATCH body of a valid deposit form: naira and minutes as numbers, and the services NOT
 * ticked among `serviceIds` (the catalogue shown) as the ones booked without a deposit.
 */
export function depositPatchOf(
  form: DepositSettingsForm,
  serviceIds: readonly number[],
): Pick<
  ClinicSettings,
  "deposit" | "depositHoldMinutes" | "payAtClinicAllowed" | "depositFreeServiceIds"
> {
  const ticked = new Set(form.needsDeposit);
  return {
    deposit: Number(form.deposit.replace(/[₦,\s]/g, "")),
    depositHoldMinutes: Number(form.depositHoldMinutes),
    payAtClinicAllowed: form.payAtClinicAllowed,
    depositFreeServiceIds: serviceIds.filter((id) => !ticked.has(id)),
  };
}
