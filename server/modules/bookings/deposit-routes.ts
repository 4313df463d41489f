/**
 * Public routes of online booking with a deposit (issue 32; the rules are in deposits.ts,
 * deposit-payment.ts and deposit-manage.ts):
 * - GET /api/bookings/availability?service=&date=[&a=&sig=] → the 16 slots of the day, free or
 *   why not (with a manage link's a and sig, the client's own appointment is left out).
 * - POST /api/bookings/hold (the booking form's payload) → 201 the hold, 200 the same hold again.
 * - POST /api/bookings/deposits/{reference}/start | verify | test-payment | pay-at-clinic.
 * - GET /api/bookings/manage?a=&sig=, GET /api/bookings/manage/ics?a=&sig=,
 *   POST /api/bookings/manage/reschedule {a, sig, date}, POST /api/bookings/manage/cancel {a, sig}.
 * Each parses its input with zod and calls one function of those files.
 */
import { type Request, Router } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import { BOOKING_MESSAGES, bookingRequestSchema } from "#common/booking.ts";
import { isRealDate } from "#common/lagos-time.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { HttpError, handler, parse, siteOrigin } from "#server/http.ts";
import type { CheckoutProvider } from "#server/modules/orders/payment.ts";
import {
  cancelManaged,
  getManagedBooking,
  managedIcs,
  rescheduleManaged,
} from "./deposit-manage.ts";
import {
  payAtClinic,
  recordDepositTestPayment,
  startDepositPayment,
  verifyDeposit,
} from "./deposit-payment.ts";
import { availability, createHold, type DepositDeps, verifyManageLink } from "./deposits.ts";

export const availabilityQuery = z.object({
  service: z
    .string({ error: BOOKING_MESSAGES.service })
    .trim()
    .min(1, BOOKING_MESSAGES.service)
    .max(100, BOOKING_MESSAGES.service),
  date: z
    .string({ error: BOOKING_MESSAGES.date })
    .refine((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && isRealDate(d), BOOKING_MESSAGES.date),
  /**
   * The manage link's appointment and signature (both or neither): the client moving their own
   * booking does not see its own time as taken.
   */
  a: z.coerce
    .number({ error: "This link is not valid" })
    .int()
    .positive()
    .max(2147483647)
    .optional(),
  sig: z.string({ error: "This link is not valid" }).min(1).max(64).optional(),
});
const referenceParam = z
  .string()
  .regex(/^GHD-[A-Za-z0-9-]{1,80}$/, "No booking was held with this payment reference");
export const depositTestPaymentBody = z.object({
  outcome: z.enum(["approve", "decline"], { error: "outcome must be approve or decline" }),
});
export const manageQuery = z.object({
  a: z.coerce.number({ error: "This link is not valid" }).int().positive().max(2147483647),
  sig: z.string({ error: "This link is not valid" }).min(1).max(64),
});
export const rescheduleBody = manageQuery.extend({
  date: z.string({ error: BOOKING_MESSAGES.date }).trim().min(1, BOOKING_MESSAGES.date).max(40),
});

/** The routes; `provider` is the app's one deposit provider (the test dialog's outcomes live in it). */
export function depositRouter(deps: {
  db: Db;
  config: Config;
  logger: Logger;
  provider: CheckoutProvider;
}): Router {
  const router = Router();
  const forRequest = (req: Request): DepositDeps => ({
    db: deps.db,
    provider: deps.provider,
    logger: req.log ?? deps.logger,
    secret: deps.config.SESSION_SECRET,
    origin: siteOrigin(deps.config, req),
  });
  // An unreadable reference is one no booking has: 404, as an unknown one.
  const reference = (req: Request) => {
    const result = referenceParam.safeParse(req.params.reference);
    if (!result.success)
      throw new HttpError(404, "No booking was held with this payment reference");
    return result.data;
  };
  const managed = (source: unknown) => {
    const { a, sig } = parse(manageQuery, source);
    return verifyManageLink(deps.config.SESSION_SECRET, a, sig);
  };

  router.get(
    "/bookings/availability",
    handler(async (req, res) => {
      const { a, sig, ...query } = parse(availabilityQuery, req.query);
      // A bad signature is a bad link (404), as on the manage page itself.
      const own =
        a !== undefined || sig !== undefined
          ? verifyManageLink(deps.config.SESSION_SECRET, a ?? 0, sig ?? "")
          : null;
      res.setHeader("Cache-Control", "no-store");
      res.json(await availability(deps.db, { ...query, excludeAppointmentId: own }));
    }),
  );
  router.post(
    "/bookings/hold",
    handler(async (req, res) => {
      const input = parse(bookingRequestSchema, req.body);
      const { created, ...hold } = await createHold(forRequest(req), input);
      req.log?.info({ appointmentId: hold.appointmentId, created }, "booking held");
      res.status(created ? 201 : 200).json(hold);
    }),
  );
  router.post(
    "/bookings/deposits/:reference/start",
    handler(async (req, res) => {
      res.json(await startDepositPayment(forRequest(req), reference(req)));
    }),
  );
  router.post(
    "/bookings/deposits/:reference/verify",
    handler(async (req, res) => {
      res.json(await verifyDeposit(forRequest(req), reference(req)));
    }),
  );
  router.post(
    "/bookings/deposits/:reference/test-payment",
    handler(async (req, res) => {
      const { outcome } = parse(depositTestPaymentBody, req.body);
      res.json(await recordDepositTestPayment(forRequest(req), reference(req), outcome));
    }),
  );
  router.post(
    "/bookings/deposits/:reference/pay-at-clinic",
    handler(async (req, res) => {
      res.json(await payAtClinic(forRequest(req), reference(req)));
    }),
  );
  router.get(
    "/bookings/manage",
    handler(async (req, res) => {
      res.setHeader("Cache-Control", "no-store");
      res.json(await getManagedBooking(forRequest(req), managed(req.query)));
    }),
  );
  router.get(
    "/bookings/manage/ics",
    handler(async (req, res) => {
      const ics = await managedIcs(forRequest(req), managed(req.query));
      res.setHeader("Content-Type", "text/calendar; charset=utf-8");
      res.setHeader("Content-Disposition", 'attachment; filename="appointment.ics"');
      res.send(ics);
    }),
  );
  router.post(
    "/bookings/manage/reschedule",
    handler(async (req, res) => {
      const id = managed(req.body);
      const { date } = parse(rescheduleBody, req.body);
      res.json(await rescheduleManaged(forRequest(req), id, date));
    }),
  );
  router.post(
    "/bookings/manage/cancel",
    handler(async (req, res) => {
      res.json(await cancelManaged(forRequest(req), managed(req.body)));
    }),
  );
  return router;
}
