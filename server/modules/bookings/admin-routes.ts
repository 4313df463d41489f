/**
 * Admin booking management API (admin spec §7): GET /api/bookings/processed,
 * PATCH /api/bookings/{id}, PATCH /api/bookings/{id}/process, PATCH /api/bookings/{id}/no-show,
 * DELETE /api/bookings/{id}. All require an admin session and are audited.
 */
import { Router } from "express";
import { bookingPatchSchema } from "#common/booking.ts";
import { processBookingSchema } from "#common/calendar.ts";
import { DESK_ROLES } from "#common/roles.ts";
import type { Db } from "#server/db/client.ts";
import { HttpError, handler, parse, parseId } from "#server/http.ts";
import { currentAdmin } from "#server/modules/auth/current-admin.ts";
import { requireCapability, requireRole } from "#server/modules/auth/roles.ts";
import { processBookingRequest } from "#server/modules/calendar/virtual-bookings.ts";
import {
  deleteBooking,
  getBooking,
  listProcessedBookings,
  markNoShow,
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
      // One visit, one path (issue 28 item 1): the request becomes its calendar appointment.
      const id = parseId(req.params.id, "Booking");
      const options = parse(processBookingSchema, req.body ?? {});
      const appointmentId = await processBookingRequest(db, currentAdmin(req), id, options);
      const booking = await getBooking(db, id);
      if (!booking) throw new HttpError(404, "Booking not found");
      res.json({ ...booking, appointmentId });
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
