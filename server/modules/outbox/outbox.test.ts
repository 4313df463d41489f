/**
 * The outbox (ARCHITECTURE.md "email"): every email is stored before it is sent, the outcome of
 * sending is recorded on the stored row, and staff can read the outbox.
 */
import { eq } from "drizzle-orm";
import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "#server/db/schema/content.ts";
import { createSmtpTransport, type EmailMessage } from "#server/integrations/smtp.ts";
import { createTestApp, TEST_ADMIN } from "#server/testing/test-app.ts";
import { OUTBOX_SEND_LEASE_MS, queueEmail, retryFailedEmails } from "./service.ts";

describe("outbox and SMTP transport", () => {
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
  const logger = pino({ level: "silent" });

  async function rowWithSubject(subject: string) {
    const [row] = await t.db.select().from(outbox).where(eq(outbox.subject, subject));
    return row;
  }

  it("keeps a message in the outbox when no SMTP server is configured", async () => {
    expect(t.smtp).toBeNull();
    expect(await queueEmail({ db: t.db, smtp: t.smtp }, message)).toMatchObject({
      status: "stored",
    });
    expect(await rowWithSubject("Your appointment")).toMatchObject({
      status: "stored",
      toAddress: "client@example.com",
      textBody: "See you soon",
      sentAt: null,
    });
  });

  it("stores the message before handing it to the transport, then records it as sent", async () => {
    const handedOver: EmailMessage[] = [];
    let whileSending: { status: string; nextAttemptAt: Date | null } | undefined;
    const transport = {
      async send(sent: EmailMessage) {
        whileSending = await rowWithSubject(sent.subject);
        handedOver.push(sent);
      },
    };
    const before = Date.now();
    const result = await queueEmail(
      { db: t.db, smtp: transport, logger },
      { ...message, subject: "Delivered" },
    );
    expect(result.status).toBe("sent");
    // Stored first, as 'sending' under a lease the retry pass honours should the process stop.
    expect(whileSending?.status).toBe("sending");
    expect(whileSending?.nextAttemptAt?.getTime()).toBeGreaterThanOrEqual(
      before + OUTBOX_SEND_LEASE_MS,
    );
    expect(handedOver).toEqual([{ ...message, subject: "Delivered" }]);
    const row = await rowWithSubject("Delivered");
    expect(row).toMatchObject({
      id: result.outboxId,
      status: "sent",
      error: null,
      nextAttemptAt: null,
    });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it("keeps a message, marked failed, when the SMTP server cannot be reached", async () => {
    const smtp = createSmtpTransport({
      url: "smtp://127.0.0.1:9",
      from: "Clinic <clinic@example.com>",
    });
    expect(smtp).not.toBeNull();
    const result = await queueEmail(
      { db: t.db, smtp, logger },
      { ...message, subject: "Unreachable" },
    );
    expect(result.status).toBe("failed");
    const row = await rowWithSubject("Unreachable");
    expect(row).toMatchObject({ status: "failed", sentAt: null });
    expect(row?.error).toBeTruthy();
  });

  it("shows the outbox to a signed-in admin only, newest first", async () => {
    await request(t.app).get("/api/admin/outbox").expect(401);
    const agent = request.agent(t.app);
    await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    const res = await agent.get("/api/admin/outbox").expect(200);
    expect(res.body.map((m: { subject: string }) => m.subject)).toEqual([
      "Unreachable",
      "Delivered",
      "Your appointment",
    ]);
    expect(res.body[2]).toMatchObject({
      toAddress: "client@example.com",
      textBody: "See you soon",
      status: "stored",
    });
    expect(res.body[0]).toMatchObject({ status: "failed" });
  });

  it("sends again a message whose send never finished, once its lease has run out", async () => {
    // A send cut short: the process stopped after storing the row and before the outcome.
    const stopped = {
      send: () => new Promise<void>(() => {}),
    };
    void queueEmail({ db: t.db, smtp: stopped, logger }, { ...message, subject: "Cut short" });
    await expect.poll(async () => (await rowWithSubject("Cut short"))?.status).toBe("sending");
    const sent: string[] = [];
    const smtp = {
      async send(m: EmailMessage) {
        sent.push(m.subject);
      },
    };
    // Within the lease the send may still be running: not touched.
    await retryFailedEmails({ db: t.db, smtp, logger }, new Date());
    expect(sent).not.toContain("Cut short");
    const pass = await retryFailedEmails(
      { db: t.db, smtp, logger },
      new Date(Date.now() + OUTBOX_SEND_LEASE_MS + 1000),
    );
    expect(sent).toContain("Cut short");
    expect(pass.sent).toBeGreaterThanOrEqual(1);
    expect(await rowWithSubject("Cut short")).toMatchObject({
      status: "sent",
      attempts: 1,
      nextAttemptAt: null,
    });
  });
});
