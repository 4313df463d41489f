/** POST /api/staff (admin spec §3 "Staff member", §7): admin-only, validated, unique email. */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ADMIN } from "#server/testing/test-app.ts";

describe("POST /api/staff", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let agent: ReturnType<typeof request.agent>;
  beforeAll(async () => {
    t = await createTestApp("pglite", { LOGIN_RATE_LIMIT: "1000" });
    agent = request.agent(t.app);
    await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
  });
  afterAll(() => t.close());

  it("needs an admin session", async () => {
    await request(t.app)
      .post("/api/staff")
      .send({ firstName: "Ada", lastName: "Obi", email: "ada@example.com" })
      .expect(401);
  });

  it("creates a member with the spec's defaults and refuses a duplicate email", async () => {
    const res = await agent
      .post("/api/staff")
      .send({ firstName: "Ada", lastName: "Obi", email: "ada@example.com", hourlyRate: "2500" })
      .expect(201);
    expect(res.body).toMatchObject({
      firstName: "Ada",
      lastName: "Obi",
      email: "ada@example.com",
      role: "therapist",
      department: "treatments",
      status: "active",
      hourlyRate: "2500.00",
    });
    const again = await agent
      .post("/api/staff")
      .send({ firstName: "Ada", lastName: "Two", email: "ADA@example.com" })
      .expect(409);
    expect(again.body.error.message).toBe("A staff member with this email already exists");
  });

  it("answers the spec's field messages", async () => {
    const res = await agent.post("/api/staff").send({ role: "boss" }).expect(400);
    expect(res.body.error.fields).toMatchObject({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Valid email is required",
    });
  });
});
