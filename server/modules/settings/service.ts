/**
 * The clinic's settings (issue 28; docs/decisions/0241): one row, read by the writes that act on
 * them (completing a visit reads `reviewRequestOnComplete` in its own transaction) and changed by
 * a manager from the Reviews screen (the review request) and the Bookings screen (the booking
 * deposit, issue 32). This module is the `clinic_settings` table's only writer.
 */
import { eq, inArray } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import { koboToNaira, nairaToKobo } from "#common/money.ts";
import {
  type ClinicSettings,
  type ClinicSettingsPatch,
  DEFAULT_CLINIC_SETTINGS,
  SETTINGS_TEXTS,
} from "#common/settings.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { services } from "#server/db/schema/catalog.ts";
import { clinicSettings } from "#server/db/schema/settings.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";

const ROW_ID = 1;

/**
 * The clinic's settings (naira on the API); the defaults (review request off, the spec's
 * ₦20,000 deposit held 15 minutes, no pay-at-clinic; issue 32) before a manager changes one.
 */
export async function readClinicSettings(db: Db | Tx): Promise<ClinicSettings> {
  const [row] = await db
    .select({
      reviewRequestOnComplete: clinicSettings.reviewRequestOnComplete,
      depositKobo: clinicSettings.depositKobo,
      depositHoldMinutes: clinicSettings.depositHoldMinutes,
      payAtClinicAllowed: clinicSettings.payAtClinicAllowed,
      depositFreeServiceIds: clinicSettings.depositFreeServiceIds,
    })
    .from(clinicSettings)
    .where(eq(clinicSettings.id, ROW_ID));
  if (!row) return { ...DEFAULT_CLINIC_SETTINGS, depositFreeServiceIds: [] };
  const { depositKobo, ...rest } = row;
  return { ...rest, deposit: koboToNaira(depositKobo) };
}

/** The deposit rules of issue 32 as the booking module applies them (kobo, minutes). */
export type DepositSettings = {
  depositKobo: number;
  holdMinutes: number;
  payAtClinicAllowed: boolean;
  freeServiceIds: readonly number[];
};

/** The deposit settings, read in the caller's transaction when it has one. */
export async function readDepositSettings(db: Db | Tx): Promise<DepositSettings> {
  const s = await readClinicSettings(db);
  return {
    depositKobo: nairaToKobo(s.deposit),
    holdMinutes: s.depositHoldMinutes,
    payAtClinicAllowed: s.payAtClinicAllowed,
    freeServiceIds: s.depositFreeServiceIds,
  };
}

/**
 * PATCH /api/admin/settings (a manager's, `settings.manage`): changes the settings `patch` names,
 * audited as `settings.update` with the values before and after, in one transaction. The
 * services booked without a deposit must be in the catalogue (kept once each, by id).
 * @returns the settings now.
 * @throws HttpError 400 an unknown service among `depositFreeServiceIds`.
 */
export async function updateClinicSettings(
  db: Db,
  admin: AdminIdentity,
  patch: ClinicSettingsPatch,
): Promise<ClinicSettings> {
  const checked = { ...patch };
  if (patch.depositFreeServiceIds) {
    const ids = [...new Set(patch.depositFreeServiceIds)].sort((a, b) => a - b);
    const found = ids.length
      ? await db.select({ id: services.id }).from(services).where(inArray(services.id, ids))
      : [];
    if (found.length !== ids.length) {
      throw new HttpError(400, SETTINGS_TEXTS.unknownService, {
        depositFreeServiceIds: SETTINGS_TEXTS.unknownService,
      });
    }
    checked.depositFreeServiceIds = ids;
  }
  return db.transaction(async (tx) => {
    const before = await readClinicSettings(tx);
    const after: ClinicSettings = { ...before, ...definedOf(checked) };
    const { deposit, ...stored } = after;
    const values = { ...stored, depositKobo: nairaToKobo(deposit) };
    await tx
      .insert(clinicSettings)
      .values({ id: ROW_ID, ...values })
      .onConflictDoUpdate({ target: clinicSettings.id, set: { ...values, updatedAt: new Date() } });
    await recordAudit(tx, admin, {
      action: "settings.update",
      entity: "settings",
      entityId: ROW_ID,
      details: { before, after },
    });
    return after;
  });
}

function definedOf(patch: ClinicSettingsPatch): Partial<ClinicSettings> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
}
