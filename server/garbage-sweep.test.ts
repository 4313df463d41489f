/**
 * Bad input never reaches a 5xx (issue 34 "Every admin write validates its fields like the public
 * ones"): every POST, PUT and PATCH of the real app's route table, signed in as the manager, gets
 * a body whose every known field (the keys of every zod schema in common/) holds one kind of
 * garbage at a time: negative and huge numbers, numbers as text, wrong types, very long text,
 * emoji. The answer may be 400, 404 or 409, never 500. (Control characters and lone surrogates
 * are server/text-hygiene.test.ts's sweep.) A body that is all garbage is mostly refused at its
 * first field, so this sweep catches a route that coerces or skips validation; garbage in one
 * field of an otherwise valid body (the outside fuzz's 500s on prices) is pinned per route in
 * server/money-limits.test.ts.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRouteTable } from "./testing/route-table.ts";
import { sharedFieldNames } from "./testing/shared-fields.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "./testing/test-app.ts";

/** One kind of garbage per body. */
const GARBAGE: Array<[string, unknown]> = [
  ["negative number", -1],
  ["negative number as text", "-1"],
  ["above int4", 2_147_483_648],
  ["huge number", 1e308],
  ["huge number as text", "99999999999999999999"],
  ["fraction", 0.5],
  ["object", { a: 1 }],
  ["array", [1, "x"]],
  ["boolean", true],
  ["long text", "x".repeat(20_000)],
  ["emoji", "💥🧴"],
];

/** Routes that end the session, wipe the data or are signed by a third party. */
const SKIPPED = /\/auth\/logout$|\/clear-data$|\/paystack\/webhook$|\/webhooks\/whatsapp$/;

describe.each(dbKinds)("garbage sweep on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let agent: ReturnType<typeof request.agent>;
  let fields: string[];
  beforeAll(async () => {
    t = await createTestApp(kind, {
      LOGIN_RATE_LIMIT: "100000",
      ADVISOR_RATE_LIMIT: "100000",
      PUBLIC_WRITE_RATE_LIMIT: "100000",
    });
    agent = request.agent(t.app);
    await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    fields = await sharedFieldNames();
  });
  afterAll(() => t?.close());

  it("answers every write with garbage in every field without a 5xx", async () => {
    const routes = apiRouteTable(t.app).filter(
      (r) => ["POST", "PUT", "PATCH"].includes(r.method) && !SKIPPED.test(r.path),
    );
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const [label, value] of GARBAGE) {
      const body: Record<string, unknown> = Object.fromEntries(fields.map((f) => [f, value]));
      body.items = [{ id: value, quantity: value, price: value }];
      body.lines = [{ id: value, quantity: value, price: value }];
      for (const route of routes) {
        const url = route.path.replace(/:(\w+)/g, "1");
        const method = route.method.toLowerCase() as "post" | "put" | "patch";
        const res = await agent[method](url).send(body);
        if (res.status >= 500) failures.push(`${route.key} ${label} → ${res.status}`);
        // A route that signed the manager out (two-step, password): sign in again.
        if (res.status === 401) await agent.post("/api/auth/login").send(TEST_ADMIN);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
