/**
 * The outbox: every message is stored (enqueueMessage) before the one messages worker sends it,
 * the outcome of sending is recorded on the stored row, a send cut short is taken again when its
 * lease lapses, and staff can read the outbox.
 */
import { eq } from "drizzle-orm";
import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "#server/db/schema/content.ts";
import { createSmtpTransport, type EmailMessage } from "#server/integrations/smtp.ts";
import { enqueueMessage, type NewMessage } from "#server/modules/messages/service.ts";
import {
  CLAIM_LEASE_MS,
  installMessagesWorker,
  type MessageTransports,
  sendDueMessages,
  sendNow,
} from "#server/modules/messages/worker.ts";
import { createTestApp, TEST_ADMIN } from "#server/testing/test-app.ts";

describe("outbox and SMTP transport", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(() => t.close());

  const logger = pino({ level: "silent" });
  let events = 0;
  /** An email to enqueue, with subject `subject` (a new event each time). */
  const message = (subject: string): NewMessage => ({
    event: `test:${++events}`,
    channel: "email",
    template: "test",
    to: "client@example.com",
    subject,
    text: "See you soon",
  });
  const email = (smtp: MessageTransports["email"]): MessageTransports => ({
    email: smtp,
    whatsapp: null,
  });

  async function rowWithSubject(subject: string) {
    const [row] = await t.db.select().from(outbox).where(eq(outbox.subject, subject));
    return row;
  }

  async function enqueue(subject: string): Promise<number> {
    const queued = await enqueueMessage(t.db, message(subject));
    if (!queued) throw new Error("not enqueued");
    return queued.id;
  }

  it("keeps a message in the outbox when no SMTP server is configured", async () => {
    expect(t.smtp).toBeNull();
    const id = await enqueue("Your appointment");
    // The app's worker (no SMTP) keeps it as 'stored'.
    expect(await sendNow(t.db, id)).toBe("stored");
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
    const id = await enqueue("Delivered");
    const before = Date.now();
    const pass = await sendDueMessages({ db: t.db, transports: email(transport), logger });
    expect(pass.sent).toBe(1);
    // Stored first, then claimed as 'sending' under a lease a crash leaves to lapse.
    expect(whileSending?.status).toBe("sending");
    expect(whileSending?.nextAttemptAt?.getTime()).toBeGreaterThanOrEqual(before + CLAIM_LEASE_MS);
    expect(handedOver).toEqual([
      { kind: "test", to: "client@example.com", subject: "Delivered", text: "See you soon" },
    ]);
    const row = await rowWithSubject("Delivered");
    expect(row).toMatchObject({
      id,
      status: "sent",
      error: null,
      nextAttemptAt: null,
      attempts: 1,
    });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it("keeps a message, marked failed, when the SMTP server cannot be reached", async () => {
    const smtp = createSmtpTransport({
      url: "smtp://127.0.0.1:9",
      from: "Clinic <clinic@example.com>",
    });
    expect(smtp).not.toBeNull();
    await enqueue("Unreachable");
    const pass = await sendDueMessages({ db: t.db, transports: email(smtp), logger });
    expect(pass.retrying).toBe(1);
    const row = await rowWithSubject("Unreachable");
    expect(row).toMatchObject({ status: "failed", sentAt: null, attempts: 1 });
    expect(row?.error).toBeTruthy();
    expect(row?.nextAttemptAt).toBeInstanceOf(Date);
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
    // A send cut short: the process stopped after claiming the row and before the outcome.
    const stopped = { send: () => new Promise<void>(() => {}) };
    await enqueue("Cut short");
    void sendDueMessages({ db: t.db, transports: email(stopped), logger });
    await expect.poll(async () => (await rowWithSubject("Cut short"))?.status).toBe("sending");
    const sent: string[] = [];
    const smtp = {
      async send(m: EmailMessage) {
        sent.push(m.subject);
      },
    };
    // Within the lease the send may still be running: not touched.
    await sendDueMessages({ db: t.db, transports: email(smtp), logger }, new Date());
    expect(sent).not.toContain("Cut short");
    const pass = await sendDueMessages(
      { db: t.db, transports: email(smtp), logger },
      new Date(Date.now() + CLAIM_LEASE_MS + 1000),
    );
    expect(sent).toContain("Cut short");
    expect(pass.sent).toBeGreaterThanOrEqual(1);
    expect(await rowWithSubject("Cut short")).toMatchObject({
      status: "sent",
      attempts: 2,
      nextAttemptAt: null,
    });
  });

  it("sends a failed email written before issue 27 (no template) by the same rules", async () => {
    // 23:00 in Lagos: quiet hours hold back reminders only, never these.
    const now = new Date("2026-11-25T22:00:00Z");
    await t.db.insert(outbox).values({
      kind: "staff-invitation",
      toAddress: "old@example.com",
      subject: "Written by queueEmail",
      textBody: "Hello",
      status: "failed",
      error: "connection refused",
      attempts: 1,
      nextAttemptAt: new Date(now.getTime() - 1000),
    });
    const sent: EmailMessage[] = [];
    const smtp = {
      async send(m: EmailMessage) {
        sent.push(m);
      },
    };
    await sendDueMessages({ db: t.db, transports: email(smtp), logger }, now);
    expect(sent.map((m) => [m.kind, m.to])).toContainEqual(["staff-invitation", "old@example.com"]);
    expect(await rowWithSubject("Written by queueEmail")).toMatchObject({
      status: "sent",
      template: null,
      attempts: 2,
      error: null,
    });
  });

  it("sends one message now for a request that waits for it, and leaves the others due", async () => {
    const sent: string[] = [];
    installMessagesWorker({
      db: t.db,
      transports: email({
        async send(m: EmailMessage) {
          sent.push(m.subject);
        },
      }),
      logger,
    });
    const other = await enqueue("Left for the worker");
    const id = await enqueue("Receipt now");
    expect(await sendNow(t.db, id)).toBe("sent");
    expect(sent).toEqual(["Receipt now"]);
    expect(await rowWithSubject("Receipt now")).toMatchObject({ status: "sent", attempts: 1 });
    expect((await rowWithSubject("Left for the worker"))?.id).toBe(other);
    expect((await rowWithSubject("Left for the worker"))?.status).toBe("pending");
  });
});
