/**
 * Authorisation (issue 6): walks the whole API route table of the real Express app and proves
 * that every endpoint not on the public list answers 401 without an admin session. A new
 * endpoint is therefore either protected or consciously added to PUBLIC below.
 */
import type { Express } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, dbKinds } from "./testing/test-app.ts";

/** Public endpoints (ARCHITECTURE.md "API rules"): method and path as mounted under /api. */
const PUBLIC = new Set([
  "GET /api/config",
  "GET /api/config/environment",
  "GET /api/services",
  "GET /api/products",
  "GET /api/products/related",
  "GET /api/products/:id",
  "POST /api/bookings",
  "POST /api/newsletter",
  "POST /api/auth/login",
  "POST /api/auth/logout",
  "GET /api/auth/session",
  "POST /api/reviews",
  "POST /api/chatbot/treatment-recommendation",
  "POST /api/checkout/start",
  "POST /api/checkout",
  "POST /api/paystack/verify",
  "POST /api/paystack/test-payment",
  "POST /api/paystack/webhook",
]);

type Layer = {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  match?: (path: string) => unknown;
};

/** Every 'METHOD /api/path' of the app, found by walking the router stacks. */
function apiRoutes(app: Express): string[] {
  const routes: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const p of paths) {
          for (const [method, on] of Object.entries(layer.route.methods)) {
            if (on && method !== "_all") routes.push(`${method.toUpperCase()} ${prefix}${p}`);
          }
        }
      } else if (layer.handle?.stack) {
        // The /api router is mounted at '/api'; the module routers inside it at '/'.
        // Routers mounted at '/' (e.g. sitemap.xml, robots.txt) match any path: not the API.
        const isApi = Boolean(layer.match?.("/api/x")) && !layer.match?.("/not-api");
        if (prefix === "" && !isApi) continue;
        walk(layer.handle.stack, prefix === "" ? "/api" : prefix);
      }
    }
  };
  const root = (app as unknown as { router: { stack: Layer[] } }).router;
  walk(root.stack, "");
  return routes.filter((r) => r.split(" ")[1]?.startsWith("/api/"));
}

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
      "GET /api/appointments",
      "GET /api/appointments/upcoming",
      "POST /api/appointments",
      "PATCH /api/appointments/:id",
      "DELETE /api/appointments/:id",
      "GET /api/blocked-time",
      "POST /api/blocked-time",
      "PATCH /api/blocked-time/:id",
      "DELETE /api/blocked-time/:id",
      "GET /api/staff/:id/calendar-feed",
      "POST /api/staff/:id/calendar-feed",
      "DELETE /api/staff/:id/calendar-feed",
      "POST /api/staff",
      "GET /api/customers",
      "POST /api/customers",
      "GET /api/customers/:id",
      "PATCH /api/customers/:email",
      "DELETE /api/customers/:id",
      "GET /api/customers/:id/export",
      "POST /api/customers/:id/erase",
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
