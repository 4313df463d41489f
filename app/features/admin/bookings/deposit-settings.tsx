/**
 * The booking deposit's settings on the Bookings screen, for a manager (issue 32 "the back
 * office's settings: which services need a deposit, its amount, hold minutes, whether
 * pay-at-clinic is allowed"; capability settings.manage): the deposit in naira (kobo stored),
 * the minutes an unpaid booking holds its time, pay at the clinic, and the catalogue's
 * services that need a deposit, saved by PATCH /api/admin/settings (audited there). Closed by
 * default under a summary of what is set, so the bookings stay first.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { TextField } from "#app/features/admin/kit/fields.tsx";
import { useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import { formatNaira } from "#common/money.ts";
import {
  type ClinicSettings,
  type DepositSettingsForm,
  depositPatchOf,
  depositSettingsFormSchema,
  SETTINGS_TEXTS,
} from "#common/settings.ts";

/** A catalogue service the deposit may apply to. */
export type DepositService = { id: number; name: string; category: string };

const FIELD_OF: Record<string, keyof DepositSettingsForm> = {
  deposit: "deposit",
  depositHoldMinutes: "depositHoldMinutes",
  payAtClinicAllowed: "payAtClinicAllowed",
  depositFreeServiceIds: "needsDeposit",
};

function formOf(settings: ClinicSettings, services: readonly DepositService[]) {
  const free = new Set(settings.depositFreeServiceIds);
  return {
    deposit: String(settings.deposit),
    depositHoldMinutes: String(settings.depositHoldMinutes),
    payAtClinicAllowed: settings.payAtClinicAllowed,
    needsDeposit: services.filter((s) => !free.has(s.id)).map((s) => s.id),
  };
}

/** One line saying what is set, for the closed section. */
function summaryOf(settings: ClinicSettings, services: readonly DepositService[]): string {
  if (settings.deposit === 0) return "No deposit is taken";
  const free = services.filter((s) => settings.depositFreeServiceIds.includes(s.id)).length;
  return [
    formatNaira(settings.deposit),
    `held ${settings.depositHoldMinutes} min`,
    settings.payAtClinicAllowed ? "pay at the clinic allowed" : "paid online",
    `${services.length - free} of ${services.length} services`,
  ].join(" · ");
}

export function DepositSettings({
  settings,
  services,
}: {
  settings: ClinicSettings;
  services: readonly DepositService[];
}) {
  const form = useForm<DepositSettingsForm>({
    resolver: zodResolver(depositSettingsFormSchema),
    values: formOf(settings, services),
  });
  const { register, handleSubmit, formState, watch, setValue } = form;
  const ticked = new Set(watch("needsDeposit"));
  const save = useAdminMutation<ClinicSettings, DepositSettingsForm>({
    success: { title: SETTINGS_TEXTS.saved },
    failure: SETTINGS_TEXTS.saveFailed,
    form,
    fieldFor: (field) => FIELD_OF[field.split(".")[0] ?? ""] ?? null,
  });
  const byCategory = useMemo(() => {
    const groups = new Map<string, DepositService[]>();
    for (const s of services) groups.set(s.category, [...(groups.get(s.category) ?? []), s]);
    return [...groups];
  }, [services]);
  const setTicked = (ids: number[]) =>
    setValue("needsDeposit", ids, { shouldDirty: true, shouldValidate: false });
  const ids = services.map((s) => s.id);

  return (
    <details className="mb-4 rounded-lg border border-gray-200 bg-white shadow-sm">
      <summary className="cursor-pointer px-4 py-3 text-sm">
        <span className="font-semibold text-ink">{SETTINGS_TEXTS.depositHeading}</span>
        <span className="ml-2 text-gray-700">{summaryOf(settings, services)}</span>
      </summary>
      <form
        aria-label={SETTINGS_TEXTS.depositHeading}
        className="space-y-4 border-t border-gray-200 p-4"
        noValidate
        onSubmit={handleSubmit((values) =>
          save.run(() =>
            apiRequest<ClinicSettings>("PATCH", "/api/admin/settings", depositPatchOf(values, ids)),
          ),
        )}
      >
        <p className="text-sm text-gray-700">{SETTINGS_TEXTS.depositIntro}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={SETTINGS_TEXTS.depositLabel}
            inputMode="decimal"
            autoComplete="off"
            hint={SETTINGS_TEXTS.depositHint}
            error={formState.errors.deposit?.message}
            {...register("deposit")}
          />
          <TextField
            label={SETTINGS_TEXTS.holdLabel}
            inputMode="numeric"
            autoComplete="off"
            hint={SETTINGS_TEXTS.holdHint}
            error={formState.errors.depositHoldMinutes?.message}
            {...register("depositHoldMinutes")}
          />
        </div>
        <label className="flex items-center gap-3 text-sm font-medium text-ink">
          <input type="checkbox" className="h-4 w-4" {...register("payAtClinicAllowed")} />
          {SETTINGS_TEXTS.payAtClinicLabel}
        </label>
        <fieldset>
          <legend className="text-sm font-medium text-gray-800">
            {SETTINGS_TEXTS.servicesLabel} ({ticked.size} of {services.length})
          </legend>
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" className={adminButton.outline} onClick={() => setTicked(ids)}>
              All services
            </button>
            <button type="button" className={adminButton.outline} onClick={() => setTicked([])}>
              None
            </button>
          </div>
          <div className="mt-2 max-h-72 overflow-y-auto rounded-md border border-gray-200 p-3">
            {byCategory.map(([category, list]) => (
              <div key={category} className="mb-3 last:mb-0">
                <p className="text-xs font-semibold uppercase tracking-wide text-gray-600">
                  {category}
                </p>
                <ul className="mt-1 grid gap-1 sm:grid-cols-2">
                  {list.map((s) => (
                    <li key={s.id}>
                      <label className="flex items-start gap-2 text-sm text-ink">
                        <input
                          type="checkbox"
                          className="mt-0.5 h-4 w-4"
                          checked={ticked.has(s.id)}
                          onChange={(e) =>
                            setTicked(
                              e.target.checked
                                ? [...ticked, s.id]
                                : [...ticked].filter((id) => id !== s.id),
                            )
                          }
                        />
                        <span className="min-w-0 break-words">{s.name}</span>
                      </label>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
          {formState.errors.needsDeposit?.message && (
            <p className="mt-1 text-sm text-red-700">{formState.errors.needsDeposit.message}</p>
          )}
        </fieldset>
        <div className="flex justify-end">
          <button type="submit" className={adminButton.primary} disabled={save.pending}>
            {save.pending ? "Saving…" : SETTINGS_TEXTS.saveDeposit}
          </button>
        </div>
      </form>
    </details>
  );
}
