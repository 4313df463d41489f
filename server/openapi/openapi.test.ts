/**
 * The OpenAPI description (issue 16): every route of the route table is described (and nothing
 * else), the document is valid OpenAPI 3.1 built from the zod schemas the routes parse, and
 * GET /api/openapi.json is for signed-in staff only.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRouteTable } from "#server/route-table.ts";
import { signedInMember } from "#server/testing/staff-accounts.ts";
import { createTestApp, TEST_ADMIN } from "#server/testing/test-app.ts";
import { buildOpenApiDocument, openApiPath } from "./document.ts";
import { API_OPERATIONS } from "./operations.ts";
import { referenceEntries } from "./reference.ts";

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        summary: string;
        security?: unknown[];
        "x-roles"?: string[];
        requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
        parameters?: Array<{ name: string; in: string }>;
      }
    >
  >;
};

describe("OpenAPI description", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("describes every route of the route table, and only those", () => {
    const served = apiRouteTable(t.app).map((r) => r.key);
    expect(served.filter((key) => !API_OPERATIONS[key])).toEqual([]);
    expect(Object.keys(API_OPERATIONS).filter((key) => !served.includes(key))).toEqual([]);
  });

  it("builds an OpenAPI 3.1 document with every route, its schemas and roles", () => {
    const doc = buildOpenApiDocument(apiRouteTable(t.app)) as unknown as Doc;
    expect(doc.openapi).toBe("3.1.0");
    for (const route of apiRouteTable(t.app)) {
      const op = doc.paths[openApiPath(route.path).path]?.[route.method.toLowerCase()];
      expect(op?.summary, route.key).toBe(API_OPERATIONS[route.key]?.summary);
    }
    const booking = doc.paths["/api/bookings"]?.post;
    const schema = booking?.requestBody?.content["application/json"]?.schema;
    expect(Object.keys((schema?.properties as object) ?? {})).toEqual(
      expect.arrayContaining(["name", "email", "phone", "service"]),
    );
    expect(booking?.security).toEqual([]);
    const refund = doc.paths["/api/orders/{id}/refund"]?.post;
    expect(refund?.["x-roles"]).toEqual(["manager"]);
    expect(refund?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "id", in: "path" })]),
    );
    const orders = doc.paths["/api/orders"]?.get;
    expect(orders?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(["status", "from", "to", "page", "pageSize"]),
    );
  });

  it("serves /api/openapi.json to signed-in staff only", async () => {
    await request(t.app).get("/api/openapi.json").expect(401);
    const manager = request.agent(t.app);
    await manager.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    const res = await manager.get("/api/openapi.json").expect(200);
    expect(res.body.openapi).toBe("3.1.0");
    expect(Object.keys(res.body.paths).length).toBeGreaterThan(80);
    const { agent } = await signedInMember(t.app, t.db, manager, "therapist");
    await agent.get("/api/openapi.json").expect(200);
  });

  it("flattens the document for the staff reference page, one entry per call", () => {
    const routes = apiRouteTable(t.app);
    const entries = referenceEntries(buildOpenApiDocument(routes));
    expect(entries).toHaveLength(routes.length);
    const refund = entries.find((e) => e.method === "POST" && e.path === "/api/orders/{id}/refund");
    expect(refund).toMatchObject({ tag: "Orders", roles: ["manager"] });
    expect(refund?.responses.map((r) => r.status)).toEqual(["200", "401", "403", "404"]);
    const login = entries.find((e) => e.path === "/api/auth/login");
    expect(login?.roles).toBeNull();
    expect(login?.requestBody).toMatchObject({ type: "object" });
  });
});
