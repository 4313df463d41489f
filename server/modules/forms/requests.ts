/**
 * Form requests (issue 31; decision 0265): the signed link that asks a client to fill in and
 * sign the intake and/or the consent of their appointment's treatment category. Made when an
 * appointment is confirmed (its messages queued in the same transaction), again the day before
 * if still unsigned (the 'form-reminders' job), or for the clinic's tablet (kiosk). Opening and
 * signing need no account: the link is the key. Signing stores the exact version, its text's
 * SHA-256, the typed name, the drawn signature, time, IP and user agent, and turns health
 * answers into changes a clinician reviews (proposals.ts).
 */
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { findServiceCategory } from "#common/catalog.ts";
import { isConsultationName } from "#common/consultation.ts";
import {
  answerErrors,
  consentFlagsOf,
  FORM_LINK_HOURS,
  FORM_MESSAGES,
  type FormAnswers,
  keptAnswers,
  type PublicFormRequest,
} from "#common/forms.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { services } from "#server/db/schema/catalog.ts";
import { clients } from "#server/db/schema/clients.ts";
import { formRequests, signedForms } from "#server/db/schema/forms.ts";
import { HttpError } from "#server/http.ts";
import { recordAnonymousAudit } from "#server/modules/audit/service.ts";
import { afterQuietHours } from "#server/modules/messages/reminders.ts";
import { enqueueMessage } from "#server/modules/messages/service.ts";
import { formsLinkMessages } from "#server/modules/messages/templates.ts";
import { consentCutoff, currentConsent } from "./consent-status.ts";
import { formLink, formLinkKeys, readFormToken } from "./links.ts";
import { proposeHealthChanges } from "./proposals.ts";
import {
  consentTemplateFor,
  ensureDefaultTemplates,
  intakeTemplateId,
  latestVersions,
  sha256Hex,
} from "./templates.ts";

const HOUR_MS = 3_600_000;
/** A kiosk link lives as long as a client needs at the desk. */
const KIOSK_MINUTES = 30;

/** The appointment facts a request needs. */
type AppointmentFacts = {
  id: number;
  clientId: number | null;
  status: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  serviceName: string;
  category: string | null;
  startsAt: Date;
  endsAt: Date;
};

async function appointmentFacts(db: Db | Tx, id: number): Promise<AppointmentFacts | null> {
  const [row] = await db
    .select({
      id: appointments.id,
      clientId: appointments.clientId,
      status: appointments.status,
      customerName: appointments.customerName,
      customerEmail: appointments.customerEmail,
      customerPhone: appointments.customerPhone,
      serviceName: appointments.serviceName,
      category: services.category,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
    })
    .from(appointments)
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .where(eq(appointments.id, id));
  return row ?? null;
}

/** Whether client `clientId` signed the intake within CONSENT_VALID_DAYS of `now`. */
async function hasCurrentIntake(db: Db | Tx, clientId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: signedForms.id })
    .from(signedForms)
    .where(
      and(
        eq(signedForms.clientId, clientId),
        eq(signedForms.kind, "intake"),
        isNull(signedForms.withdrawnAt),
        gt(signedForms.signedAt, consentCutoff(now)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The templates client `clientId` still has to sign for a treatment of `category`: the intake
 * when none is current (CONSENT_VALID_DAYS), and the category's consent when it has one and no
 * current signed consent. Intake first.
 */
export async function templatesDue(
  db: Db | Tx,
  clientId: number,
  category: string | null,
  now: Date = new Date(),
): Promise<number[]> {
  await ensureDefaultTemplates(db);
  const due: number[] = [];
  const intake = await intakeTemplateId(db);
  if (intake !== null && !(await hasCurrentIntake(db, clientId, now))) due.push(intake);
  if (category) {
    const consent = await consentTemplateFor(db, category);
    if (consent && !(await currentConsent(db, clientId, category, now))) due.push(consent.id);
  }
  return due;
}

/**
 * Makes (or refreshes) the pending request of appointment `appointmentId` for the forms its
 * client still has to sign; null when nothing is due or the appointment has no client.
 * The link expires FORM_LINK_HOURS from now or at the visit's end, whichever is later (kiosk:
 * KIOSK_MINUTES from now).
 */
export async function requestForAppointment(
  tx: Db | Tx,
  appointmentId: number,
  createdBy: string,
  options: { now?: Date; kiosk?: boolean } = {},
): Promise<{ id: number; expiresAt: Date; appointment: AppointmentFacts } | null> {
  const now = options.now ?? new Date();
  const a = await appointmentFacts(tx, appointmentId);
  if (!a || a.clientId === null) return null;
  // A consultation asks for the intake only: its consent is the treatment's, later.
  const category = isConsultationName(a.serviceName) ? null : a.category;
  const templateIds = await templatesDue(tx, a.clientId, category, now);
  if (templateIds.length === 0) return null;
  const expiresAt = options.kiosk
    ? new Date(now.getTime() + KIOSK_MINUTES * 60_000)
    : new Date(Math.max(now.getTime() + FORM_LINK_HOURS * HOUR_MS, a.endsAt.getTime()));
  const [open] = await tx
    .select({ id: formRequests.id, expiresAt: formRequests.expiresAt })
    .from(formRequests)
    .where(
      and(
        eq(formRequests.appointmentId, appointmentId),
        eq(formRequests.status, "pending"),
        gt(formRequests.expiresAt, now),
      ),
    )
    .limit(1);
  if (open && !options.kiosk) {
    await tx
      .update(formRequests)
      .set({ templateIds, updatedAt: now })
      .where(eq(formRequests.id, open.id));
    return { id: open.id, expiresAt: open.expiresAt, appointment: a };
  }
  const [row] = await tx
    .insert(formRequests)
    .values({
      clientId: a.clientId,
      appointmentId,
      templateIds,
      expiresAt,
      createdBy,
      channel: options.kiosk ? "kiosk" : "link",
    })
    .returning({ id: formRequests.id });
  if (!row) throw new Error("form_requests insert returned no row");
  return { id: row.id, expiresAt, appointment: a };
}

/**
 * In a confirming write's transaction (calendar, appointment-messages.ts): makes the request of
 * appointment `appointmentId` and queues its email and WhatsApp with the signed link, when the
 * client has forms to sign. Quiet hours (21:00-07:00 Lagos) hold the messages until 07:00.
 * Does nothing before createApp installed the link keys (scripts without a site).
 * @returns the request id, or null when nothing was sent.
 */
export async function queueFormsForAppointment(
  tx: Db | Tx,
  appointmentId: number,
  kind: "request" | "reminder" = "request",
  now: Date = new Date(),
): Promise<number | null> {
  try {
    formLinkKeys();
  } catch {
    return null;
  }
  const made = await requestForAppointment(tx, appointmentId, "system", { now });
  if (!made) return null;
  const a = made.appointment;
  const messages = await formsLinkMessages({
    requestId: made.id,
    appointmentId,
    customerName: a.customerName,
    customerEmail: a.customerEmail,
    customerPhone: a.customerPhone,
    serviceName: a.serviceName,
    startsAt: a.startsAt,
    link: formLink(made.id, made.expiresAt),
    kind,
  });
  const notBefore = afterQuietHours(now) ?? undefined;
  for (const m of messages) await enqueueMessage(tx, { ...m, notBefore });
  if (kind === "reminder") {
    await tx.update(formRequests).set({ remindedAt: now }).where(eq(formRequests.id, made.id));
  }
  return made.id;
}

/**
 * The 'form-reminders' job: for each booked appointment starting in the next 24 hours (not
 * started) whose pending request has had no reminder, queues the reminder with the link again.
 * @returns how many appointments were reminded.
 */
export async function queueFormReminders(db: Db, now: Date = new Date()): Promise<number> {
  const due = await db
    .select({ appointmentId: formRequests.appointmentId })
    .from(formRequests)
    .innerJoin(appointments, eq(appointments.id, formRequests.appointmentId))
    .where(
      and(
        eq(formRequests.status, "pending"),
        isNull(formRequests.remindedAt),
        gt(formRequests.expiresAt, now),
        sql`${appointments.status} in ('scheduled', 'confirmed')`,
        gt(appointments.startsAt, now),
        lt(appointments.startsAt, new Date(now.getTime() + 24 * HOUR_MS)),
      ),
    );
  let reminded = 0;
  for (const d of due) {
    if (d.appointmentId === null) continue;
    const id = await db.transaction((tx) =>
      queueFormsForAppointment(tx, d.appointmentId as number, "reminder", now),
    );
    if (id !== null) reminded += 1;
  }
  return reminded;
}

/** The row of a valid, unexpired token. @throws HttpError 404 invalid/tampered, 410 expired. */
async function requestOfToken(db: Db | Tx, secret: string, token: string, now: Date, lock = false) {
  const check = readFormToken(secret, token, now);
  if (!check.ok) {
    throw check.reason === "expired"
      ? new HttpError(410, FORM_MESSAGES.linkExpired)
      : new HttpError(404, FORM_MESSAGES.linkInvalid);
  }
  const q = db.select().from(formRequests).where(eq(formRequests.id, check.id));
  const [row] = lock ? await q.for("update") : await q;
  // The expiry in the token must be the row's: a link re-signed for another expiry is not valid.
  if (
    !row ||
    Math.floor(row.expiresAt.getTime() / 1000) !== Math.floor(check.expiresAt.getTime() / 1000)
  ) {
    throw new HttpError(404, FORM_MESSAGES.linkInvalid);
  }
  if (row.status === "cancelled") throw new HttpError(404, FORM_MESSAGES.linkInvalid);
  return row;
}

/**
 * GET /api/forms/{token}: the forms of a valid link (latest published versions).
 * @throws HttpError 404 invalid or tampered link; 410 expired.
 */
export async function openFormRequest(
  db: Db,
  secret: string,
  token: string,
  now: Date = new Date(),
): Promise<PublicFormRequest> {
  const row = await requestOfToken(db, secret, token, now);
  const [client] = await db
    .select({ firstName: clients.firstName })
    .from(clients)
    .where(eq(clients.id, row.clientId));
  const a = row.appointmentId === null ? null : await appointmentFacts(db, row.appointmentId);
  const versions = row.status === "signed" ? [] : await latestVersions(db, row.templateIds);
  return {
    status: row.status === "signed" ? "signed" : "pending",
    firstName: client?.firstName ?? "",
    serviceName: a?.serviceName ?? null,
    startsAt: a?.startsAt.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    forms: versions.map((v) => ({
      id: v.id,
      kind: v.kind,
      category: v.category,
      categoryName: v.category ? (findServiceCategory(v.category)?.name ?? v.category) : null,
      version: v.version,
      body: v.body,
      textSha256: v.textSha256,
    })),
  };
}

/** What the client sends to sign (common/forms.ts signFormsSchema). */
export type SignInput = {
  forms: Array<{ versionId: number; answers: FormAnswers }>;
  signerName: string;
  signature: string | null;
};

/**
 * Where the signature came from (the request's network facts). The channel is not here: it is
 * the form request's (made by staff for the clinic's tablet, or sent as a link), so a client's
 * browser cannot claim the tablet.
 */
export type SignContext = { ip: string; userAgent: string };

/**
 * POST /api/forms/{token}/sign: signs every form of the request at once, in one transaction:
 * a `signed_forms` row per form (exact version, its text's SHA-256, answers, special consents,
 * typed name, drawn signature, time, IP, user agent), the health answers as proposals for a
 * clinician, and the request marked signed. Audited without content ('form.sign').
 * @throws HttpError 404 invalid link; 410 expired; 409 already signed, or a version published
 *   since the page was opened; 400 a missing answer (fields keyed `{versionId}.{fieldId}`).
 */
export async function signFormRequest(
  db: Db,
  secret: string,
  token: string,
  input: SignInput,
  ctx: SignContext,
  now: Date = new Date(),
): Promise<{ signedFormIds: number[] }> {
  return db.transaction(async (tx) => {
    const row = await requestOfToken(tx, secret, token, now, true);
    if (row.status === "signed") throw new HttpError(409, FORM_MESSAGES.alreadySigned);
    const versions = await latestVersions(tx, row.templateIds);
    const sent = new Map(input.forms.map((f) => [f.versionId, f.answers]));
    if (versions.length !== input.forms.length || versions.some((v) => !sent.has(v.id))) {
      throw new HttpError(409, FORM_MESSAGES.versionChanged);
    }
    const fieldErrors: Record<string, string> = {};
    for (const v of versions) {
      for (const [field, message] of Object.entries(answerErrors(v.body, sent.get(v.id) ?? {}))) {
        fieldErrors[`${v.id}.${field}`] = message;
      }
    }
    const firstError = Object.values(fieldErrors)[0];
    if (firstError) throw new HttpError(400, firstError, fieldErrors);
    const ids: number[] = [];
    for (const v of versions) {
      const answers = keptAnswers(v.body, sent.get(v.id) ?? {});
      const flags = consentFlagsOf(v.body, answers);
      const [signed] = await tx
        .insert(signedForms)
        .values({
          clientId: row.clientId,
          requestId: row.id,
          appointmentId: row.appointmentId,
          versionId: v.id,
          kind: v.kind,
          category: v.category,
          answers,
          photographyConsent: flags.photography,
          marketingPhotoConsent: flags.marketingPhotos,
          signerName: input.signerName,
          signature: input.signature,
          textSha256: sha256Hex(v.text),
          signedAt: now,
          ip: ctx.ip.slice(0, 100),
          userAgent: ctx.userAgent.slice(0, 500),
          channel: row.channel === "kiosk" ? "kiosk" : "link",
        })
        .returning({ id: signedForms.id });
      if (!signed) throw new Error("signed_forms insert returned no row");
      ids.push(signed.id);
      await proposeHealthChanges(tx, row.clientId, signed.id, v.body, answers);
    }
    await tx
      .update(formRequests)
      .set({ status: "signed", updatedAt: now })
      .where(eq(formRequests.id, row.id));
    await recordAnonymousAudit(tx, {
      username: `client (${row.channel === "kiosk" ? "clinic tablet" : "form link"})`,
      action: "form.sign",
      entity: "client",
      entityId: row.clientId,
      details: { requestId: row.id, signedFormIds: ids, versions: versions.map((v) => v.id) },
    });
    return { signedFormIds: ids };
  });
}
