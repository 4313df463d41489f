/**
 * API tests of the payment path with the real Paystack client against a local fake Paystack
 * server (PAYSTACK_BASE_URL), and of test-payment mode (no keys): server pricing, amount and
 * currency checks, exactly-once completion under concurrency, stock never below zero, webhook
 * signatures, answers from the database for paid orders, and the admin order routes with their
 * audit records (storefront spec §7, §8; notes/paystack.md).
 */
import { and, count, eq, like } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPaymentReference, orderPayloadSchema } from "#common/checkout.ts";
import { auditLog } from "#server/db/schema/access.ts";
import { products } from "#server/db/schema/catalog.ts";
import { outbox } from "#server/db/schema/content.ts";
import { orders } from "#server/db/schema/orders.ts";
import { webhookSignature } from "#server/integrations/paystack.ts";
import { insertProduct } from "#server/testing/builders.ts";
import {
  FAKE_SECRET_KEY,
  type FakePaystack,
  startFakePaystack,
} from "#server/testing/fake-paystack.ts";
import { orderPayload } from "#server/testing/orders.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";
import { completeOrder } from "./completion.ts";
import { createPendingOrder } from "./pending.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

async function stockOf(t: TestApp, id: number): Promise<number> {
  const [row] = await t.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, id));
  return row?.stock ?? Number.NaN;
}

async function orderRow(t: TestApp, reference: string) {
  const rows = await t.db.select().from(orders).where(eq(orders.paymentReference, reference));
  return rows;
}

async function signIn(t: TestApp) {
  const agent = request.agent(t.app);
  await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
  return agent;
}

/** Shuffles in place (Fisher–Yates) so the calls race in no fixed order. */
function shuffle<T>(list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

describe.each(dbKinds)("checkout with Paystack (fake server) on %s", (kind) => {
  let t: TestApp;
  let fake: FakePaystack;
  let cleanserId: number;
  let serumId: number;

  beforeAll(async () => {
    fake = await startFakePaystack();
    t = await createTestApp(kind, fake.env);
    cleanserId = (
      await insertProduct(t.db, { name: "Gentle Foaming Cleanser", price: 12500, stock: 50 })
    ).id;
    serumId = (await insertProduct(t.db, { name: "Vitamin C Serum", price: 30000.5, stock: 50 }))
      .id;
  });

  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  function start(payload: ReturnType<typeof orderPayload>) {
    return request(t.app).post("/api/checkout/start").send(payload);
  }

  it("prices the order from the database and the state, ignoring a tampered total", async () => {
    const payload = orderPayload(
      [
        { id: cleanserId, quantity: 2, price: "1" },
        { id: serumId, quantity: 1, price: "1" },
      ],
      { subtotal: "3", shipping: "0", total: "3" },
    );
    const res = await start(payload).expect(201);
    // 2 × 12,500 + 30,000.50 + Lagos delivery 2,500.
    expect(res.body).toMatchObject({
      reference: payload.paymentReference,
      subtotal: 55000.5,
      shipping: 2500,
      total: 57500.5,
      amountKobo: 5750050,
      currency: "NGN",
      mode: "paystack",
      accessCode: `access_${payload.paymentReference}`,
    });
    // Paystack was initialised with the server's amount, not the browser's.
    expect(fake.transactions.get(payload.paymentReference)?.amount).toBe(5750050);

    fake.pay(payload.paymentReference, { amount: 5750050 });
    const before = await stockOf(t, cleanserId);
    const done = await request(t.app).post("/api/checkout").send(payload).expect(201);
    expect(done.body).toMatchObject({ status: "processing", total: 57500.5, subtotal: 55000.5 });
    expect(done.body.items).toEqual([
      expect.objectContaining({ productId: cleanserId, quantity: 2, price: 12500 }),
      expect.objectContaining({ productId: serumId, quantity: 1, price: 30000.5 }),
    ]);
    expect(await stockOf(t, cleanserId)).toBe(before - 2);
  });

  it("verify completes the order and answers its id and stored total; the browser needs no second call", async () => {
    const payload = orderPayload([{ id: serumId, quantity: 2 }], { deliveryState: "Kano" });
    const started = await start(payload).expect(201);
    // 2 × 30,000.50 + Kano delivery 3,500.
    expect(started.body).toMatchObject({ total: 63501, amountKobo: 6350100 });
    fake.pay(payload.paymentReference, { amount: 6350100 });
    const before = await stockOf(t, serumId);

    const verify = await request(t.app)
      .post("/api/paystack/verify")
      .send({ reference: payload.paymentReference })
      .expect(200);
    const [row] = await orderRow(t, payload.paymentReference);
    expect(verify.body).toEqual({
      verified: true,
      data: {
        reference: payload.paymentReference,
        status: "success",
        amount: 63501,
        currency: "NGN",
        orderId: row?.id,
        orderStatus: "processing",
        message: "Payment verified",
        statusUrl: expect.stringMatching(
          new RegExp(`^/order/${row?.id}\\?exp=\\d+&sig=[\\w-]{32}$`),
        ),
      },
    });
    expect(row).toMatchObject({ status: "processing", totalKobo: 6350100 });
    expect(await stockOf(t, serumId)).toBe(before - 2);
    const [emails] = await t.db
      .select({ n: count() })
      .from(outbox)
      .where(like(outbox.textBody, `%${payload.paymentReference}%`));
    expect(emails?.n).toBe(2);
  });

  it("answers an already-paid order from the database without asking Paystack again", async () => {
    const payload = orderPayload([{ id: cleanserId, quantity: 1 }]);
    const started = await start(payload).expect(201);
    fake.pay(payload.paymentReference, { amount: started.body.amountKobo });
    await request(t.app)
      .post("/api/paystack/verify")
      .send({ reference: payload.paymentReference })
      .expect(200);
    const asked = fake.verifyCalls.get(payload.paymentReference);
    expect(asked).toBe(1);
    // Paystack would now say something else: the stored, paid order is the answer.
    fake.pay(payload.paymentReference, { amount: 1, status: "reversed" });

    const again = await request(t.app)
      .post("/api/paystack/verify")
      .send({ reference: payload.paymentReference })
      .expect(200);
    expect(again.body).toMatchObject({
      verified: true,
      data: { status: "success", amount: 15000, orderStatus: "processing" },
    });
    // The spec's POST /api/checkout, even with the browser's own (wrong) totals: 200, stored order.
    const checkout = await request(t.app)
      .post("/api/checkout")
      .send({ ...payload, subtotal: "1.00", shipping: "0.00", total: "1.00" })
      .expect(200);
    expect(checkout.body).toMatchObject({
      id: again.body.data.orderId,
      status: "processing",
      subtotal: 12500,
      shipping: 2500,
      total: 15000,
      paymentReference: payload.paymentReference,
    });
    expect(fake.verifyCalls.get(payload.paymentReference)).toBe(asked);
    const [emails] = await t.db
      .select({ n: count() })
      .from(outbox)
      .where(like(outbox.textBody, `%${payload.paymentReference}%`));
    expect(emails?.n).toBe(2);
  });

  it("verify says not-found, with no amount, for a transaction Paystack does not know", async () => {
    const payload = orderPayload([{ id: cleanserId, quantity: 1 }]);
    await start(payload).expect(201);
    fake.transactions.delete(payload.paymentReference);
    const verify = await request(t.app)
      .post("/api/paystack/verify")
      .send({ reference: payload.paymentReference })
      .expect(200);
    expect(verify.body).toMatchObject({
      verified: false,
      data: { status: "not-found", amount: null, currency: null, orderId: null },
    });
    await request(t.app).post("/api/checkout").send(payload).expect(402);
    expect((await orderRow(t, payload.paymentReference))[0]?.status).toBe("pending");
  });

  it("a checkout without /start is priced by the server too, and refused if underpaid", async () => {
    const payload = orderPayload([{ id: cleanserId, quantity: 1, price: "0.01" }], {
      total: "0.01",
    });
    // The browser paid what it claimed (₦0.01), not the server's ₦15,000 total.
    fake.pay(payload.paymentReference, { amount: 1 });
    const before = await stockOf(t, cleanserId);
    await request(t.app).post("/api/checkout").send(payload).expect(409);
    expect((await orderRow(t, payload.paymentReference))[0]).toMatchObject({
      status: "pending",
      totalKobo: 1500000,
    });
    expect(await stockOf(t, cleanserId)).toBe(before);
  });

  it.each([
    ["FCT", 3000],
    ["Kano", 3500],
    ["Rivers", 3500],
    ["Ekiti", 4000],
    ["Lagos", 2500],
  ])("charges the delivery cost of %s (₦%i)", async (state, cost) => {
    const res = await start(
      orderPayload([{ id: cleanserId, quantity: 1 }], { deliveryState: state }),
    ).expect(201);
    expect(res.body.shipping).toBe(cost);
    expect(res.body.total).toBe(12500 + cost);
  });

  it.each([
    ["another amount", { amount: 100 }],
    ["another currency", { currency: "USD" }],
    ["a failed payment", { status: "failed" }],
  ])("refuses a verification reporting %s", async (_what, over) => {
    const payload = orderPayload([{ id: cleanserId, quantity: 1 }]);
    const started = await start(payload).expect(201);
    fake.pay(payload.paymentReference, { amount: started.body.amountKobo, ...over });
    const before = await stockOf(t, cleanserId);

    const verify = await request(t.app)
      .post("/api/paystack/verify")
      .send({ reference: payload.paymentReference })
      .expect(200);
    expect(verify.body.verified).toBe(false);
    const checkout = await request(t.app).post("/api/checkout").send(payload);
    expect([402, 409]).toContain(checkout.status);

    expect((await orderRow(t, payload.paymentReference))[0]?.status).toBe("pending");
    expect(await stockOf(t, cleanserId)).toBe(before);
  });

  it("a reused reference with another cart is refused with 409, a retried one is not", async () => {
    const payload = orderPayload([{ id: cleanserId, quantity: 1 }]);
    const first = await start(payload).expect(201);
    const retried = await start(payload).expect(200);
    expect(retried.body.orderId).toBe(first.body.orderId);
    expect(retried.body.accessCode).toBe(first.body.accessCode);
    const other = await start({ ...payload, items: [{ id: serumId, quantity: 4, price: "1" }] });
    expect(other.status).toBe(409);
    expect(other.body.error.message).toBe(
      "This payment reference is already used for another order",
    );
  });

  it("verify answers 404 for a reference no order was started with, 400 for a malformed one", async () => {
    await request(t.app)
      .post("/api/paystack/verify")
      .send({ reference: newPaymentReference() })
      .expect(404);
    const bad = await request(t.app)
      .post("/api/paystack/verify")
      .send({ reference: "abc" })
      .expect(400);
    expect(bad.body.error.fields.reference).toBe("Invalid payment reference");
  });

  it("the same reference verified, checked out and webhooked many times at once yields one order", async () => {
    const payload = orderPayload([{ id: serumId, quantity: 3 }]);
    const started = await start(payload).expect(201);
    fake.pay(payload.paymentReference, { amount: started.body.amountKobo });
    const before = await stockOf(t, serumId);
    const hook = fake.webhook(payload.paymentReference);

    const calls = shuffle([
      ...Array.from({ length: 8 }, () =>
        request(t.app).post("/api/paystack/verify").send({ reference: payload.paymentReference }),
      ),
      ...Array.from({ length: 8 }, () => request(t.app).post("/api/checkout").send(payload)),
      ...Array.from({ length: 8 }, () =>
        request(t.app)
          .post("/api/paystack/webhook")
          .set("Content-Type", "application/json")
          .set("x-paystack-signature", hook.signature)
          .send(hook.body),
      ),
    ]);
    const results = await Promise.all(calls);
    for (const res of results) expect(res.status).toBeLessThan(300);
    const checkouts = results.filter((r) => r.body.paymentReference === payload.paymentReference);
    expect(new Set(checkouts.map((r) => r.body.id)).size).toBe(1);

    const rows = await orderRow(t, payload.paymentReference);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe("processing");
    expect(await stockOf(t, serumId)).toBe(before - 3);
    // One confirmation to the client and one to the clinic, not one per call.
    const [emails] = await t.db
      .select({ n: count() })
      .from(outbox)
      .where(like(outbox.textBody, `%${payload.paymentReference}%`));
    expect(emails?.n).toBe(2);

    // Later calls still say it is paid, and change nothing.
    const again = await request(t.app)
      .post("/api/paystack/verify")
      .send({ reference: payload.paymentReference })
      .expect(200);
    expect(again.body).toMatchObject({ verified: true, data: { orderId: rows[0]?.id } });
    expect(await stockOf(t, serumId)).toBe(before - 3);
  });

  it("20 concurrent buyers of the last 3 units: 3 reserve and pay, 17 get 409 before paying", async () => {
    const lastThree = (
      await insertProduct(t.db, { name: "Last Units Eye Cream", price: 18000, stock: 3 })
    ).id;
    const payloads = Array.from({ length: 20 }, () =>
      orderPayload([{ id: lastThree, quantity: 1 }]),
    );
    const starts = await Promise.all(payloads.map((payload) => start(payload)));
    const started = starts.filter((r) => r.status === 201);
    const refused = starts.filter((r) => r.status === 409);
    expect([started.length, refused.length]).toEqual([3, 17]);
    for (const res of refused) {
      expect(res.body.error.message).toBe("Last Units Eye Cream is currently out of stock.");
    }
    // The shop shows it sold out while the three checkouts hold it; the shelf still has 3.
    const shown = await request(t.app).get(`/api/products/${lastThree}`).expect(200);
    expect(shown.body.stock).toBe(0);
    expect(await stockOf(t, lastThree)).toBe(3);
    // Only the 3 who hold units were sent to Paystack; they pay.
    const paying = payloads.filter((p) =>
      started.some((r) => r.body.reference === p.paymentReference),
    );
    for (const payload of paying) {
      const amount = started.find((r) => r.body.reference === payload.paymentReference)?.body
        .amountKobo;
      fake.pay(payload.paymentReference, { amount });
    }
    const results = await Promise.all(
      paying.map((payload) => request(t.app).post("/api/checkout").send(payload)),
    );
    expect(results.map((r) => [r.status, r.body.status])).toEqual([
      [201, "processing"],
      [201, "processing"],
      [201, "processing"],
    ]);
    expect(await stockOf(t, lastThree)).toBe(0);
    const [refunds] = await t.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.status, "refund-required"));
    expect(refunds?.n).toBe(0);
  });

  it("a reference started twice answers the same order: 201 once, then 200", async () => {
    const payload = orderPayload([{ id: cleanserId, quantity: 1 }]);
    const results = await Promise.all(Array.from({ length: 20 }, () => start(payload)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(19);
    expect(new Set(results.map((r) => r.body.orderId)).size).toBe(1);
    expect(await orderRow(t, payload.paymentReference)).toHaveLength(1);
  });

  it("a reference started again while it holds the last unit answers the same order, not 'out of stock'", async () => {
    const last = (await insertProduct(t.db, { name: "Last Serum", price: 12000, stock: 1 })).id;
    const payload = orderPayload([{ id: last, quantity: 1 }]);
    const results = await Promise.all(Array.from({ length: 10 }, () => start(payload)));
    expect(results.map((r) => r.status).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(results.map((r) => r.body.orderId)).size).toBe(1);
    expect(await orderRow(t, payload.paymentReference)).toHaveLength(1);
  });

  it("an expired reservation frees the units at once; a late payment is re-checked and refunded", async () => {
    const last = (await insertProduct(t.db, { name: "Last Toner", price: 9000, stock: 1 })).id;
    const slow = orderPayload([{ id: last, quantity: 1 }]);
    const slowStart = await start(slow).expect(201);
    const other = orderPayload([{ id: last, quantity: 1 }], { customerEmail: "b@example.com" });
    await start(other).expect(409);
    // The slow buyer's reservation passes; no job runs, the next read sees the unit free.
    await t.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.paymentReference, slow.paymentReference));
    expect((await request(t.app).get(`/api/products/${last}`)).body.stock).toBe(1);
    const otherStart = await start(other).expect(201);
    // The slow buyer pays anyway: the unit is held by the other buyer, so a refund is needed.
    fake.pay(slow.paymentReference, { amount: slowStart.body.amountKobo });
    const late = await request(t.app).post("/api/checkout").send(slow).expect(201);
    expect(late.body.status).toBe("refund-required");
    fake.pay(other.paymentReference, { amount: otherStart.body.amountKobo });
    const paid = await request(t.app).post("/api/checkout").send(other).expect(201);
    expect(paid.body.status).toBe("processing");
    expect(await stockOf(t, last)).toBe(0);

    // The admin lists refund-required orders and refunds through Paystack's refund API, once.
    const admin = await signIn(t);
    const listed = await admin.get("/api/orders?status=refund-required").expect(200);
    expect(listed.body.map((o: { id: number }) => o.id)).toContain(late.body.id);
    const [first, second] = await Promise.all([
      admin.post(`/api/orders/${late.body.id}/refund`),
      admin.post(`/api/orders/${late.body.id}/refund`),
    ]);
    expect([first?.status, second?.status].sort()).toEqual([200, 409]);
    expect(fake.refunds.get(slow.paymentReference)).toBe(slowStart.body.amountKobo);
    const [row] = await orderRow(t, slow.paymentReference);
    expect(row?.status).toBe("refunded");
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "order.refund"), eq(auditLog.entityId, String(row?.id))));
    expect(audit?.details).toMatchObject({ amountKobo: slowStart.body.amountKobo });
    // A paid order that needs no refund cannot be refunded.
    await admin.post(`/api/orders/${paid.body.id}/refund`).expect(409);
  });

  it("verify of a payment whose stock sold out meanwhile answers 'refund-required', and the client's email says refund, not confirmed", async () => {
    const last = (await insertProduct(t.db, { name: "Last Mask", price: 8000, stock: 1 })).id;
    const payload = orderPayload([{ id: last, quantity: 1 }]);
    const started = await start(payload).expect(201);
    // The unit leaves the shelf (a till sale) while the client is on Paystack's page.
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, last));
    fake.pay(payload.paymentReference, { amount: started.body.amountKobo });
    const verify = await request(t.app)
      .post("/api/paystack/verify")
      .send({ reference: payload.paymentReference })
      .expect(200);
    expect(verify.body).toMatchObject({
      verified: true,
      data: { orderStatus: "refund-required", amount: 10500 },
    });
    const [email] = await t.db
      .select({ subject: outbox.subject, text: outbox.textBody })
      .from(outbox)
      .where(
        and(
          eq(outbox.toAddress, payload.customerEmail),
          like(outbox.textBody, `%${payload.paymentReference}%`),
        ),
      );
    expect(email?.subject).toMatch(/we will refund your payment$/);
    expect(email?.text).toContain("sold out while you were paying");
    expect(email?.text).toContain(
      "We will refund the full ₦10,500.00 to the card or account you paid with",
    );
    expect(email?.text).not.toContain("confirmed");
  });

  it("refuses a webhook with a bad or missing signature and changes nothing", async () => {
    const payload = orderPayload([{ id: cleanserId, quantity: 1 }]);
    const started = await start(payload).expect(201);
    fake.pay(payload.paymentReference, { amount: started.body.amountKobo });
    const before = await stockOf(t, cleanserId);
    const hook = fake.webhook(payload.paymentReference);

    const tampered = hook.body.replace(`"amount":${started.body.amountKobo}`, '"amount":1');
    for (const [body, signature] of [
      [hook.body, "0".repeat(128)],
      [tampered, hook.signature],
      [hook.body, undefined],
    ] as const) {
      const req = request(t.app)
        .post("/api/paystack/webhook")
        .set("Content-Type", "application/json");
      if (signature) req.set("x-paystack-signature", signature);
      await req.send(body).expect(401);
    }
    expect((await orderRow(t, payload.paymentReference))[0]?.status).toBe("pending");
    expect(await stockOf(t, cleanserId)).toBe(before);

    // The right signature completes it, from another site's Origin too (no Origin check here).
    await request(t.app)
      .post("/api/paystack/webhook")
      .set("Content-Type", "application/json")
      .set("Origin", "https://api.paystack.co")
      .set("x-paystack-signature", hook.signature)
      .send(hook.body)
      .expect(200);
    expect((await orderRow(t, payload.paymentReference))[0]?.status).toBe("processing");
    expect(await stockOf(t, cleanserId)).toBe(before - 1);
  });

  it("acknowledges signed events it does not act on, and changes nothing", async () => {
    const payload = orderPayload([{ id: cleanserId, quantity: 1 }]);
    const started = await start(payload).expect(201);
    fake.pay(payload.paymentReference, { amount: started.body.amountKobo });
    const before = await stockOf(t, cleanserId);
    const send = (body: string) =>
      request(t.app)
        .post("/api/paystack/webhook")
        .set("Content-Type", "application/json")
        .set("x-paystack-signature", webhookSignature(body, FAKE_SECRET_KEY))
        .send(body);
    const transfer = JSON.stringify({
      event: "transfer.success",
      data: { reference: payload.paymentReference, amount: started.body.amountKobo },
    });
    expect((await send(transfer).expect(200)).body).toEqual({ received: true });
    const stranger = fake.webhook(newPaymentReference(), { amount: 100, status: "success" });
    await send(stranger.body).expect(200);
    const notJson = "not json";
    await send(notJson).expect(400);
    expect((await orderRow(t, payload.paymentReference))[0]?.status).toBe("pending");
    expect(await stockOf(t, cleanserId)).toBe(before);
  });

  it("answers the spec's delivery messages and refuses empty carts and missing stock", async () => {
    const res = await start(
      orderPayload([{ id: cleanserId, quantity: 1 }], {
        customerName: "A",
        customerPhone: "12345",
        deliveryPostalCode: "1234",
        deliveryAddress: "short",
        deliveryCity: "L4gos",
        deliveryState: "Atlantis",
        customerEmail: "nope",
      }),
    ).expect(400);
    expect(res.body.error.fields).toMatchObject({
      customerName: "Full name must be at least 2 characters",
      customerEmail: "Please enter a valid email address",
      customerPhone: "Please enter a valid phone number (minimum 10 digits)",
      deliveryAddress: "Please provide a more detailed address (minimum 10 characters)",
      deliveryCity: "City name can only contain letters, spaces, hyphens, and apostrophes",
      deliveryState: "State is required",
      deliveryPostalCode: "Postal code must be exactly 6 digits for Nigerian addresses",
    });
    const phone = await start(
      orderPayload([{ id: cleanserId, quantity: 1 }], { customerPhone: "803 123 45678" }),
    ).expect(400);
    expect(phone.body.error.fields.customerPhone).toBe(
      "Please include country code (+234) or start with 0 for Nigerian numbers",
    );
    const empty = await start(orderPayload([])).expect(400);
    expect(empty.body.error.fields.items).toBe(
      "Please add items to your cart before proceeding to checkout.",
    );
    const soldOut = (await insertProduct(t.db, { name: "Sold Out Mask", stock: 0 })).id;
    const out = await start(orderPayload([{ id: soldOut, quantity: 1 }])).expect(409);
    expect(out.body.error.message).toBe("Sold Out Mask is currently out of stock.");
    await start(orderPayload([{ id: 999999, quantity: 1 }])).expect(409);
    // Cross-site requests are refused on the public checkout.
    await request(t.app)
      .post("/api/checkout/start")
      .set("Origin", "https://evil.example")
      .send(orderPayload([{ id: cleanserId, quantity: 1 }]))
      .expect(403);
  });

  it("test-payment approvals do not exist when Paystack keys are configured", async () => {
    const payload = orderPayload([{ id: cleanserId, quantity: 1 }]);
    await start(payload).expect(201);
    await request(t.app)
      .post("/api/paystack/test-payment")
      .send({ reference: payload.paymentReference, outcome: "approve" })
      .expect(404);
  });

  it("lists paid orders with their lines for the admin and changes their status", async () => {
    await request(t.app).get("/api/orders").expect(401);
    await request(t.app).get("/api/order-items").expect(401);
    await request(t.app).patch("/api/orders/1").send({ status: "shipped" }).expect(401);

    const payload = orderPayload([{ id: serumId, quantity: 1 }], {
      customerName: "Chiamaka Eze",
      deliveryState: "FCT",
    });
    const started = await start(payload).expect(201);
    const pendingId = started.body.orderId;
    const admin = await signIn(t);
    // An unpaid order is not shown and cannot be moved on.
    let list = await admin.get("/api/orders").expect(200);
    expect(list.body.some((o: { id: number }) => o.id === pendingId)).toBe(false);
    await admin.patch(`/api/orders/${pendingId}`).send({ status: "shipped" }).expect(409);

    fake.pay(payload.paymentReference, { amount: started.body.amountKobo });
    await request(t.app).post("/api/checkout").send(payload).expect(201);
    list = await admin.get("/api/orders").expect(200);
    const order = list.body.find((o: { id: number }) => o.id === pendingId);
    expect(order).toMatchObject({
      status: "processing",
      customerName: "Chiamaka Eze",
      deliveryState: "FCT",
      shipping: 3000,
      total: 33000.5,
      items: [expect.objectContaining({ name: "Vitamin C Serum", quantity: 1, price: 30000.5 })],
    });
    const items = await admin.get("/api/order-items").expect(200);
    expect(items.body.some((i: { orderId: number }) => i.orderId === pendingId)).toBe(true);

    const shipped = await admin.patch(`/api/orders/${pendingId}`).send({ status: "shipped" });
    expect(shipped.status).toBe(200);
    expect(shipped.body.status).toBe("shipped");
    // The change is in the activity log: who, what, from which status.
    const audit = await admin.get("/api/admin/audit").expect(200);
    expect(audit.body[0]).toMatchObject({
      adminUsername: TEST_ADMIN.username,
      action: "order.update",
      entity: "order",
      entityId: String(pendingId),
      details: { status: "shipped", previousStatus: "processing" },
    });
    const bad = await admin.patch(`/api/orders/${pendingId}`).send({ status: "lost" }).expect(400);
    expect(bad.body.error.fields.status).toContain("processing, shipped, completed, cancelled");
    await admin.patch("/api/orders/999999").send({ status: "shipped" }).expect(404);
    await admin.patch("/api/orders/abc").send({ status: "shipped" }).expect(404);
    // Refused changes leave no audit record.
    const after = await admin.get("/api/admin/audit").expect(200);
    expect(after.body.filter((r: { action: string }) => r.action === "order.update")).toHaveLength(
      1,
    );
  });

  it("completeOrder queues the order's emails in its own transaction, once, however often it runs", async () => {
    const payload = orderPayloadSchema.parse(
      orderPayload([{ id: cleanserId, quantity: 1 }], { paymentReference: newPaymentReference() }),
    );
    const { order } = await createPendingOrder(t.db, payload, "paystack");
    const payment = {
      status: "success",
      reference: payload.paymentReference,
      amountKobo: order.totalKobo,
      currency: "NGN",
      details: {},
    };
    const first = await completeOrder(t.db, payload.paymentReference, payment, "verify");
    expect(first).toMatchObject({ outcome: "paid", newlyPaid: true });
    const queued = async () =>
      (await t.db.select({ kind: outbox.kind }).from(outbox).where(eq(outbox.orderId, order.id)))
        .map((r) => r.kind)
        .sort();
    // Right after the commit, before any worker pass: both rows are there.
    expect(await queued()).toEqual(["order-confirmation", "order-notification"]);
    const again = await completeOrder(t.db, payload.paymentReference, payment, "webhook");
    expect(again).toMatchObject({ outcome: "paid", newlyPaid: false });
    expect(await queued()).toEqual(["order-confirmation", "order-notification"]);
  });
});

describe.each(dbKinds)("test-payment mode (no Paystack keys) on %s", (kind) => {
  let t: TestApp;
  let productId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    productId = (await insertProduct(t.db, { name: "Hydrating Toner", price: 9000, stock: 5 })).id;
  });

  afterAll(async () => {
    await t?.close();
  });

  it("says no public key, and runs Approve and Decline through the same verification", async () => {
    const config = await request(t.app).get("/api/config").expect(200);
    expect(config.body.paystackPublicKey).toBeNull();

    const payload = orderPayload([{ id: productId, quantity: 2 }], { deliveryState: "Oyo" });
    const started = await request(t.app).post("/api/checkout/start").send(payload).expect(201);
    expect(started.body).toMatchObject({ mode: "test", accessCode: null, total: 21500 });

    // Not yet approved: not paid.
    let verify = await request(t.app)
      .post("/api/paystack/verify")
      .send({ reference: payload.paymentReference })
      .expect(200);
    expect(verify.body.verified).toBe(false);

    await request(t.app)
      .post("/api/paystack/test-payment")
      .send({ reference: payload.paymentReference, outcome: "approve" })
      .expect(200);
    verify = await request(t.app)
      .post("/api/paystack/verify")
      .send({ reference: payload.paymentReference })
      .expect(200);
    expect(verify.body).toMatchObject({
      verified: true,
      data: { status: "success", amount: 21500, currency: "NGN", orderStatus: "processing" },
    });
    const done = await request(t.app).post("/api/checkout").send(payload).expect(200);
    expect(done.body).toMatchObject({ status: "processing", paymentMethod: "test" });
    const [row] = await t.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, productId));
    expect(row?.stock).toBe(3);

    const declined = orderPayload([{ id: productId, quantity: 1 }]);
    await request(t.app).post("/api/checkout/start").send(declined).expect(201);
    await request(t.app)
      .post("/api/paystack/test-payment")
      .send({ reference: declined.paymentReference, outcome: "decline" })
      .expect(200);
    verify = await request(t.app)
      .post("/api/paystack/verify")
      .send({ reference: declined.paymentReference })
      .expect(200);
    expect(verify.body).toMatchObject({ verified: false, data: { status: "failed" } });
    await request(t.app).post("/api/checkout").send(declined).expect(402);
    const [pending] = await t.db
      .select({ n: count() })
      .from(orders)
      .where(
        and(eq(orders.paymentReference, declined.paymentReference), eq(orders.status, "pending")),
      );
    expect(pending?.n).toBe(1);
  });

  it("has no webhook without a secret key", async () => {
    await request(t.app)
      .post("/api/paystack/webhook")
      .set("Content-Type", "application/json")
      .send("{}")
      .expect(404);
  });
});
