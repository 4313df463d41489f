/**
 * Roles (issue 13): walks the whole API route table of the real Express app. Every non-public
 * /api route must declare its roles with `requireRole(...)` (server/modules/auth/roles.ts); a
 * therapist's and a front desk's sessions get 403 on every route their role is not declared
 * for, and never the role refusal on a route that declares their role.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AccessRole, FORBIDDEN_MESSAGE, REFUSAL_PREFIX } from "#common/roles.ts";
import { declaredRoles } from "./modules/auth/roles.ts";
import { type ApiRoute, apiRouteTable, PUBLIC } from "./testing/route-table.ts";
import { signedInMember } from "./testing/staff-accounts.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "./testing/test-app.ts";

const rolesOf = (route: ApiRoute) =>
  route.handlers.map(declaredRoles).find((r) => r !== null) ?? null;

describe.each(dbKinds)("roles on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let manager: ReturnType<typeof request.agent>;
  const sessions = new Map<AccessRole, ReturnType<typeof request.agent>>();

  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "1000" });
    manager = request.agent(t.app);
    await manager.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    for (const role of ["therapist", "front_desk"] as const) {
      sessions.set(role, (await signedInMember(t.app, t.db, manager, role)).agent);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it("every non-public /api route declares its roles, and the role gate comes first", () => {
    const missing: string[] = [];
    for (const route of apiRouteTable(t.app)) {
      if (PUBLIC.has(route.key)) continue;
      if (declaredRoles(route.handlers[0]) === null) missing.push(route.key);
    }
    expect(missing).toEqual([]);
  });

  it("the ADMIN_USERNAME account is a manager", async () => {
    const res = await manager.get("/api/auth/session").expect(200);
    expect(res.body.user).toMatchObject({ username: TEST_ADMIN.username, role: "manager" });
  });

  it.each(["therapist", "front_desk"] as const)(
    "a %s gets 403 on every route not declared for the role, and is let through elsewhere",
    async (role) => {
      const agent = sessions.get(role) as ReturnType<typeof request.agent>;
      const refused: string[] = [];
      const wronglyRefused: string[] = [];
      let checked = 0;
      for (const route of apiRouteTable(t.app)) {
        const roles = rolesOf(route);
        if (PUBLIC.has(route.key) || !roles) continue;
        // Clearing data would end the sweep's own sessions; it is covered below.
        if (route.key === "POST /api/admin/clear-data" && roles.includes(role)) continue;
        const url = route.path.replace(/:[a-zA-Z]+/g, "1");
        const res = await agent[route.method.toLowerCase() as "get"](url).send(
          route.method === "GET" ? undefined : {},
        );
        // The area gates' FORBIDDEN_MESSAGE or a capability's rule (common/roles.ts refusalOf).
        const message = String(res.body?.error?.message ?? "");
        const isRoleRefusal = res.status === 403 && message.startsWith(REFUSAL_PREFIX);
        if (roles.includes(role)) {
          if (isRoleRefusal || res.status === 401)
            wronglyRefused.push(`${route.key} → ${res.status}`);
        } else {
          checked++;
          if (!isRoleRefusal) refused.push(`${route.key} → ${res.status}`);
        }
      }
      expect(refused).toEqual([]);
      expect(wronglyRefused).toEqual([]);
      expect(checked).toBeGreaterThan(10);
    },
  );

  it("manager-only endpoints named by the issue answer 403 to a therapist", async () => {
    const therapist = sessions.get("therapist") as ReturnType<typeof request.agent>;
    for (const [method, url] of [
      ["get", "/api/pay-runs"],
      ["post", "/api/pay-runs"],
      ["post", "/api/admin/clear-data"],
      ["post", "/api/staff"],
      ["patch", "/api/staff/1"],
      ["delete", "/api/staff/1"],
      ["get", "/api/staff/analytics"],
    ] as const) {
      const res = await therapist[method](url).send({});
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.error.message).toBe(FORBIDDEN_MESSAGE);
    }
  });
});
