/** HTTP routes of bookings: POST /api/bookings (public; 201 new, 200 repeat), GET /api/bookings (admin). */
import { Router } from "express";
import { bookingRequestSchema } from "#common/booking.ts";
import { DESK_ROLES } from "#common/roles.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { handler, parse, siteOrigin } from "#server/http.ts";
import { requireRole } from "#server/modules/auth/roles.ts";
import { createBooking, listBookings } from "./service.ts";

export function bookingsRouter(db: Db, config: Config): Router {
  const router = Router();

  router.post(
    "/bookings",
    handler(async (req, res) => {
      const input = parse(bookingRequestSchema, req.body);
      const { created, ...booking } = await createBooking(db, input, {
        staff: Boolean(req.admin),
        admin: req.admin ?? null,
        origin: siteOrigin(config, req),
      });
      req.log?.info({ bookingId: booking.id, created }, "booking requested");
      // 201 for a new booking; 200 with the same booking for an identical request repeated
      // within 10 minutes (issue 14: idempotent public writes).
      res.status(created ? 201 : 200).json(booking);
    }),
  );

  router.get(
    "/bookings",
    requireRole(...DESK_ROLES),
    handler(async (_req, res) => {
      res.json(await listBookings(db));
    }),
  );

  return router;
}
