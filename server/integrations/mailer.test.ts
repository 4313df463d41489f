import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "#server/db/schema/content.ts";
import { createTestApp, TEST_ADMIN } from "#server/testing/test-app.ts";
import { createMailer } from "./mailer.ts";

describe("mailer and outbox", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(() => t.close());

  const message = {
    kind: "test",
    to: "client@example.com",
    subject: "Your appointment",
    text: "See you soon",
  };

  it("keeps a message in the outbox when no SMTP server is configured", async () => {
    expect(await t.mailer.send(message)).toMatchObject({ status: "stored" });
  });

  it("keeps a message, marked failed, when the SMTP server cannot be reached", async () => {
    const mailer = createMailer({
      db: t.db,
      logger: pino({ level: "silent" }),
      smtpUrl: "smtp://127.0.0.1:9",
      from: "Clinic <clinic@example.com>",
    });
    const result = await mailer.send({ ...message, subject: "Unreachable" });
    expect(result.status).toBe("failed");
    const rows = await t.db.select().from(outbox);
    expect(rows.find((r) => r.subject === "Unreachable")).toMatchObject({ status: "failed" });
  });

  it("shows the outbox to a signed-in admin only", async () => {
    await request(t.app).get("/api/admin/outbox").expect(401);
    const agent = request.agent(t.app);
    await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    const res = await agent.get("/api/admin/outbox").expect(200);
    expect(res.body.map((m: { subject: string }) => m.subject)).toEqual([
      "Unreachable",
      "Your appointment",
    ]);
    expect(res.body[1]).toMatchObject({
      toAddress: "client@example.com",
      textBody: "See you soon",
    });
  });
});
