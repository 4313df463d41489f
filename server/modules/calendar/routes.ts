/**
 * HTTP routes of the calendar (admin spec §7; issue 10), all behind an admin session:
 * GET /api/appointments, GET /api/appointments/upcoming, POST /api/appointments,
 * PATCH and DELETE /api/appointments/{id} ('booking-{id}' for a virtual pending booking),
 * POST /api/appointments/{id}/check-in,
 * GET and POST /api/blocked-time, PATCH and DELETE /api/blocked-time/{id},
 * GET, POST and DELETE /api/staff/{id}/calendar-feed. And the public, token-guarded feed
 * GET /calendar/staff/{token}.ics (outside /api).
 */
import { type Request, Router } from "express";
import { patchCapability } from "#common/appointment-capabilities.ts";
import {
  appointmentInputSchema,
  appointmentPatchSchema,
  blockedTimeInputSchema,
  blockedTimePatchSchema,
  type CalendarQuery,
  calendarQuerySchema,
} from "#common/calendar.ts";
import { overrideReasonSchema } from "#common/forms.ts";
import { ANY_ROLE, DESK_ROLES, MANAGER_ONLY, reachOf } from "#common/roles.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { handler, parse, parseId, siteOrigin } from "#server/http.ts";
import { currentAdmin } from "#server/modules/auth/current-admin.ts";
import { authorize, requireCapability, requireRole } from "#server/modules/auth/roles.ts";
import { sendCachedJson } from "#server/response-cache.ts";
import { createAppointments, deleteAppointment, updateAppointment } from "./appointments.ts";
import {
  createBlockedTime,
  deleteBlockedTime,
  listBlockedTimes,
  updateBlockedTime,
} from "./blocks.ts";
import {
  createCalendarFeed,
  getCalendarFeed,
  revokeCalendarFeed,
  staffCalendarIcs,
} from "./feed.ts";
import { appointmentOwner, blockOwner } from "./ownership.ts";
import { cachedAppointments, listUpcomingAppointments } from "./queries.ts";
import { checkInAppointment } from "./visit-time.ts";

/**
 * A therapist's calendar reads are their own (issue 13): the query with their staff id, or null
 * (nothing to show) without a staff record. Other roles' queries pass unchanged.
 */
function ownCalendar(req: Request, query: CalendarQuery): CalendarQuery | null {
  const admin = currentAdmin(req);
  if (reachOf(admin.role, "calendar.viewAll") === "all") return query;
  return admin.staffId ? { ...query, staffId: admin.staffId } : null;
}

/**
 * The calendar's admin API (admin spec §7): appointments, blocked time and members' feed links.
 * Reads for any role (a therapist's are their own); writes by common/roles.ts CAPABILITIES (a
 * therapist blocks their own time and completes their own appointments); feeds for managers.
 */
export function calendarRouter(db: Db, config: Config): Router {
  const router = Router();
  appointmentRoutes(router, db);
  blockRoutes(router, db);
  feedLinkRoutes(router, db, config);
  return router;
}

/** /api/appointments: upcoming, list, create, change, delete. */
function appointmentRoutes(router: Router, db: Db): void {
  router.get(
    "/appointments/upcoming",
    requireRole(...DESK_ROLES),
    handler(async (_req, res) => {
      res.json(await listUpcomingAppointments(db));
    }),
  );
  router.get(
    "/appointments",
    requireRole(...ANY_ROLE),
    handler(async (req, res) => {
      const query = ownCalendar(req, parse(calendarQuerySchema, req.query));
      if (!query) {
        res.json([]);
        return;
      }
      sendCachedJson(req, res, await cachedAppointments(db, query));
    }),
  );
  router.post(
    "/appointments",
    requireCapability("appointment.book"),
    handler(async (req, res) => {
      const input = parse(appointmentInputSchema, req.body);
      const created = await createAppointments(db, currentAdmin(req), input);
      // The first occurrence, with the whole series when it is one.
      res.status(201).json({ ...created[0], occurrences: created });
    }),
  );
  // Any role may reach it: what the change needs (Mark Complete, notes, anything else) and whose
  // appointment it is decide (a therapist: Mark Complete and notes on their own).
  router.patch(
    "/appointments/:id",
    requireCapability("appointment.editOwn"),
    handler(async (req, res) => {
      const admin = currentAdmin(req);
      const ref = String(req.params.id);
      const patch = parse(appointmentPatchSchema, req.body);
      const owner = await appointmentOwner(db, ref);
      if (owner !== undefined) authorize(admin, patchCapability(patch), owner);
      res.json(await updateAppointment(db, admin, ref, patch));
    }),
  );
  router.post(
    "/appointments/:id/check-in",
    requireCapability("appointment.checkIn"),
    handler(async (req, res) => {
      const admin = currentAdmin(req);
      const id = parseId(req.params.id, "Appointment");
      // The front desk checks anyone in; a therapist their own clients (common/roles.ts).
      const owner = await appointmentOwner(db, String(id));
      if (owner !== undefined) authorize(admin, "appointment.checkIn", owner);
      const { healthOverrideReason } = parse(overrideReasonSchema, req.body ?? {});
      res.json(await checkInAppointment(db, admin, id, new Date(), healthOverrideReason ?? null));
    }),
  );
  router.delete(
    "/appointments/:id",
    requireCapability("appointment.delete"),
    handler(async (req, res) => {
      await deleteAppointment(db, currentAdmin(req), String(req.params.id));
      res.json({ success: true });
    }),
  );
}

/** /api/blocked-time: list, create, change, delete. */
function blockRoutes(router: Router, db: Db): void {
  router.get(
    "/blocked-time",
    requireRole(...ANY_ROLE),
    handler(async (req, res) => {
      const query = ownCalendar(req, parse(calendarQuerySchema, req.query));
      res.json(query ? await listBlockedTimes(db, query) : []);
    }),
  );
  // A therapist blocks their own time only: a block for them, not another member or all staff.
  router.post(
    "/blocked-time",
    requireCapability("blockedTime.manage"),
    handler(async (req, res) => {
      const admin = currentAdmin(req);
      const input = parse(blockedTimeInputSchema, req.body);
      authorize(admin, "blockedTime.manage", input.staffId ?? null);
      res.status(201).json(await createBlockedTime(db, admin, input));
    }),
  );
  router.patch(
    "/blocked-time/:id",
    requireCapability("blockedTime.manage"),
    handler(async (req, res) => {
      const admin = currentAdmin(req);
      const id = parseId(req.params.id, "Blocked time");
      const patch = parse(blockedTimePatchSchema, req.body);
      const owner = await blockOwner(db, id);
      if (owner !== undefined) authorize(admin, "blockedTime.manage", owner);
      // Nor may a therapist hand their block to someone else (or to all staff).
      if (patch.staffId !== undefined) authorize(admin, "blockedTime.manage", patch.staffId);
      res.json(await updateBlockedTime(db, admin, id, patch));
    }),
  );
  router.delete(
    "/blocked-time/:id",
    requireCapability("blockedTime.manage"),
    handler(async (req, res) => {
      const admin = currentAdmin(req);
      const id = parseId(req.params.id, "Blocked time");
      const owner = await blockOwner(db, id);
      if (owner !== undefined) authorize(admin, "blockedTime.manage", owner);
      await deleteBlockedTime(db, admin, id);
      res.json({ success: true });
    }),
  );
}

/** /api/staff/{id}/calendar-feed: a member's feed link, shown, (re)made or revoked. */
function feedLinkRoutes(router: Router, db: Db, config: Config): void {
  router.get(
    "/staff/:id/calendar-feed",
    requireRole(...MANAGER_ONLY),
    handler(async (req, res) => {
      res.json(await getCalendarFeed(db, parseId(req.params.id, "Staff member")));
    }),
  );
  router.post(
    "/staff/:id/calendar-feed",
    requireRole(...MANAGER_ONLY),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Staff member");
      res
        .status(201)
        .json(await createCalendarFeed(db, currentAdmin(req), id, siteOrigin(config, req)));
    }),
  );
  router.delete(
    "/staff/:id/calendar-feed",
    requireRole(...MANAGER_ONLY),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Staff member");
      res.json(await revokeCalendarFeed(db, currentAdmin(req), id));
    }),
  );
}

/**
 * GET /calendar/staff/{token}.ics: a member's iCalendar feed (public: the unguessable token is
 * the credential). 404 for an unknown, rotated or revoked token. Not cached by shared caches.
 */
export function calendarFeedRouter(db: Db): Router {
  const router = Router();
  router.get(
    "/calendar/staff/:file",
    handler(async (req, res) => {
      const match = /^(.+)\.ics$/.exec(String(req.params.file));
      const ics = match ? await staffCalendarIcs(db, match[1] as string) : null;
      if (ics === null) {
        res.status(404).type("text/plain").send("Calendar not found");
        return;
      }
      res
        .type("text/calendar; charset=utf-8")
        .set("Cache-Control", "private, max-age=300")
        .set("X-Robots-Tag", "noindex")
        .send(ics);
    }),
  );
  return router;
}
