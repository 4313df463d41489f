/**
 * The largest amounts (issue 34 "Money in bigint kobo everywhere"): the API's limit is
 * MAX_NAIRA (common/money.ts) for a price, a payment or a rate, and what it accepts the database
 * holds. int4 kobo columns ended at ₦21,474,836.47, so a ₦25 M product, a ₦30 M checkout or a
 * ₦120 M pay run answered 500.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatNaira, MAX_NAIRA } from "#common/money.ts";
import { insertProduct } from "#server/testing/builders.ts";
import { orderPayload } from "#server/testing/orders.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";

describe.each(dbKinds)("money limits on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let agent: ReturnType<typeof request.agent>;

  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "1000" });
    agent = request.agent(t.app);
    await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
  });
  afterAll(() => t?.close());

  it("stores a product and a service at the largest price and refuses one kobo more", async () => {
    const product = await agent
      .post("/api/products")
      .send({
        name: "Clinic laser device",
        description: "For the treatment room",
        price: MAX_NAIRA,
        category: "cleansers",
        image: "https://example.com/laser.jpg",
        stock: 1,
      })
      .expect(201);
    expect(product.body.price).toBe(MAX_NAIRA);
    expect((await agent.get(`/api/products/${product.body.id}`).expect(200)).body.price).toBe(
      MAX_NAIRA,
    );
    const tooMuch = await agent
      .patch(`/api/products/${product.body.id}`)
      .send({ price: MAX_NAIRA + 0.01 })
      .expect(400);
    expect(tooMuch.body.error.message).toBe(`Price must be at most ${formatNaira(MAX_NAIRA)}`);

    const service = { name: "Full body laser", description: "A year", duration: "12 months" };
    for (const price of [MAX_NAIRA, "25,000,000"]) {
      const res = await agent
        .post("/api/services")
        .send({ ...service, price, category: "facial" })
        .expect(201);
      expect(res.body.price).toBe(typeof price === "number" ? price : 25_000_000);
    }
    for (const price of ["-1", "99999999999999999999", MAX_NAIRA + 1]) {
      const res = await agent
        .post("/api/services")
        .send({ ...service, price, category: "facial" })
        .expect(400);
      expect(res.body.error.message).toBe(`Price must be between ₦0 and ${formatNaira(MAX_NAIRA)}`);
    }
  });

  it("sells two ₦15 M products at the till and starts a ₦30 M checkout", async () => {
    const device = await insertProduct(t.db, { name: "Home IPL device", price: 15_000_000 });
    const sale = await agent
      .post("/api/pos/process-sale")
      .send({
        customerInfo: { name: "Ada Obi", email: "ada.obi@example.com" },
        paymentMethod: "transfer",
        cart: [{ id: device.id, type: "product", quantity: 2 }],
      })
      .expect(201);
    const detail = await agent.get(`/api/sales/${sale.body.id ?? sale.body.sale?.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.total).toBe(30_000_000);

    const started = await request(t.app)
      .post("/api/checkout/start")
      .send(orderPayload([{ id: device.id, quantity: 2 }]))
      .expect(201);
    expect(started.body.subtotal).toBe(30_000_000);
    expect(started.body.amountKobo).toBe(started.body.total * 100);
  });
});
