/**
 * The consent gate (issue 31; decision 0266): no treatment starts without a current signed
 * consent for its service category. Checking in, completing and charging a treatment whose
 * category has a published consent form, for a client without a current signed one, is refused
 * with 409 and a finding the back office's alert prompt shows (app/lib/health-override.ts);
 * sent again with `healthOverrideReason`, a clinician (consent.override: therapist, manager)
 * goes ahead. The override is kept per appointment and category (later steps of the same visit
 * do not ask again) and audited ('consent.override').
 */
import { and, eq, inArray } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import { isConsultationName } from "#common/consultation.ts";
import type { Finding } from "#common/contraindications.ts";
import { FORM_MESSAGES } from "#common/forms.ts";
import { OVERRIDE_REASON_MAX, OVERRIDE_REASON_TOO_LONG } from "#common/override-reason.ts";
import { reachOf, refusalOf } from "#common/roles.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { services } from "#server/db/schema/catalog.ts";
import { consentOverrides } from "#server/db/schema/forms.ts";
import { HttpError } from "#server/http.ts";
import { auditName, recordAudit } from "#server/modules/audit/service.ts";
import { currentConsent } from "./consent-status.ts";
import { consentTemplateFor, ensureDefaultTemplates } from "./templates.ts";

/** Where the gate runs, for the override's record. */
export type GatePlace = "check-in" | "complete" | "sale";

/** One treatment the gate looks at: its service, and the appointment it belongs to if any. */
export type GateItem = { serviceId: number | null; appointmentId: number | null };

/** A treatment without a current signed consent. */
export type MissingConsent = {
  serviceName: string;
  category: string;
  appointmentId: number | null;
};

/**
 * The treatments among `items` that need a consent client `clientId` (null: unknown person)
 * has not signed, leaving out those a clinician already let through for their appointment.
 */
export async function missingConsents(
  tx: Db | Tx,
  clientId: number | null,
  items: readonly GateItem[],
  now: Date = new Date(),
): Promise<MissingConsent[]> {
  const ids = [...new Set(items.flatMap((i) => (i.serviceId === null ? [] : [i.serviceId])))];
  if (ids.length === 0) return [];
  await ensureDefaultTemplates(tx);
  const rows = await tx
    .select({ id: services.id, name: services.name, category: services.category })
    .from(services)
    .where(inArray(services.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing: MissingConsent[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const s = item.serviceId === null ? undefined : byId.get(item.serviceId);
    // A consultation is where consent is discussed: it never needs one (decision 0265).
    if (!s || isConsultationName(s.name)) continue;
    const key = `${item.appointmentId}:${s.category}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (!(await consentTemplateFor(tx, s.category))) continue;
    if (clientId !== null && (await currentConsent(tx, clientId, s.category, now))) continue;
    if (item.appointmentId !== null) {
      const [done] = await tx
        .select({ id: consentOverrides.id })
        .from(consentOverrides)
        .where(
          and(
            eq(consentOverrides.appointmentId, item.appointmentId),
            eq(consentOverrides.category, s.category),
          ),
        );
      if (done) continue;
    }
    missing.push({ serviceName: s.name, category: s.category, appointmentId: item.appointmentId });
  }
  return missing;
}

/** The findings the back office's alert prompt shows for `missing`. */
export function consentFindings(missing: readonly MissingConsent[]): Finding[] {
  return missing.map((m) => ({
    ruleId: "consent.missing",
    level: "warn" as const,
    item: m.serviceName,
    message: `${m.serviceName}: no current signed consent. Send the forms or hand the client the tablet; a clinician may go ahead with a reason.`,
  }));
}

/**
 * Runs the gate in the caller's transaction `tx` (check-in, completion, the till's sale).
 * @throws HttpError 409 FORM_MESSAGES.consentMissing with `findings` and
 *   `fields.healthOverrideReason` when a consent is missing and no reason was given; 403 a
 *   reason from a role without consent.override; 400 a reason over OVERRIDE_REASON_MAX.
 */
export async function enforceConsentGate(
  tx: Db | Tx,
  admin: AdminIdentity,
  check: {
    clientId: number | null;
    items: readonly GateItem[];
    overrideReason?: string | null;
    place: GatePlace;
    now?: Date;
  },
): Promise<void> {
  const missing = await missingConsents(tx, check.clientId, check.items, check.now);
  if (missing.length === 0) return;
  const reason = check.overrideReason?.trim() ?? "";
  const findings = consentFindings(missing);
  if (!reason) {
    throw new HttpError(
      409,
      FORM_MESSAGES.consentMissing,
      { healthOverrideReason: FORM_MESSAGES.overrideReason },
      { findings },
    );
  }
  if (reason.length > OVERRIDE_REASON_MAX) {
    throw new HttpError(400, OVERRIDE_REASON_TOO_LONG, {
      healthOverrideReason: OVERRIDE_REASON_TOO_LONG,
    });
  }
  if (reachOf(admin.role, "consent.override") !== "all") {
    throw new HttpError(403, refusalOf("consent.override"), undefined, { findings });
  }
  const rows = missing.flatMap((m) =>
    m.appointmentId === null
      ? []
      : [
          {
            appointmentId: m.appointmentId,
            category: m.category,
            reason,
            place: check.place,
            overriddenBy: auditName(admin),
          },
        ],
  );
  if (rows.length) await tx.insert(consentOverrides).values(rows).onConflictDoNothing();
  await recordAudit(tx, admin, {
    action: "consent.override",
    entity: "client",
    entityId: check.clientId,
    details: {
      place: check.place,
      treatments: missing.map((m) => ({
        service: m.serviceName,
        category: m.category,
        appointmentId: m.appointmentId,
      })),
      reason,
    },
  });
}
