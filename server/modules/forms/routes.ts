/**
 * The forms' HTTP routes (issue 31). Public (the signed link is the key; ARCHITECTURE.md "API
 * rules"): GET /api/forms/{token} and POST /api/forms/{token}/sign. Staff: the templates
 * (forms.manage), an appointment's forms status, sending the link and the kiosk tablet
 * (appointment.checkIn), a client's signed forms and the review of proposed health changes
 * (health.read / health.edit, each read audited). Nothing here is cached by the browser.
 */
import { type Router as ExpressRouter, type Request, Router } from "express";
import { formBodySchema, proposalDecisionSchema, signFormsSchema } from "#common/forms.ts";
import { ANY_ROLE } from "#common/roles.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { HttpError, handler, parse, parseId } from "#server/http.ts";
import { auditName, recordAudit } from "#server/modules/audit/service.ts";
import { currentAdmin } from "#server/modules/auth/current-admin.ts";
import { authorize, requireCapability, requireRole } from "#server/modules/auth/roles.ts";
import { appointmentOwner } from "#server/modules/calendar/ownership.ts";
import { kickMessages } from "#server/modules/messages/worker.ts";
import { appointmentForms, clientForms, signedFormDetail } from "./clinical.ts";
import { formLink } from "./links.ts";
import { decideProposal } from "./proposals.ts";
import {
  openFormRequest,
  queueFormsForAppointment,
  requestForAppointment,
  signFormRequest,
} from "./requests.ts";
import {
  getTemplate,
  getTemplateVersion,
  listTemplates,
  publishTemplate,
  saveDraft,
} from "./templates.ts";

function noStore(res: { setHeader(name: string, value: string): unknown }) {
  res.setHeader("cache-control", "no-store");
}

/** The token path parameter (shape checked by the service). */
function tokenOf(req: Request): string {
  return String(req.params.token ?? "");
}

/** Checks that `req`'s viewer may act on appointment `id` with the check-in capability. */
async function authorizeCheckIn(db: Db, req: Request, id: number): Promise<void> {
  const owner = await appointmentOwner(db, String(id));
  if (owner === undefined) throw new HttpError(404, "Appointment not found");
  authorize(currentAdmin(req), "appointment.checkIn", owner);
}

export function formsRouter(db: Db, config: Config): ExpressRouter {
  const router = Router();
  const secret = config.SESSION_SECRET;

  // Public: the client's phone or the clinic's tablet.
  router.get(
    "/forms/:token",
    handler(async (req, res) => {
      noStore(res);
      res.json(await openFormRequest(db, secret, tokenOf(req)));
    }),
  );
  router.post(
    "/forms/:token/sign",
    handler(async (req, res) => {
      noStore(res);
      const input = parse(signFormsSchema, req.body);
      const result = await signFormRequest(db, secret, tokenOf(req), input, {
        ip: req.ip ?? "",
        userAgent: String(req.get("user-agent") ?? ""),
      });
      res.status(201).json(result);
    }),
  );

  // Templates: managers.
  router.get(
    "/admin/forms/templates",
    requireCapability("forms.manage"),
    handler(async (_req, res) => {
      noStore(res);
      res.json(await listTemplates(db));
    }),
  );
  router.get(
    "/admin/forms/templates/:id",
    requireCapability("forms.manage"),
    handler(async (req, res) => {
      noStore(res);
      res.json(await getTemplate(db, parseId(req.params.id, "Form template")));
    }),
  );
  router.get(
    "/admin/forms/templates/:id/versions/:version",
    requireCapability("forms.manage"),
    handler(async (req, res) => {
      noStore(res);
      const id = parseId(req.params.id, "Form template");
      const version = parseId(req.params.version, "Form template");
      res.json(await getTemplateVersion(db, id, version));
    }),
  );
  router.put(
    "/admin/forms/templates/:id/draft",
    requireCapability("forms.manage"),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Form template");
      const body = parse(formBodySchema, req.body);
      res.json(await saveDraft(db, currentAdmin(req), id, body));
    }),
  );
  router.post(
    "/admin/forms/templates/:id/publish",
    requireCapability("forms.manage"),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Form template");
      res.status(201).json(await publishTemplate(db, currentAdmin(req), id));
    }),
  );

  // An appointment's forms: the check-in screen.
  router.get(
    "/appointments/:id/forms",
    requireRole(...ANY_ROLE),
    handler(async (req, res) => {
      noStore(res);
      const id = parseId(req.params.id, "Appointment");
      res.json(await appointmentForms(db, currentAdmin(req), id));
    }),
  );
  router.post(
    "/appointments/:id/forms/send",
    requireCapability("appointment.checkIn"),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Appointment");
      await authorizeCheckIn(db, req, id);
      const admin = currentAdmin(req);
      const requestId = await db.transaction(async (tx) => {
        const made = await queueFormsForAppointment(tx, id);
        if (made !== null) {
          await recordAudit(tx, admin, {
            action: "forms.send",
            entity: "appointment",
            entityId: id,
            details: { requestId: made },
          });
        }
        return made;
      });
      if (requestId !== null) kickMessages(db);
      res.status(requestId === null ? 200 : 201).json({ requestId, sent: requestId !== null });
    }),
  );
  router.post(
    "/appointments/:id/forms/kiosk",
    requireCapability("appointment.checkIn"),
    handler(async (req, res) => {
      noStore(res);
      const id = parseId(req.params.id, "Appointment");
      await authorizeCheckIn(db, req, id);
      const admin = currentAdmin(req);
      const made = await db.transaction(async (tx) => {
        const r = await requestForAppointment(tx, id, auditName(admin), { kiosk: true });
        if (r) {
          await recordAudit(tx, admin, {
            action: "forms.kiosk",
            entity: "appointment",
            entityId: id,
            details: { requestId: r.id },
          });
        }
        return r;
      });
      if (!made) {
        res.json({ url: null });
        return;
      }
      // A path on this site (the tablet stays on it), not the absolute link the messages carry.
      const url = new URL(formLink(made.id, made.expiresAt, true));
      res.status(201).json({ url: `${url.pathname}${url.search}` });
    }),
  );

  // A client's signed forms and proposed health changes: clinical roles, audited.
  router.get(
    "/customers/:id/forms",
    requireRole(...ANY_ROLE),
    handler(async (req, res) => {
      noStore(res);
      const id = parseId(req.params.id, "Customer");
      res.json(await clientForms(db, currentAdmin(req), id));
    }),
  );
  router.get(
    "/customers/:id/forms/:formId",
    requireRole(...ANY_ROLE),
    handler(async (req, res) => {
      noStore(res);
      const id = parseId(req.params.id, "Customer");
      const formId = parseId(req.params.formId, "Form");
      res.json(await signedFormDetail(db, currentAdmin(req), id, formId));
    }),
  );
  router.post(
    "/customers/:id/health-proposals/:proposalId",
    requireCapability("health.edit"),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Customer");
      const proposalId = parseId(req.params.proposalId, "Proposed change");
      const { decision } = parse(proposalDecisionSchema, req.body);
      res.json(await decideProposal(db, currentAdmin(req), id, proposalId, decision));
    }),
  );
  return router;
}
