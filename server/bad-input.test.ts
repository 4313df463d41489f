/**
 * Bad input never reaches a 500 (ARCHITECTURE.md "API rules"): every public and admin write
 * endpoint answers 4xx to bodies of the wrong shape.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ADMIN } from "./testing/test-app.ts";

const BODIES: unknown[] = [[], "text", 42, null, { unexpected: { nested: true } }, { email: 5 }];

const WRITES: Array<["post" | "patch" | "put", string]> = [
  ["post", "/api/bookings"],
  ["post", "/api/newsletter"],
  ["post", "/api/cookie-consent"],
  ["post", "/api/auth/login"],
  ["post", "/api/chatbot/treatment-recommendation"],
  ["post", "/api/checkout/start"],
  ["post", "/api/checkout"],
  ["post", "/api/paystack/verify"],
  ["post", "/api/reviews"],
  ["post", "/api/services"],
  ["patch", "/api/services/1"],
  ["post", "/api/products"],
  ["patch", "/api/products/1"],
  ["patch", "/api/bookings/1"],
  ["post", "/api/send-review-request"],
  ["patch", "/api/orders/1"],
  ["post", "/api/appointments"],
  ["patch", "/api/appointments/1"],
  ["patch", "/api/appointments/booking-1"],
  ["post", "/api/blocked-time"],
  ["patch", "/api/blocked-time/1"],
  ["post", "/api/staff"],
  ["post", "/api/surcharges"],
  ["patch", "/api/surcharges/1"],
  ["post", "/api/pos/process-sale"],
  ["post", "/api/sales"],
  ["post", "/api/sales/1/refund"],
  ["post", "/api/sales/1/void"],
  ["post", "/api/sales/1/email-receipt"],
  ["post", "/api/sales/daily/2026-01-01/close"],
  ["post", "/api/sales/daily/2026-01-01/reopen"],
  ["post", "/api/sales/daily/2026-01-01/cash-movements"],
  ["patch", "/api/staff/1"],
  ["put", "/api/staff/1/schedules"],
  ["post", "/api/staff/1/access"],
  ["post", "/api/time-tracking/clock-in"],
  ["post", "/api/time-tracking/clock-out"],
  ["post", "/api/time-tracking/break-start"],
  ["post", "/api/time-tracking/break-end"],
  ["patch", "/api/time-tracking/1"],
  ["post", "/api/pay-runs"],
  ["post", "/api/auth/invitations/not-a-real-invitation-token-xyz"],
  ["post", "/api/customers"],
  ["patch", "/api/customers/ada@example.com"],
  ["put", "/api/customer-notes/ada@example.com"],
  ["post", "/api/customers/1/health"],
  ["post", "/api/sales"],
  ["post", "/api/auth/login/code"],
  ["post", "/api/auth/totp/confirm"],
  ["post", "/api/auth/totp/disable"],
];

describe("bad input", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let agent: ReturnType<typeof request.agent>;
  beforeAll(async () => {
    t = await createTestApp("pglite", { LOGIN_RATE_LIMIT: "1000", ADVISOR_RATE_LIMIT: "1000" });
    agent = request.agent(t.app);
    await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
  });
  afterAll(() => t.close());

  it("answers 4xx, never 5xx, to wrongly shaped bodies on every write endpoint", async () => {
    const failures: string[] = [];
    for (const [method, path] of WRITES) {
      for (const body of BODIES) {
        const res = await agent[method](path)
          .set("content-type", "application/json")
          .send(JSON.stringify(body));
        if (res.status < 400 || res.status >= 500) {
          failures.push(`${method.toUpperCase()} ${path} ${JSON.stringify(body)} → ${res.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers 400 to a NUL character in a query or a body (PostgreSQL text cannot hold one)", async () => {
    const failures: string[] = [];
    const gets = [
      "/api/admin/search?q=ab%00cd",
      "/api/appointments?customerEmail=a%00b%40example.com",
      "/api/products/related?id=1%00",
      "/api/customers?q=a%00b",
      "/api/sales?customerEmail=a%00b%40example.com",
    ];
    for (const path of gets) {
      const res = await agent.get(path);
      if (res.status !== 400) failures.push(`GET ${path} → ${res.status}`);
    }
    const body = { name: "Ada\u0000Obi", email: "ada@example.com", phone: "08031234567" };
    for (const [method, path] of WRITES) {
      const res = await agent[method](path).send(body);
      if (res.status !== 400) failures.push(`${method.toUpperCase()} ${path} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it("answers 4xx, never 5xx, to bad calendar queries and feed paths", async () => {
    const failures: string[] = [];
    for (const path of [
      "/api/appointments?staffId=1&staffId=2",
      "/api/appointments?staffId=abc",
      "/api/appointments?from=2030-13-45",
      "/api/appointments?customerEmail=a&customerEmail=b",
      "/api/appointments?from=2030-01-02&to=2030-01-01",
      "/api/blocked-time?to=2030-01-01T25:00:00Z",
      "/api/staff/abc/calendar-feed",
      "/api/staff/99999999999/calendar-feed",
      "/api/sales?date=2026-13-01",
      "/api/sales?customerEmail=a&customerEmail=b",
      "/api/sales/daily/2026-02-30",
      "/api/sales/daily/2026-01-01%00",
      "/api/sales/daily/%E0%A4%A/export",
      "/api/reports/sales?from=2026-13-01&to=2026-01-02",
      "/api/reports/sales?from=2026-01-01&from=2026-01-02&to=2026-01-03",
      "/api/reports/sales?from=2026-01-05&to=2026-01-01",
      "/api/reports/sales/export?from=2024-01-01&to=2026-01-01",
      "/api/exports/orders.csv?from=2026-02-30",
      "/api/exports/clients.csv?q=a&q=b",
      "/api/sales/99999999999",
      "/api/sales?customerEmail=a&customerEmail=b",
      "/api/customers/abc",
      "/api/customers/99999999999/export",
      "/api/customer-notes/not-an-email",
    ]) {
      const res = await agent.get(path);
      if (res.status < 400 || res.status >= 500) failures.push(`GET ${path} → ${res.status}`);
    }
    for (const path of ["/calendar/staff/x.ics", "/calendar/staff/%E0%A4%A.ics"]) {
      const res = await agent.get(path);
      if (res.status !== 404 && res.status !== 400) failures.push(`GET ${path} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });
});
