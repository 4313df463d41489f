/**
 * HTTP routes of the staff area (admin spec §7; issue 13). Roles (common/roles.ts):
 * - anyone signed in: GET /api/staff, GET /api/staff/{id}, GET /api/staff-schedules,
 *   GET /api/time-tracking, clock-in, clock-out, break-start, break-end (a therapist only
 *   for themself, and sees only their own entries; pay fields are null below manager);
 * - managers: POST, PATCH, DELETE /api/staff, PUT /api/staff/{id}/schedules,
 *   PATCH /api/time-tracking/{id} (corrections), GET and POST /api/pay-runs,
 *   GET /api/pay-runs/{id}, POST /api/pay-runs/{id}/approve, GET /api/staff/analytics,
 *   GET /api/staff/{id}/overview, POST and DELETE /api/staff/{id}/access,
 *   DELETE /api/staff/{id}/two-step, GET and PUT /api/staff/{id}/commission-rates.
 */
import { type Request, Router } from "express";
import { z } from "zod";
import { offlineInstant } from "#common/offline.ts";
import { ANY_ROLE, MANAGER_ONLY } from "#common/roles.ts";
import {
  accessGrantSchema,
  clockSchema,
  commissionRatesSchema,
  payRunInputSchema,
  STAFF_MESSAGES,
  staffInputSchema,
  staffPatchSchema,
  TIME_ENTRIES_SHOWN,
  timeEntryCorrectionSchema,
  weekScheduleSchema,
} from "#common/staff.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { HttpError, handler, parse, parseId, siteOrigin } from "#server/http.ts";
import { currentAdmin } from "#server/modules/auth/current-admin.ts";
import { grantAccess, revokeAccess } from "#server/modules/auth/invitations.ts";
import { requireRole } from "#server/modules/auth/roles.ts";
import { resetMemberTotp } from "#server/modules/auth/totp.ts";
import { replayOnce } from "#server/modules/offline/replay.ts";
import { getCommissionRates, setCommissionRates } from "./commission-rates.ts";
import { staffAnalytics, staffOverview } from "./figures.ts";
import { createStaff, deleteStaff, getStaff, listStaff, updateStaff } from "./members.ts";
import { approvePayRun, createPayRun, getPayRun, listPayRuns } from "./pay-runs.ts";
import { listSchedules, setWeekSchedule } from "./schedules.ts";
import { clockIn, clockOut, correctTimeEntry, listTimeEntries, setBreak } from "./time-clock.ts";

const optionalId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .refine((n) => n <= 2_147_483_647)
  .optional()
  .catch(undefined);

export const listQuery = z.object({
  staffId: optionalId,
  limit: z.coerce.number().int().min(1).max(100).optional().catch(undefined),
});

/** A therapist may only clock themself; everyone else (front desk, managers) anyone. */
function clockTarget(req: Request): number {
  return clockRequest(req).staffId;
}

/** The clock's member (as clockTarget) and its instant: now, or the offline device's `at`. */
function clockRequest(req: Request): { staffId: number; at: Date } {
  const { staffId, at } = parse(clockSchema, req.body);
  const admin = currentAdmin(req);
  if (admin.role === "therapist" && admin.staffId !== staffId) {
    throw new HttpError(403, STAFF_MESSAGES.ownClockOnly);
  }
  return { staffId, at: offlineInstant(at, new Date()) };
}

const anyone = requireRole(...ANY_ROLE);
const manager = requireRole(...MANAGER_ONLY);

/** /api/staff: the list, add, analytics, one member, their overview, change, remove. */
function memberRoutes(router: Router, db: Db): void {
  router.get(
    "/staff",
    anyone,
    handler(async (req, res) => {
      res.json(await listStaff(db, currentAdmin(req)));
    }),
  );
  router.post(
    "/staff",
    manager,
    handler(async (req, res) => {
      const input = parse(staffInputSchema, req.body);
      res.status(201).json(await createStaff(db, currentAdmin(req), input));
    }),
  );
  // Before /staff/:id so 'analytics' is not read as an id.
  router.get(
    "/staff/analytics",
    manager,
    handler(async (_req, res) => {
      res.json(await staffAnalytics(db));
    }),
  );
  router.get(
    "/staff/:id",
    anyone,
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Staff member");
      res.json(await getStaff(db, currentAdmin(req), id));
    }),
  );
  router.get(
    "/staff/:id/overview",
    manager,
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Staff member");
      await getStaff(db, currentAdmin(req), id);
      res.json(await staffOverview(db, currentAdmin(req), id));
    }),
  );
  router.patch(
    "/staff/:id",
    manager,
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Staff member");
      const patch = parse(staffPatchSchema, req.body);
      res.json(await updateStaff(db, currentAdmin(req), id, patch));
    }),
  );
  router.delete(
    "/staff/:id",
    manager,
    handler(async (req, res) => {
      await deleteStaff(db, currentAdmin(req), parseId(req.params.id, "Staff member"));
      res.json({ success: true, message: "Staff member removed successfully!" });
    }),
  );
}

/** A member's schedule, sign-in access and two-step reset; everyone's schedules. */
function accessRoutes(router: Router, db: Db, config: Config): void {
  router.put(
    "/staff/:id/schedules",
    manager,
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Staff member");
      const input = parse(weekScheduleSchema, req.body);
      res.json(await setWeekSchedule(db, currentAdmin(req), id, input));
    }),
  );
  router.post(
    "/staff/:id/access",
    manager,
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Staff member");
      const { role } = parse(accessGrantSchema, req.body);
      const origin = siteOrigin(config, req);
      const result = await grantAccess(
        { db, logger: req.log },
        currentAdmin(req),
        id,
        role,
        origin,
      );
      res.status(result.state === "invited" ? 201 : 200).json(result);
    }),
  );
  router.delete(
    "/staff/:id/access",
    manager,
    handler(async (req, res) => {
      await revokeAccess(db, currentAdmin(req), parseId(req.params.id, "Staff member"));
      res.status(204).end();
    }),
  );
  /** A manager resets a member's two-step sign-in (lost authenticator and recovery codes). */
  router.delete(
    "/staff/:id/two-step",
    manager,
    handler(async (req, res) => {
      await resetMemberTotp(db, currentAdmin(req), parseId(req.params.id, "Staff member"));
      res.status(204).end();
    }),
  );

  router.get(
    "/staff-schedules",
    anyone,
    handler(async (req, res) => {
      const { staffId } = parse(listQuery, req.query);
      res.json(await listSchedules(db, staffId));
    }),
  );
}

/** /api/time-tracking: the entries, clock-in and -out, breaks, a manager's correction. */
function clockRoutes(router: Router, db: Db): void {
  router.get(
    "/time-tracking",
    anyone,
    handler(async (req, res) => {
      const query = parse(listQuery, req.query);
      const admin = currentAdmin(req);
      // A therapist sees only their own entries (none without a staff record).
      if (admin.role === "therapist" && !admin.staffId) return res.json([]);
      const staffId = admin.role === "therapist" ? admin.staffId : query.staffId;
      res.json(await listTimeEntries(db, { staffId, limit: query.limit ?? TIME_ENTRIES_SHOWN }));
    }),
  );
  router.post(
    "/time-tracking/clock-in",
    anyone,
    replayOnce(db),
    handler(async (req, res) => {
      const { staffId, at } = clockRequest(req);
      res.status(201).json(await clockIn(db, currentAdmin(req), staffId, at));
    }),
  );
  router.post(
    "/time-tracking/clock-out",
    anyone,
    replayOnce(db),
    handler(async (req, res) => {
      const { staffId, at } = clockRequest(req);
      res.json(await clockOut(db, currentAdmin(req), staffId, at));
    }),
  );
  router.post(
    "/time-tracking/break-start",
    anyone,
    handler(async (req, res) => {
      const staffId = clockTarget(req);
      res.json(await setBreak(db, currentAdmin(req), staffId, true));
    }),
  );
  router.post(
    "/time-tracking/break-end",
    anyone,
    handler(async (req, res) => {
      const staffId = clockTarget(req);
      res.json(await setBreak(db, currentAdmin(req), staffId, false));
    }),
  );
  router.patch(
    "/time-tracking/:id",
    manager,
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Time entry");
      const input = parse(timeEntryCorrectionSchema, req.body);
      res.json(await correctTimeEntry(db, currentAdmin(req), id, input));
    }),
  );
}

/** /api/pay-runs: list, create, one, approve (managers). */
function payRunRoutes(router: Router, db: Db): void {
  router.get(
    "/pay-runs",
    manager,
    handler(async (req, res) => {
      const { staffId, limit } = parse(listQuery, req.query);
      res.json(await listPayRuns(db, { staffId, limit }));
    }),
  );
  router.post(
    "/pay-runs",
    manager,
    handler(async (req, res) => {
      const input = parse(payRunInputSchema, req.body);
      res.status(201).json(await createPayRun(db, currentAdmin(req), input));
    }),
  );
  router.get(
    "/pay-runs/:id",
    manager,
    handler(async (req, res) => {
      const run = await getPayRun(db, parseId(req.params.id, "Pay run"));
      if (!run) throw new HttpError(404, STAFF_MESSAGES.payRunNotFound);
      res.json(run);
    }),
  );
  router.post(
    "/pay-runs/:id/approve",
    manager,
    handler(async (req, res) => {
      res.json(await approvePayRun(db, currentAdmin(req), parseId(req.params.id, "Pay run")));
    }),
  );
}

/** A member's commission rates by service or product category (issue 29): managers only. */
function commissionRoutes(router: Router, db: Db): void {
  router.get(
    "/staff/:id/commission-rates",
    manager,
    handler(async (req, res) => {
      res.json(await getCommissionRates(db, parseId(req.params.id, "Staff member")));
    }),
  );
  router.put(
    "/staff/:id/commission-rates",
    manager,
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Staff member");
      const input = parse(commissionRatesSchema, req.body);
      res.json(await setCommissionRates(db, currentAdmin(req), id, input));
    }),
  );
}

export function staffRouter(db: Db, config: Config): Router {
  const router = Router();
  // In this order: /staff/analytics is registered before /staff/:id.
  memberRoutes(router, db);
  accessRoutes(router, db, config);
  clockRoutes(router, db);
  payRunRoutes(router, db);
  commissionRoutes(router, db);
  return router;
}
