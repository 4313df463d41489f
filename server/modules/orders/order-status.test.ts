/**
 * The client's order status page behind a signed link (issue 33; docs/decisions/0284): the link
 * from /api/paystack/verify and the confirmation email opens the order (status, items, delivery,
 * the staff's tracking note), and a tampered, forged or expired link is refused. Staff write the
 * tracking note with PATCH /api/orders/:id.
 */
import { eq, like } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_LINK_VALIDITY_DAYS } from "#common/order-status.ts";
import { auditLog } from "#server/db/schema/access.ts";
import { outbox } from "#server/db/schema/content.ts";
import { signValue } from "#server/signed-links.ts";
import { insertProduct } from "#server/testing/builders.ts";
import { orderPayload } from "#server/testing/orders.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";
import { readOrderStatus } from "./status-links.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe.each(dbKinds)("order status links on %s", (kind) => {
  let t: TestApp;
  let productId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    productId = (await insertProduct(t.db, { name: "Hydrating Toner", price: 9000, stock: 50 })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Places and pays (test-payment mode) an order; its verify answer's status link. */
  async function paidOrder(): Promise<{ link: URL; reference: string }> {
    const payload = orderPayload([{ id: productId, quantity: 2 }]);
    await request(t.app).post("/api/checkout/start").send(payload).expect(201);
    await request(t.app)
      .post("/api/paystack/test-payment")
      .send({ reference: payload.paymentReference, outcome: "approve" })
      .expect(200);
    const verify = await request(t.app)
      .post("/api/paystack/verify")
      .send({ reference: payload.paymentReference })
      .expect(200);
    expect(verify.body.data.statusUrl).toMatch(/^\/order\/\d+\?exp=\d+&sig=[\w-]{32}$/);
    return {
      link: new URL(verify.body.data.statusUrl, "http://localhost"),
      reference: payload.paymentReference,
    };
  }

  const read = (link: URL, now?: Date) =>
    readOrderStatus(
      t.db,
      t.config.SESSION_SECRET,
      link.pathname.split("/")[2] ?? "",
      link.searchParams.get("exp") ?? "",
      link.searchParams.get("sig") ?? "",
      now,
    );

  it("opens the paid order with its items and delivery, and the email carries the same link", async () => {
    const { link, reference } = await paidOrder();
    const page = await read(link);
    expect(page).toMatchObject({
      state: "ok",
      order: {
        status: "processing",
        firstName: "Adaeze",
        deliveryCity: "Lekki",
        deliveryState: "Lagos",
        trackingNote: null,
        items: [{ name: "Hydrating Toner", quantity: 2, price: 9000, lineTotal: 18000 }],
        subtotal: 18000,
        shipping: 2500,
        total: 20500,
      },
    });
    // Nothing a forwarded link should not carry.
    expect(JSON.stringify(page)).not.toMatch(/adaeze@example\.com|0803|Admiralty/);
    const [email] = await t.db
      .select({ text: outbox.textBody })
      .from(outbox)
      .where(like(outbox.textBody, `%${reference}%`))
      .orderBy(outbox.id);
    expect(email?.text).toContain(`Follow your order: http://localhost:`);
    expect(email?.text).toContain(link.pathname + link.search);
  });

  it("refuses a tampered id, expiry or signature, and an expired link", async () => {
    const { link } = await paidOrder();
    const id = Number(link.pathname.split("/")[2]);
    const otherId = new URL(link);
    otherId.pathname = `/order/${id - 1}`;
    expect(await read(otherId)).toEqual({ state: "invalid" });
    const longer = new URL(link);
    longer.searchParams.set("exp", String(Number(link.searchParams.get("exp")) + 86_400));
    expect(await read(longer)).toEqual({ state: "invalid" });
    const badSig = new URL(link);
    badSig.searchParams.set("sig", "x".repeat(32));
    expect(await read(badSig)).toEqual({ state: "invalid" });
    const junk = new URL(link);
    junk.searchParams.set("exp", "tomorrow");
    expect(await read(junk)).toEqual({ state: "invalid" });
    // Signed with another key (another purpose's signature does not validate either).
    const review = new URL(link);
    review.searchParams.set(
      "sig",
      signValue(t.config.SESSION_SECRET, "review", `${id}.${link.searchParams.get("exp")}`),
    );
    expect(await read(review)).toEqual({ state: "invalid" });
    const later = new Date(Date.now() + (ORDER_LINK_VALIDITY_DAYS + 1) * 86_400_000);
    expect(await read(link, later)).toEqual({ state: "expired" });
  });

  it("shows the staff's tracking note and status as they change them (PATCH, audited)", async () => {
    const { link } = await paidOrder();
    const id = Number(link.pathname.split("/")[2]);
    await request(t.app).patch(`/api/orders/${id}`).send({ trackingNote: "GIG" }).expect(401);
    const agent = request.agent(t.app);
    await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    const bad = await agent.patch(`/api/orders/${id}`).send({}).expect(400);
    expect(JSON.stringify(bad.body)).toContain("Status must be one of");
    await agent
      .patch(`/api/orders/${id}`)
      .send({ trackingNote: "x".repeat(501) })
      .expect(400);
    const noted = await agent
      .patch(`/api/orders/${id}`)
      .send({ status: "shipped", trackingNote: "  GIG Logistics, waybill 12345; arrives Friday " })
      .expect(200);
    expect(noted.body).toMatchObject({
      status: "shipped",
      trackingNote: "GIG Logistics, waybill 12345; arrives Friday",
    });
    expect(await read(link)).toMatchObject({
      state: "ok",
      order: { status: "shipped", trackingNote: "GIG Logistics, waybill 12345; arrives Friday" },
    });
    // The note alone, then cleared: the status stays.
    await agent.patch(`/api/orders/${id}`).send({ trackingNote: "" }).expect(200);
    expect(await read(link)).toMatchObject({
      state: "ok",
      order: { status: "shipped", trackingNote: null },
    });
    const records = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(records.some((r) => JSON.stringify(r.details).includes("waybill 12345"))).toBe(true);
  });
});
