/**
 * What staff see of a client's forms (issue 31). The status of an appointment's forms (signed
 * or missing, and a clinician's override) goes to whoever may see the appointment: it says
 * nothing of the answers. The signed forms themselves (answers, signature, network facts) and
 * the proposed health changes go only to clinical roles (health.read: manager; therapist for
 * their own clients), and every such read is written to the audit log without its content.
 */
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import { findServiceCategory } from "#common/catalog.ts";
import { CLIENT_MESSAGES } from "#common/clients.ts";
import { isConsultationName } from "#common/consultation.ts";
import {
  type AppointmentFormStatus,
  type AppointmentForms,
  type ClientForms,
  FORM_MESSAGES,
  type FormKind,
  type SignedFormDetail,
} from "#common/forms.ts";
import { refusalOf } from "#common/roles.ts";
import type { Db } from "#server/db/client.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { services } from "#server/db/schema/catalog.ts";
import { clients } from "#server/db/schema/clients.ts";
import {
  consentOverrides,
  formRequests,
  formTemplates,
  formTemplateVersions,
  signedForms,
} from "#server/db/schema/forms.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { authorize } from "#server/modules/auth/roles.ts";
import { authorizeClient } from "#server/modules/clients/scope.ts";
import { mayOnClient } from "#server/modules/health/service.ts";
import { consentCutoff, currentConsent } from "./consent-status.ts";
import { pendingProposals } from "./proposals.ts";
import {
  consentTemplateFor,
  ensureDefaultTemplates,
  intakeTemplateId,
  sha256Hex,
} from "./templates.ts";

/**
 * The forms of appointment `id` for anyone who may see the appointment (therapists: their own).
 * @throws HttpError 404 unknown appointment; 403 another therapist's appointment.
 */
export async function appointmentForms(
  db: Db,
  viewer: AdminIdentity,
  id: number,
  now: Date = new Date(),
): Promise<AppointmentForms> {
  const [a] = await db
    .select({
      id: appointments.id,
      staffId: appointments.staffId,
      clientId: appointments.clientId,
      category: services.category,
      serviceName: appointments.serviceName,
    })
    .from(appointments)
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .where(eq(appointments.id, id));
  if (!a) throw new HttpError(404, "Appointment not found");
  authorize(viewer, "calendar.viewAll", a.staffId);
  await ensureDefaultTemplates(db);
  const forms: AppointmentFormStatus[] = [];
  const intakeId = await intakeTemplateId(db);
  if (intakeId !== null) {
    const [intake] =
      a.clientId === null
        ? []
        : await db
            .select({
              id: signedForms.id,
              signedAt: signedForms.signedAt,
              version: formTemplateVersions.version,
            })
            .from(signedForms)
            .innerJoin(formTemplateVersions, eq(formTemplateVersions.id, signedForms.versionId))
            .where(
              and(
                eq(signedForms.clientId, a.clientId),
                eq(signedForms.kind, "intake"),
                isNull(signedForms.withdrawnAt),
                gt(signedForms.signedAt, consentCutoff(now)),
              ),
            )
            .orderBy(desc(signedForms.signedAt))
            .limit(1);
    forms.push({
      kind: "intake",
      category: null,
      label: "Medical history and intake",
      signed: Boolean(intake),
      signedFormId: intake?.id ?? null,
      signedAt: intake?.signedAt.toISOString() ?? null,
      version: intake?.version ?? null,
      photographyConsent: null,
    });
  }
  let override: AppointmentForms["override"] = null;
  // A consultation needs no consent (forms/gate.ts): none is listed for it.
  if (
    a.category &&
    !isConsultationName(a.serviceName) &&
    (await consentTemplateFor(db, a.category))
  ) {
    const consent =
      a.clientId === null ? null : await currentConsent(db, a.clientId, a.category, now);
    forms.push({
      kind: "consent",
      category: a.category,
      label: `${findServiceCategory(a.category)?.name ?? a.category} consent`,
      signed: consent !== null,
      signedFormId: consent?.signedFormId ?? null,
      signedAt: consent?.signedAt.toISOString() ?? null,
      version: consent?.version ?? null,
      photographyConsent: consent?.photographyConsent ?? null,
    });
    const [o] = await db
      .select()
      .from(consentOverrides)
      .where(
        and(eq(consentOverrides.appointmentId, id), eq(consentOverrides.category, a.category)),
      );
    if (o)
      override = {
        reason: o.reason,
        by: o.overriddenBy,
        at: o.createdAt.toISOString(),
        place: o.place,
      };
  }
  const [pending] = await db
    .select({
      id: formRequests.id,
      expiresAt: formRequests.expiresAt,
      remindedAt: formRequests.remindedAt,
    })
    .from(formRequests)
    .where(
      and(
        eq(formRequests.appointmentId, id),
        eq(formRequests.status, "pending"),
        gt(formRequests.expiresAt, now),
      ),
    )
    .orderBy(desc(formRequests.id))
    .limit(1);
  const canRead = a.clientId !== null && (await mayOnClient(db, viewer, "health.read", a.clientId));
  return {
    appointmentId: id,
    clientId: a.clientId,
    forms,
    // The reason is the clinician's free text about the client's health: clinical roles only.
    override: override && !canRead ? { ...override, reason: null } : override,
    pendingRequest: pending
      ? {
          id: pending.id,
          expiresAt: pending.expiresAt.toISOString(),
          remindedAt: pending.remindedAt?.toISOString() ?? null,
        }
      : null,
    canRead,
  };
}

async function refuseUnlessClinical(
  db: Db,
  viewer: AdminIdentity,
  clientId: number,
): Promise<void> {
  await authorizeClient(db, viewer, { id: clientId });
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
  if (!row) throw new HttpError(404, CLIENT_MESSAGES.notFound);
  if (!(await mayOnClient(db, viewer, "health.read", clientId))) {
    throw new HttpError(403, refusalOf("health.read"));
  }
}

/**
 * The client's signed forms (newest first) and pending proposals, for clinical roles. Audited
 * 'forms.read' (no content).
 * @throws HttpError 404 unknown client; 403 without health.read on the client.
 */
export async function clientForms(
  db: Db,
  viewer: AdminIdentity,
  clientId: number,
): Promise<ClientForms> {
  await refuseUnlessClinical(db, viewer, clientId);
  const rows = await db
    .select({
      id: signedForms.id,
      kind: signedForms.kind,
      category: signedForms.category,
      body: formTemplateVersions.body,
      version: formTemplateVersions.version,
      signerName: signedForms.signerName,
      signedAt: signedForms.signedAt,
      channel: signedForms.channel,
      photographyConsent: signedForms.photographyConsent,
      marketingPhotoConsent: signedForms.marketingPhotoConsent,
      withdrawnAt: signedForms.withdrawnAt,
    })
    .from(signedForms)
    .innerJoin(formTemplateVersions, eq(formTemplateVersions.id, signedForms.versionId))
    .where(eq(signedForms.clientId, clientId))
    .orderBy(desc(signedForms.signedAt), desc(signedForms.id))
    .limit(200);
  const proposals = await pendingProposals(db, clientId);
  await recordAudit(db, viewer, { action: "forms.read", entity: "client", entityId: clientId });
  return {
    forms: rows.map((r) => ({
      id: r.id,
      kind: r.kind as FormKind,
      category: r.category,
      title: r.body.title,
      version: r.version,
      signerName: r.signerName,
      signedAt: r.signedAt.toISOString(),
      channel: r.channel,
      photographyConsent: r.photographyConsent,
      marketingPhotoConsent: r.marketingPhotoConsent,
      withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
    })),
    proposals,
  };
}

/**
 * GET /api/customers/{id}/forms/{formId}: one signed form, for clinical roles. Audited
 * 'form.read' with the form's id (no content).
 * @throws HttpError 404 unknown client or form; 403 without health.read on the client.
 */
export async function signedFormDetail(
  db: Db,
  viewer: AdminIdentity,
  clientId: number,
  formId: number,
): Promise<SignedFormDetail> {
  await refuseUnlessClinical(db, viewer, clientId);
  const [r] = await db
    .select({ f: signedForms, v: formTemplateVersions, templateKind: formTemplates.kind })
    .from(signedForms)
    .innerJoin(formTemplateVersions, eq(formTemplateVersions.id, signedForms.versionId))
    .innerJoin(formTemplates, eq(formTemplates.id, formTemplateVersions.templateId))
    .where(and(eq(signedForms.id, formId), eq(signedForms.clientId, clientId)));
  if (!r) throw new HttpError(404, FORM_MESSAGES.notFound);
  await recordAudit(db, viewer, {
    action: "form.read",
    entity: "client",
    entityId: clientId,
    details: { signedFormId: formId },
  });
  const { f, v } = r;
  return {
    id: f.id,
    kind: f.kind as FormKind,
    category: f.category,
    title: v.body.title,
    version: v.version,
    signerName: f.signerName,
    signedAt: f.signedAt.toISOString(),
    channel: f.channel,
    photographyConsent: f.photographyConsent,
    marketingPhotoConsent: f.marketingPhotoConsent,
    withdrawnAt: f.withdrawnAt?.toISOString() ?? null,
    body: v.body,
    text: v.text,
    answers: f.answers,
    signature: f.signature,
    textSha256: f.textSha256,
    hashMatches: sha256Hex(v.text) === f.textSha256,
    ip: f.ip,
    userAgent: f.userAgent,
    templateId: v.templateId,
  };
}
