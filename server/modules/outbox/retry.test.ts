/**
 * The admin outbox of issue 17: Retry on a failed message (roles, 400 for a message that did not
 * fail, 404 for none), and the list's status and channel filters as staff see them.
 */
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxListQuerySchema } from "#common/outbox.ts";
import { outbox } from "#server/db/schema/content.ts";
import { messagesWorkerFor } from "#server/modules/messages/worker.ts";
import { signedInMember } from "#server/testing/staff-accounts.ts";
import { createTestApp, TEST_ADMIN } from "#server/testing/test-app.ts";
import { listOutboxPage } from "./service.ts";

describe("admin outbox: retry and filters", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let manager: ReturnType<typeof request.agent>;
  let frontDesk: ReturnType<typeof request.agent>;
  let therapist: ReturnType<typeof request.agent>;
  const ids: Record<string, number> = {};

  async function insert(name: string, values: Partial<typeof outbox.$inferInsert>) {
    const [row] = await t.db
      .insert(outbox)
      .values({
        kind: name,
        template: name,
        channel: "email",
        toAddress: "ada@example.com",
        subject: `Subject ${name}`,
        textBody: "Hello",
        ...values,
      })
      .returning({ id: outbox.id });
    ids[name] = row?.id ?? 0;
  }

  beforeAll(async () => {
    t = await createTestApp("pglite", { LOGIN_RATE_LIMIT: "1000" });
    manager = request.agent(t.app);
    await manager.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    frontDesk = (await signedInMember(t.app, t.db, manager, "front_desk")).agent;
    therapist = (await signedInMember(t.app, t.db, manager, "therapist")).agent;
    await insert("failed-email", {
      status: "failed",
      error: "550 mailbox unavailable",
      attempts: 6,
    });
    await insert("failed-whatsapp", {
      channel: "whatsapp",
      toAddress: "+2348031234567",
      status: "failed",
      error: "131026: Message undeliverable",
      deliveryStatus: "failed",
    });
    await insert("sent-email", { status: "sent", sentAt: new Date() });
    await insert("delivered-whatsapp", {
      channel: "whatsapp",
      toAddress: "+2348031234567",
      status: "sent",
      deliveryStatus: "read",
    });
    await insert("stored-email", { status: "stored" });
  });
  afterAll(() => t?.close());

  const rowOf = async (name: string) =>
    (
      await t.db
        .select()
        .from(outbox)
        .where(eq(outbox.id, ids[name] ?? 0))
    )[0];

  it("lets a manager retry a failed message: due now, the worker kicked", async () => {
    const res = await manager.post(`/api/admin/outbox/${ids["failed-email"]}/retry`).expect(200);
    expect(res.body).toMatchObject({ id: ids["failed-email"], attempts: 6 });
    expect(res.body.status).not.toBe("failed");
    // The retry kicked the messages worker: without SMTP the email is kept as 'stored'.
    await messagesWorkerFor(t.db)?.idle();
    expect(await rowOf("failed-email")).toMatchObject({ status: "stored" });

    const again = await manager
      .post(`/api/admin/outbox/${ids["failed-whatsapp"]}/retry`)
      .expect(200);
    expect(again.body).toMatchObject({ deliveryStatus: null });
    expect(again.body.status).not.toBe("failed");
    await messagesWorkerFor(t.db)?.idle();
    expect((await rowOf("failed-whatsapp"))?.status).not.toBe("failed");
  });

  it("refuses the front desk and a therapist (the Outbox is the manager's) and a visitor", async () => {
    await frontDesk.post(`/api/admin/outbox/${ids["failed-email"]}/retry`).expect(403);
    await therapist.post(`/api/admin/outbox/${ids["stored-email"]}/retry`).expect(403);
    await request(t.app).post(`/api/admin/outbox/${ids["stored-email"]}/retry`).expect(401);
  });

  it("answers 400 for a message that did not fail and 404 for none", async () => {
    const sent = await manager.post(`/api/admin/outbox/${ids["sent-email"]}/retry`).expect(400);
    expect(sent.body.error.message).toBe("Only failed messages can be retried");
    expect((await rowOf("sent-email"))?.status).toBe("sent");
    await manager.post(`/api/admin/outbox/${ids["stored-email"]}/retry`).expect(400);
    await manager.post("/api/admin/outbox/999999/retry").expect(404);
    await manager.post("/api/admin/outbox/abc/retry").expect(404);
  });

  it("filters the list by shown status and channel on the server", async () => {
    const names = async (params: Record<string, string>) => {
      const page = await listOutboxPage(t.db, outboxListQuerySchema.parse(params));
      return page.rows.map((r) => r.kind).sort();
    };
    expect(await names({ status: "delivered" })).toEqual(["delivered-whatsapp"]);
    expect(await names({ status: "sent" })).toEqual(["sent-email"]);
    expect(await names({ channel: "whatsapp" })).toEqual(["delivered-whatsapp", "failed-whatsapp"]);
    // The staff invitations of beforeAll and the retried email are stored emails too.
    expect(await names({ status: "stored", channel: "email", q: "stored" })).toEqual([
      "stored-email",
    ]);
    expect(await names({ status: "failed" })).toEqual([]);
    expect(await names({ q: "delivered-WHATSAPP" })).toEqual(["delivered-whatsapp"]);
  });
});
