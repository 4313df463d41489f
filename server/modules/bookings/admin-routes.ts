/**
 * Admin booking management API (admin spec §7): GET /api/bookings/processed,
 * PATCH /api/bookings/{id}, PATCH /api/bookings/{id}/process, PATCH /api/bookings/{id}/no-show,
 * DELETE /api/bookings/{id}. All require an admin session and are audited.
 */
import { Router } from "express";
import { bookingPatchSchema } from "#common/booking.ts";
import { DESK_ROLES } from "#common/roles.ts";
import type { Db } from "#server/db/client.ts";
import { handler, parse, parseId } from "#server/http.ts";
import { currentAdmin } from "#server/modules/auth/current-admin.ts";
import { requireCapability, requireRole } from "#server/modules/auth/roles.ts";
import {
  deleteBooking,
  listProcessedBookings,
  markNoShow,
  processBooking,
  updateBooking,
} from "./service.ts";

export function bookingsAdminRouter(db: Db): Router {
  const router = Router();

  router.get(
    "/bookings/processed",
    requireRole(...DESK_ROLES),
    handler(async (_req, res) => {
      res.json(await listProcessedBookings(db));
    }),
  );
  router.patch(
    "/bookings/:id/process",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      res.json(await processBooking(db, currentAdmin(req), parseId(req.params.id, "Booking")));
    }),
  );
  router.patch(
    "/bookings/:id/no-show",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      res.json(await markNoShow(db, currentAdmin(req), parseId(req.params.id, "Booking")));
    }),
  );
  router.patch(
    "/bookings/:id",
    requireRole(...DESK_ROLES),
    handler(async (req, res) => {
      const id = parseId(req.params.id, "Booking");
      const patch = parse(bookingPatchSchema, req.body);
      res.json(await updateBooking(db, currentAdmin(req), id, patch));
    }),
  );
  // Only a manager deletes; the front desk cancels or marks a no-show (common/roles.ts).
  router.delete(
    "/bookings/:id",
    requireCapability("appointment.delete"),
    handler(async (req, res) => {
      await deleteBooking(db, currentAdmin(req), parseId(req.params.id, "Booking"));
      res.json({ success: true });
    }),
  );

  return router;
}
