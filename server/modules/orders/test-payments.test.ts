/**
 * Test-payment state in the database (issue 34 "Several instances"): the 'Test payment' dialog's
 * outcome recorded through one app instance is what every other instance verifies, and an
 * approval is final. Two apps over one database stand for two instances behind a balancer.
 */
import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { insertProduct } from "#server/testing/builders.ts";
import { orderPayload } from "#server/testing/orders.ts";
import { createTestApp, dbKinds } from "#server/testing/test-app.ts";

describe.each(dbKinds)("test payments across instances on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let other: ReturnType<typeof createApp>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    other = createApp({
      db: t.db,
      config: t.config,
      logger: pino({ level: "silent" }),
      smtp: t.smtp,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is started on one instance, approved on the other and completed on the first", async () => {
    const { id } = await insertProduct(t.db, { name: "Across Serum", stock: 2 });
    const payload = orderPayload([{ id, quantity: 1 }]);
    const started = await request(t.app).post("/api/checkout/start").send(payload).expect(201);
    expect(started.body.mode).toBe("test");
    await request(t.app).post("/api/checkout").send(payload).expect(402);
    await request(other)
      .post("/api/paystack/test-payment")
      .send({ reference: payload.paymentReference, outcome: "approve" })
      .expect(200);
    // A later Decline, on either instance, does not undo the approval.
    await request(t.app)
      .post("/api/paystack/test-payment")
      .send({ reference: payload.paymentReference, outcome: "decline" })
      .expect(200);
    const done = await request(t.app).post("/api/checkout").send(payload).expect(201);
    expect(done.body).toMatchObject({ id: started.body.orderId, status: "processing" });
    const verified = await request(other)
      .post("/api/paystack/verify")
      .send({ reference: payload.paymentReference })
      .expect(200);
    expect(verified.body).toMatchObject({ verified: true });
  });

  it("a Decline recorded on one instance is what the other reports", async () => {
    const { id } = await insertProduct(t.db, { name: "Declined Serum", stock: 2 });
    const payload = orderPayload([{ id, quantity: 1 }]);
    await request(t.app).post("/api/checkout/start").send(payload).expect(201);
    await request(t.app)
      .post("/api/paystack/test-payment")
      .send({ reference: payload.paymentReference, outcome: "decline" })
      .expect(200);
    const verified = await request(other)
      .post("/api/paystack/verify")
      .send({ reference: payload.paymentReference })
      .expect(200);
    expect(verified.body).toMatchObject({ verified: false, data: { status: "failed" } });
  });
});
