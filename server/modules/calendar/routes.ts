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
import {
  appointmentInputSchema,
  appointmentPatchSchema,
  blockedTimeInputSchema,
  blockedTimePatchSchema,
  type CalendarQuery,
  calendarQuerySchema,
} from "#common/calendar.ts";
import { ANY_ROLE, DESK_ROLES, MANAGER_ONLY } from "#common/roles.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { handler, parse, parseId, siteOrigin } from "#server/http.ts";
import { currentAdmin } from "#server/modules/auth/current-admin.ts";
import { requireRole } from "#server/modules/auth/roles.ts";
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
import { cachedAppointments, listUpcomingAppointments } from "./queries.ts";
import { checkInAppointment } from "./visit-time.ts";

/**
 * A therapist's calendar reads are their own (issue 13): the query with their staff id, or null
 * (nothing to show) without a staff record. Other roles' queries pass unchanged.
 */
function ownCalendar(req: Request, query: CalendarQuery): CalendarQuery | null {
  const admin = currentAdmin(req);
  if (admin.role !== "therapist") return query;
  return admin.staffId ? { ...query, staffId: admin.staffId } : null;
}

/**
 * The calendar's admin API (admin spec §7): appointments, blocked time and members' feed links.
 * Reads for any role (a therapist's are their own), writes for the desk, feeds for managers.
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
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      const input = parse(appointmentInputSchema, req.body);
      const created = await createAppointments(db, currentAdmin(req), input);
      // The first occurrence, with the whole series when it is one.
      res.status(201).json({ ...created[0], occurrences: created });
    }),
  );
  router.patch(
    "/appointments/:id",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      const patch = parse(appointmentPatchSchema, req.body);
      res.json(await updateAppointment(db, currentAdmin(req), String(req.params.id), patch));
    }),
  );
  router.post(
    "/appointments/:id/check-in",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Appointment");
      res.json(await checkInAppointment(db, currentAdmin(req), id));
    }),
  );
  router.delete(
    "/appointments/:id",
    requireRole(...DESK_ROLES),
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
  router.post(
    "/blocked-time",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      const input = parse(blockedTimeInputSchema, req.body);
      res.status(201).json(await createBlockedTime(db, currentAdmin(req), input));
    }),
  );
  router.patch(
    "/blocked-time/:id",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Blocked time");
      const patch = parse(blockedTimePatchSchema, req.body);
      res.json(await updateBlockedTime(db, currentAdmin(req), id, patch));
    }),
  );
  router.delete(
    "/blocked-time/:id",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      await deleteBlockedTime(db, currentAdmin(req), parseId(req.params.id, "Blocked time"));
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
