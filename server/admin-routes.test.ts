/**
 * Authorisation (issue 6): walks the whole API route table of the real Express app and proves
 * that every endpoint not on the public list answers 401 without an admin session. A new
 * endpoint is therefore either protected or consciously added to PUBLIC (server/testing/route-table.ts).
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes, PUBLIC } from "./testing/route-table.ts";
import { createTestApp, dbKinds } from "./testing/test-app.ts";

describe.each(dbKinds)("admin authorisation on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("finds the admin endpoints in the route table", () => {
    const routes = apiRoutes(t.app);
    for (const expected of [
      "GET /api/bookings",
      "PATCH /api/bookings/:id",
      "PATCH /api/bookings/:id/process",
      "PATCH /api/bookings/:id/no-show",
      "DELETE /api/bookings/:id",
      "GET /api/bookings/processed",
      "POST /api/services",
      "PATCH /api/services/:id",
      "DELETE /api/services/:id",
      "POST /api/products",
      "PATCH /api/products/:id",
      "DELETE /api/products/:id",
      "POST /api/send-review-request",
      "GET /api/reviews",
      "POST /api/admin/clear-data",
      "GET /api/admin/outbox",
      "GET /api/admin/jobs",
      "POST /api/admin/jobs/:name/run",
      "GET /api/openapi.json",
      "GET /api/appointments",
      "GET /api/appointments/upcoming",
      "POST /api/appointments",
      "PATCH /api/appointments/:id",
      "POST /api/appointments/:id/check-in",
      "DELETE /api/appointments/:id",
      "GET /api/blocked-time",
      "POST /api/blocked-time",
      "PATCH /api/blocked-time/:id",
      "DELETE /api/blocked-time/:id",
      "GET /api/staff/:id/calendar-feed",
      "POST /api/staff/:id/calendar-feed",
      "DELETE /api/staff/:id/calendar-feed",
      "POST /api/staff",
      "GET /api/popular-items",
      "GET /api/surcharges",
      "POST /api/surcharges",
      "PATCH /api/surcharges/:id",
      "POST /api/pos/process-sale",
      "GET /api/pos/clients",
      "GET /api/pos/checkout/:appointmentId",
      "GET /api/staff/:id/commission-rates",
      "PUT /api/staff/:id/commission-rates",
      "GET /api/sales",
      "POST /api/sales",
      "GET /api/sales/:id",
      "GET /api/sales/daily/:date",
      "GET /api/sales/daily/:date/export",
      "GET /api/sales/daily/:date/close",
      "POST /api/sales/daily/:date/close",
      "POST /api/sales/daily/:date/reopen",
      "POST /api/sales/daily/:date/cash-movements",
      "GET /api/reports/sales",
      "GET /api/reports/sales/export",
      "GET /api/exports/orders.csv",
      "GET /api/exports/clients.csv",
      "GET /api/exports/bookings.csv",
      "GET /api/exports/subscribers.csv",
      "GET /api/exports/pay-runs.csv",
      "POST /api/sales/:id/refund",
      "POST /api/sales/:id/void",
      "POST /api/sales/:id/email-receipt",
      "GET /api/staff",
      "PATCH /api/staff/:id",
      "DELETE /api/staff/:id",
      "PUT /api/staff/:id/schedules",
      "POST /api/staff/:id/access",
      "GET /api/staff-schedules",
      "GET /api/time-tracking",
      "POST /api/time-tracking/clock-in",
      "POST /api/time-tracking/clock-out",
      "PATCH /api/time-tracking/:id",
      "GET /api/pay-runs",
      "POST /api/pay-runs",
      "POST /api/pay-runs/:id/approve",
      "GET /api/staff/analytics",
      "GET /api/customers",
      "POST /api/customers",
      "GET /api/customers/:id",
      "PATCH /api/customers/:email",
      "DELETE /api/customers/:id",
      "GET /api/customers/:id/export",
      "POST /api/customers/:id/erase",
      "GET /api/customers/:id/duplicates",
      "GET /api/customers/:id/merge-preview",
      "POST /api/customers/:id/merge",
      "POST /api/client-merges/:id/undo",
      "GET /api/admin/settings",
      "PATCH /api/admin/settings",
      "GET /api/customers/:id/health",
      "POST /api/customers/:id/health",
      "DELETE /api/customers/:id/health/:entryId",
      "GET /api/subscribers",
      "GET /api/customer-notes/:email",
      "PUT /api/customer-notes/:email",
      "GET /api/sales",
      "POST /api/sales",
    ]) {
      expect(routes).toContain(expected);
    }
  });

  it("answers 401 on every non-public endpoint without a session", async () => {
    const admin = apiRoutes(t.app).filter((r) => !PUBLIC.has(r));
    expect(admin.length).toBeGreaterThan(15);
    const failures: string[] = [];
    for (const route of admin) {
      const [method, path] = route.split(" ") as [string, string];
      const url = path.replace(/:[a-zA-Z]+/g, "1");
      const res = await request(t.app)
        [method.toLowerCase() as "get"](url)
        .send(method === "GET" ? undefined : {});
      if (res.status !== 401) failures.push(`${route} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });
});
