/**
 * The clinic's settings (issue 28; docs/decisions/0241): what GET/PATCH /api/admin/settings
 * answer and take, and their labels on the Reviews screen. A manager's (`settings.manage`).
 */
import { z } from "zod";

export type ClinicSettings = {
  /** Completing a visit queues its booking's review request by itself (default off). */
  reviewRequestOnComplete: boolean;
};

export const DEFAULT_CLINIC_SETTINGS: ClinicSettings = { reviewRequestOnComplete: false };

/** Labels and messages of the settings. */
export const SETTINGS_TEXTS = {
  reviewRequestOnComplete: "Send the review request when a visit is completed",
  reviewRequestOnCompleteHint:
    "When a visit from a booking request is marked complete or checked out, its client is sent the same message as Request Review, once; opt-outs and quiet hours apply.",
  saved: "Settings saved",
  saveFailed: "Failed to save settings",
  nothing: "Nothing to update",
} as const;

/** PATCH /api/admin/settings: any of the settings. */
export const clinicSettingsPatchSchema = z
  .object({
    reviewRequestOnComplete: z.boolean({
      error: "reviewRequestOnComplete must be true or false",
    }),
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), SETTINGS_TEXTS.nothing);
export type ClinicSettingsPatch = z.output<typeof clinicSettingsPatchSchema>;
