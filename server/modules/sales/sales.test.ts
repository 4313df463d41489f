/**
 * The point of sale API (issue 11) on PGlite and, with TEST_DATABASE_URL, PostgreSQL: the server
 * prices every sale itself (tampered prices and totals refused), payments must add up, one
 * idempotency key records one sale, stock never goes below zero under concurrent sales, refunds
 * and voids restock and show on the day they were given, the daily figures and their CSV, the
 * day close, surcharges, popular items, appointment checkout and emailed receipts; the till never
 * sells units a pending shop checkout holds.
 */
import http from "node:http";
import { TZDate } from "@date-fns/tz";
import { count, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lagosDate } from "#common/lagos-time.ts";
import { auditLog } from "#server/db/schema/access.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { products } from "#server/db/schema/catalog.ts";
import { outbox } from "#server/db/schema/content.ts";
import { orders } from "#server/db/schema/orders.ts";
import { sales } from "#server/db/schema/sales.ts";
import { takeStock } from "#server/modules/catalog/stock.ts";
import { insertAppointment, insertProduct, insertService } from "#server/testing/builders.ts";
import { parseCsv } from "#server/testing/csv.ts";
import { orderPayload } from "#server/testing/orders.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";
import { salesDashboard } from "./back-office.ts";
import { listClientSales } from "./records.ts";
import { posCatalog } from "./till-catalog.ts";

const ADA = { name: "Ada Obi", email: "ada.obi@example.com", phone: "08031234567" };

describe.each(dbKinds)("point of sale API on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let server: http.Server;
  let agent: ReturnType<typeof request.agent>;
  let facial: { id: number };
  let serum: { id: number };
  let cleanser: { id: number };
  let vat: { id: number };

  const stockOf = async (id: number) =>
    (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]
      ?.stock;
  const saleCount = async () => Number((await t.db.select({ n: count() }).from(sales))[0]?.n ?? 0);
  const sell = (body: Record<string, unknown>) =>
    agent.post("/api/pos/process-sale").send({
      customerInfo: ADA,
      paymentMethod: "card",
      ...body,
    });

  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "1000" });
    server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    agent = request.agent(server);
    await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    facial = await insertService(t.db, { name: "HydraFacial", price: 180000 });
    serum = await insertProduct(t.db, { name: "Vitamin C Serum", price: 25000, stock: 50 });
    cleanser = await insertProduct(t.db, { name: "Gentle Cleanser", price: 12500, stock: 50 });
    const res = await agent
      .post("/api/surcharges")
      .send({ name: "VAT", type: "percentage", amount: 7.5 })
      .expect(201);
    vat = res.body;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await t?.close();
  });

  it("rings up a service and two products with a surcharge, a discount and cash change", async () => {
    const before = { serum: await stockOf(serum.id), cleanser: await stockOf(cleanser.id) };
    // Subtotal 180,000 + 2 × 25,000 + 12,500 = 242,500; VAT 7.5% = 18,187.50; discount 5,000.
    const res = await sell({
      cart: [
        { id: facial.id, type: "service", name: "HydraFacial", price: 180000, quantity: 1 },
        { id: serum.id, type: "product", price: "25000.00", quantity: 2 },
        { id: cleanser.id, type: "product", quantity: 1 },
      ],
      appliedSurcharges: [vat],
      discountAmount: 5000,
      paymentMethod: "cash",
      cashReceived: 260000,
      subtotal: 242500,
      totalAmount: 255687.5,
      changeAmount: 4312.5,
    }).expect(201);
    expect(res.body).toMatchObject({
      saleNumber: expect.any(Number),
      status: "completed",
      subtotal: 242500,
      surcharges: 18187.5,
      discount: 5000,
      total: 255687.5,
      cashReceived: 260000,
      change: 4312.5,
      paymentMethod: "cash",
      payments: [{ method: "cash", amount: 255687.5, tip: 0 }],
      customerName: "Ada Obi",
      customerEmail: "ada.obi@example.com",
      replayed: false,
    });
    expect(res.body.saleNumber).toBeGreaterThanOrEqual(1001);
    expect(res.body.lines).toHaveLength(3);
    expect(res.body.surchargeLines).toEqual([
      { surchargeId: vat.id, name: "VAT", amount: 18187.5 },
    ]);
    expect(await stockOf(serum.id)).toBe((before.serum ?? 0) - 2);
    expect(await stockOf(cleanser.id)).toBe((before.cleanser ?? 0) - 1);

    const next = await sell({ cart: [{ id: facial.id, type: "service", quantity: 1 }] });
    expect(next.status).toBe(201);
    expect(next.body.saleNumber).toBe(res.body.saleNumber + 1);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, "sale.create"));
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it("answers the spec's messages and refuses tampered prices and totals", async () => {
    const n = await saleCount();
    const empty = await sell({ cart: [] }).expect(400);
    expect(empty.body.error.message).toBe("Please add items to cart before processing sale");
    const noCustomer = await agent
      .post("/api/pos/process-sale")
      .send({ cart: [{ id: facial.id, type: "service", quantity: 1 }], paymentMethod: "card" })
      .expect(400);
    expect(noCustomer.body.error.message).toBe("Please enter customer name and email");
    const noEmail = await sell({
      cart: [{ id: facial.id, type: "service", quantity: 1 }],
      customerInfo: { name: "Ada", email: "" },
    }).expect(400);
    expect(noEmail.body.error.fields["customerInfo.email"]).toBe(
      "Please enter customer name and email",
    );

    const tampered = await sell({
      cart: [{ id: serum.id, type: "product", price: 1, quantity: 1 }],
    }).expect(409);
    expect(tampered.body.error.message).toContain("Vitamin C Serum");
    expect(tampered.body.error.fields["cart.0.price"]).toBeDefined();
    const wrongTotal = await sell({
      cart: [{ id: serum.id, type: "product", quantity: 1 }],
      totalAmount: 1,
    }).expect(409);
    expect(wrongTotal.body.error.message).toContain("₦25,000.00");
    await sell({ cart: [{ id: 999999, type: "product", quantity: 1 }] }).expect(409);
    await sell({ cart: [{ id: serum.id, type: "product", quantity: 0 }] }).expect(400);
    await sell({
      cart: [{ id: serum.id, type: "product", quantity: 1 }],
      discountAmount: 30000,
    }).expect(400);
    await sell({
      cart: [{ id: serum.id, type: "product", quantity: 1 }],
      discountAmount: 0.001,
    }).expect(400);
    expect(await saleCount()).toBe(n);
  });

  it("refuses payments that do not add up; takes split card + transfer and cash over the total", async () => {
    const n = await saleCount();
    const cart = [{ id: serum.id, type: "product", quantity: 2 }]; // 50,000
    const short = await sell({
      cart,
      paymentMethod: "split",
      splitPayments: [
        { method: "card", amount: 30000 },
        { method: "transfer", amount: 10000 },
      ],
    }).expect(400);
    expect(short.body.error.message).toBe(
      "Payments add up to ₦40,000.00 but the total is ₦50,000.00",
    );
    await sell({
      cart,
      paymentMethod: "split",
      splitPayments: [
        { method: "card", amount: 30000 },
        { method: "transfer", amount: 30000 },
      ],
    }).expect(400);
    await sell({ cart, paymentMethod: "split", splitPayments: [] }).expect(400);
    await sell({ cart, paymentMethod: "cash", cashReceived: 49999.99 }).expect(400);
    await sell({ cart, paymentMethod: "cash" }).expect(400);
    expect(await saleCount()).toBe(n);

    const split = await sell({
      cart,
      paymentMethod: "split",
      splitPayments: [
        { method: "card", amount: 30000 },
        { method: "transfer", amount: 20000 },
      ],
    }).expect(201);
    expect(split.body).toMatchObject({
      paymentMethod: "split",
      total: 50000,
      change: 0,
      cashReceived: null,
      payments: [
        { method: "card", amount: 30000 },
        { method: "transfer", amount: 20000 },
      ],
    });
    const withCash = await sell({
      cart,
      paymentMethod: "split",
      tipAmount: 1000,
      splitPayments: [
        { method: "card", amount: 30000 },
        { method: "cash", amount: 25000 },
      ],
    }).expect(201);
    // Cash due 20,000 + tip 1,000 on the card part; 25,000 handed over → 5,000 change.
    expect(withCash.body).toMatchObject({ change: 5000, cashReceived: 25000, tips: 1000 });
    expect(withCash.body.payments).toEqual([
      { method: "cash", amount: 20000, tip: 0, tipStaffId: null, reference: null, payer: null },
      { method: "card", amount: 30000, tip: 1000, tipStaffId: null, reference: null, payer: null },
    ]);
  });

  it("records one sale for one idempotency key sent 10 times at once", async () => {
    const n = await saleCount();
    const key = `till-1-${Date.now()}`;
    const body = {
      cart: [{ id: cleanser.id, type: "product", quantity: 1 }],
      customerInfo: ADA,
      paymentMethod: "transfer",
      idempotencyKey: key,
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2
          ? agent.post("/api/pos/process-sale").send(body)
          : agent
              .post("/api/pos/process-sale")
              .set("Idempotency-Key", key)
              .send({ ...body, idempotencyKey: undefined }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(answers.map((a) => a.body.saleNumber)).size).toBe(1);
    expect(answers.filter((a) => a.body.replayed)).toHaveLength(9);
    expect(await saleCount()).toBe(n + 1);
    await agent
      .post("/api/pos/process-sale")
      .set("Idempotency-Key", "bad key!")
      .send(body)
      .expect(400);
  });

  it("sells exactly the last 3 units to 20 concurrent sales and answers 409 to the rest", async () => {
    const lastOnes = await insertProduct(t.db, {
      name: "Retinol Night Cream",
      price: 30000,
      stock: 3,
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        sell({ cart: [{ id: lastOnes.id, type: "product", quantity: 1 }] }),
      ),
    );
    const ok = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(17);
    for (const r of refused) expect(r.body.error.message).toContain("Retinol Night Cream");
    expect(refused.map((r) => r.body.error.message)).toContain(
      "Retinol Night Cream is out of stock",
    );
    expect(await stockOf(lastOnes.id)).toBe(0);
    const short = await insertProduct(t.db, { name: "Eye Cream", price: 20000, stock: 2 });
    const tooMany = await sell({ cart: [{ id: short.id, type: "product", quantity: 3 }] }).expect(
      409,
    );
    expect(tooMany.body.error.message).toBe("Only 2 of Eye Cream left in stock");
  });

  it("never sells units a pending checkout holds, and still sells the free ones", async () => {
    const toner = await insertProduct(t.db, { name: "Rose Toner", price: 9000, stock: 3 });
    const toners = (quantity: number) => ({
      cart: [{ id: toner.id, type: "product", quantity }],
    });
    // A shop buyer starts paying for 2: the pending order holds them (issue 14).
    const checkout = orderPayload([{ id: toner.id, quantity: 2 }]);
    await request(t.app).post("/api/checkout/start").send(checkout).expect(201);
    const listed = (await posCatalog(t.db)).products.find((p) => p.id === toner.id);
    expect(listed?.stock).toBe(1);
    const refused = await sell(toners(2)).expect(409);
    expect(refused.body.error.message).toBe("Only 1 of Rose Toner left in stock");
    await sell(toners(1)).expect(201);
    expect(await stockOf(toner.id)).toBe(2);
    const none = await sell(toners(1)).expect(409);
    expect(none.body.error.message).toBe("Rose Toner is out of stock");
    // The check inside the sale's transaction honours the reservation too, not only the
    // first read (a checkout that starts between the two).
    const short = await t.db.transaction((tx) =>
      takeStock(tx, [{ productId: toner.id, quantity: 1 }]),
    );
    expect(short).toEqual({ productId: toner.id, name: "Rose Toner", available: 0 });
    expect(await stockOf(toner.id)).toBe(2);
    // Once the reservation has passed, its units are the till's again.
    await t.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.paymentReference, checkout.paymentReference));
    await sell(toners(2)).expect(201);
    expect(await stockOf(toner.id)).toBe(0);
  });

  it("gives the clients module a client's sales, one record per sale with its lines folded", async () => {
    const bola = { name: "Bola Ade", email: "Bola.Ade@example.com", phone: "08030000001" };
    const sold = await sell({
      customerInfo: bola,
      cart: [
        { id: facial.id, type: "service", quantity: 1 },
        { id: serum.id, type: "product", quantity: 2 },
      ],
    }).expect(201);
    const listed = await listClientSales(t.db, {
      clientId: sold.body.clientId,
      email: "BOLA.ADE@example.com",
    });
    expect(listed).toEqual([
      {
        id: sold.body.id,
        saleNumber: sold.body.saleNumber,
        type: "service",
        customerName: "Bola Ade",
        customerEmail: "bola.ade@example.com",
        customerPhone: "08030000001",
        paymentMethod: "card",
        itemId: facial.id,
        itemName: "HydraFacial, Vitamin C Serum",
        quantity: 3,
        unitPrice: "180000.00",
        totalAmount: "230000.00",
        status: "completed",
        notes: null,
        saleDate: sold.body.soldAt,
      },
    ]);
  });

  it("refunds a line and the rest, voids a sale, restocks, and refuses too much", async () => {
    const mask = await insertProduct(t.db, { name: "Clay Mask", price: 10000, stock: 10 });
    const sale = await sell({
      cart: [
        { id: mask.id, type: "product", quantity: 3 },
        { id: facial.id, type: "service", quantity: 1 },
      ],
      paymentMethod: "cash",
      cashReceived: 210000,
    }).expect(201);
    expect(await stockOf(mask.id)).toBe(7);
    const maskLine = sale.body.lines.find((l: { type: string }) => l.type === "product");
    await agent.post(`/api/sales/${sale.body.id}/refund`).send({}).expect(400);
    const one = await agent
      .post(`/api/sales/${sale.body.id}/refund`)
      .send({ reason: "Allergic reaction", lines: [{ lineId: maskLine.id, quantity: 1 }] })
      .expect(200);
    expect(one.body).toMatchObject({ status: "completed", refunded: 10000 });
    expect(one.body.refunds[0]).toMatchObject({
      kind: "refund",
      amount: 10000,
      method: "cash",
      reason: "Allergic reaction",
      by: TEST_ADMIN.username,
    });
    expect(await stockOf(mask.id)).toBe(8);
    const tooMany = await agent
      .post(`/api/sales/${sale.body.id}/refund`)
      .send({ reason: "x", lines: [{ lineId: maskLine.id, quantity: 3 }] })
      .expect(409);
    expect(tooMany.body.error.message).toBe("Only 2 of Clay Mask can still be refunded");
    await agent.post(`/api/sales/${sale.body.id}/void`).send({ reason: "Wrong sale" }).expect(409);
    const rest = await agent
      .post(`/api/sales/${sale.body.id}/refund`)
      .send({ reason: "Client changed her mind" })
      .expect(200);
    expect(rest.body).toMatchObject({ status: "refunded", refunded: 210000 });
    expect(await stockOf(mask.id)).toBe(10);
    await agent.post(`/api/sales/${sale.body.id}/refund`).send({ reason: "again" }).expect(409);

    const mistake = await sell({ cart: [{ id: mask.id, type: "product", quantity: 2 }] });
    expect(await stockOf(mask.id)).toBe(8);
    const voided = await agent
      .post(`/api/sales/${mistake.body.id}/void`)
      .send({ reason: "Rang up twice" })
      .expect(200);
    expect(voided.body).toMatchObject({ status: "voided", refunded: 20000 });
    expect(voided.body.refunds[0]).toMatchObject({ kind: "void", method: "card" });
    expect(await stockOf(mask.id)).toBe(10);
    await agent.post("/api/sales/999999/refund").send({ reason: "x" }).expect(404);
    await agent.post("/api/sales/abc/void").send({ reason: "x" }).expect(404);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, "sale.refund"));
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it("answers a Lagos day's figures and the CSV that matches them, then closes the day once", async () => {
    // A day of its own: sales dated three days ago (as an offline till would send them).
    const day = new TZDate(Date.now() - 3 * 86_400_000, "Africa/Lagos");
    day.setHours(11, 0, 0, 0);
    const date = lagosDate(day);
    const soldAt = new Date(day.getTime()).toISOString();
    const toner = await insertProduct(t.db, { name: "Toner", price: 8000, stock: 20 });
    const cash = await sell({
      soldAt,
      cart: [
        { id: facial.id, type: "service", quantity: 1 },
        { id: toner.id, type: "product", quantity: 2 },
      ],
      appliedSurcharges: [vat.id],
      discountAmount: 1000,
      paymentMethod: "cash",
      cashReceived: 220000,
      tipAmount: 2000,
    }).expect(201);
    // 196,000 + 14,700 − 1,000 = 209,700; cash 209,700 + tip 2,000; change 8,300.
    expect(cash.body).toMatchObject({ total: 209700, change: 8300, tips: 2000 });
    expect(lagosDate(new Date(cash.body.soldAt))).toBe(date);
    await sell({
      soldAt,
      cart: [{ id: toner.id, type: "product", quantity: 1 }],
      paymentMethod: "split",
      splitPayments: [
        { method: "card", amount: 5000 },
        { method: "transfer", amount: 3000 },
      ],
    }).expect(201);

    const res = await agent.get(`/api/sales/daily/${date}`).expect(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const rows = Object.fromEntries(
      res.body.transactionSummary.map((r: { type: string }) => [r.type, r]),
    );
    expect(res.body.transactionSummary.map((r: { type: string }) => r.type)).toEqual([
      "Services",
      "Products",
      "Shipping",
      "Gift cards",
      "Memberships",
      "Late cancellation fees",
      "No-show fees",
      "Refund amount",
    ]);
    expect(rows.Services).toEqual({
      type: "Services",
      salesQty: 1,
      refundQty: 0,
      grossTotal: 180000,
    });
    expect(rows.Products).toEqual({
      type: "Products",
      salesQty: 3,
      refundQty: 0,
      grossTotal: 24000,
    });
    expect(res.body.totals).toEqual({ salesQty: 4, refundQty: 0, grossTotal: 204000 });
    expect(res.body.cashMovement).toEqual({
      cash: { collected: 211700, refunds: 0 },
      other: { collected: 8000, refunds: 0 },
      giftCards: { collected: 0, refunds: 0 },
      deposits: { collected: 0, refunds: 0 },
      totalCollected: 219700,
      totalRefunds: 0,
      tips: 2000,
    });
    expect(res.body.adjustments).toEqual({ surcharges: 14700, discounts: 1000 });
    expect(res.body.expectedCash).toBe(211700);
    expect(res.body.close).toBeNull();

    const csv = await agent.get(`/api/sales/daily/${date}/export`).expect(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toContain(`daily-sales-${date}.csv`);
    const table = parseCsv(csv.text);
    expect(table).toContainEqual(["Services", "1", "0", "180000.00"]);
    expect(table).toContainEqual(["Products", "3", "0", "24000.00"]);
    expect(table).toContainEqual(["Total", "4", "0", "204000.00"]);
    expect(table).toContainEqual(["Cash", "211700.00", "0.00"]);
    expect(table).toContainEqual(["Of which tips", "2000.00", ""]);

    // A refund today counts today, not on the sale's day.
    const today = lagosDate(new Date());
    const beforeToday = (await agent.get(`/api/sales/daily/${today}`)).body;
    const tonerLine = cash.body.lines.find((l: { type: string }) => l.type === "product");
    await agent
      .post(`/api/sales/${cash.body.id}/refund`)
      .send({ reason: "Damaged bottle", lines: [{ lineId: tonerLine.id, quantity: 1 }] })
      .expect(200);
    const afterToday = (await agent.get(`/api/sales/daily/${today}`)).body;
    const refundRow = (d: { transactionSummary: Array<{ type: string; grossTotal: number }> }) =>
      d.transactionSummary.find((r) => r.type === "Refund amount")?.grossTotal ?? 0;
    // One toner of two (₦8,000) takes its share of the VAT and the discount (decision 0216):
    // the toner line's VAT share is ₦1,200 (₦600 a unit), its discount share ₦81.63 (₦40.82
    // for the first unit, rounded half up): ₦8,000 + ₦600 − ₦40.82 = ₦8,559.18.
    const kobo = (n: number) => Math.round(n * 100);
    expect(kobo(refundRow(afterToday)) - kobo(refundRow(beforeToday))).toBe(-855_918);
    expect(
      kobo(afterToday.cashMovement.cash.refunds) - kobo(beforeToday.cashMovement.cash.refunds),
    ).toBe(855_918);
    expect(
      afterToday.transactionSummary[1].refundQty - beforeToday.transactionSummary[1].refundQty,
    ).toBe(1);
    expect((await agent.get(`/api/sales/daily/${date}`)).body.totals).toEqual(res.body.totals);

    const close = await agent
      .post(`/api/sales/daily/${date}/close`)
      .send({ countedCash: 211500, notes: "₦200 short" })
      .expect(201);
    expect(close.body).toMatchObject({
      date,
      expectedCash: 211700,
      countedCash: 211500,
      difference: -200,
      closedBy: TEST_ADMIN.username,
    });
    const again = await agent
      .post(`/api/sales/daily/${date}/close`)
      .send({ countedCash: 211700 })
      .expect(409);
    expect(again.body.error.message).toBe("This day is already closed");
    expect((await agent.get(`/api/sales/daily/${date}`)).body.close).toMatchObject({
      countedCash: 211500,
    });
    await agent.post("/api/sales/daily/2999-01-01/close").send({ countedCash: 0 }).expect(400);
    await agent.get("/api/sales/daily/2026-02-30").expect(404);
    await agent.get("/api/sales/daily/yesterday").expect(404);
  });

  it("manages surcharges and offers only active ones", async () => {
    await agent.post("/api/surcharges").send({}).expect(400);
    const tooMuch = await agent
      .post("/api/surcharges")
      .send({ name: "Silly", type: "percentage", amount: 150 })
      .expect(400);
    expect(tooMuch.body.error.fields.amount).toBe(
      "A percentage surcharge must be between 0 and 100",
    );
    const fee = await agent
      .post("/api/surcharges")
      .send({ name: "Home service", type: "fixed", amount: 5000, description: "Within VI" })
      .expect(201);
    expect(fee.body).toMatchObject({
      name: "Home service",
      type: "fixed",
      amount: 5000,
      isActive: true,
    });
    const edited = await agent
      .patch(`/api/surcharges/${fee.body.id}`)
      .send({ amount: 7500.5, isActive: false })
      .expect(200);
    expect(edited.body).toMatchObject({ amount: 7500.5, isActive: false });
    const active = await agent.get("/api/surcharges?active=true").expect(200);
    expect(active.body.map((s: { id: number }) => s.id)).not.toContain(fee.body.id);
    const refused = await sell({
      cart: [{ id: facial.id, type: "service", quantity: 1 }],
      appliedSurcharges: [fee.body.id],
    }).expect(409);
    expect(refused.body.error.message).toBe("The surcharge Home service is no longer active");
    await agent.patch(`/api/surcharges/${fee.body.id}`).send({ isActive: true }).expect(200);
    const withFee = await sell({
      cart: [{ id: facial.id, type: "service", quantity: 1 }],
      appliedSurcharges: [fee.body],
    }).expect(201);
    expect(withFee.body).toMatchObject({ surcharges: 7500.5, total: 187500.5 });
    await agent.patch("/api/surcharges/999999").send({ isActive: true }).expect(404);
    await agent.patch(`/api/surcharges/${fee.body.id}`).send({}).expect(400);
  });

  it("lists popular items from sales history, then the catalogue", async () => {
    const res = await agent.get("/api/popular-items").expect(200);
    expect(res.body.length).toBeLessThanOrEqual(12);
    expect(res.body[0]).toMatchObject({
      itemId: expect.any(Number),
      itemType: expect.stringMatching(/service|product/),
      itemName: expect.any(String),
      lastSoldPrice: expect.any(Number),
    });
    const sold = res.body.filter((i: { soldQuantity: number }) => i.soldQuantity > 0);
    expect(sold.length).toBeGreaterThan(0);
    const qty = sold.map((i: { soldQuantity: number }) => i.soldQuantity);
    expect(qty).toEqual([...qty].sort((a, b) => b - a));
  });

  it("checks out an appointment and marks it completed", async () => {
    const appt = await insertAppointment(t.db, {
      serviceId: facial.id,
      serviceName: "HydraFacial",
      customerName: "Bisi Ade",
      customerEmail: "bisi@example.com",
      // Checked out as the visit ends: a visit is never completed before it starts (issue 28).
      startsAt: new Date(Date.now() - 30 * 60_000),
      priceKobo: 18_000_000,
    });
    const res = await sell({
      cart: [{ id: facial.id, type: "service", quantity: 1 }],
      customerInfo: { name: "Bisi Ade", email: "bisi@example.com" },
      appointmentId: String(appt.id),
    }).expect(201);
    expect(res.body).toMatchObject({ appointmentCompleted: true, appointmentId: appt.id });
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, appt.id));
    expect(row?.status).toBe("completed");
    const missing = await sell({
      cart: [{ id: facial.id, type: "service", quantity: 1 }],
      appointmentId: "999999",
    }).expect(201);
    expect(missing.body.appointmentCompleted).toBe(false);
  });

  it("emails a receipt through the outbox and lists sale records", async () => {
    const sale = await sell({ cart: [{ id: serum.id, type: "product", quantity: 1 }] }).expect(201);
    const res = await agent.post(`/api/sales/${sale.body.id}/email-receipt`).send({}).expect(200);
    expect(res.body).toMatchObject({ to: "ada.obi@example.com", status: "stored" });
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.kind, "sale-receipt"));
    expect(mail?.subject).toContain(`#${sale.body.saleNumber}`);
    expect(mail?.textBody).toContain("Vitamin C Serum");
    await agent.post("/api/sales/999999/email-receipt").send({}).expect(404);

    const records = await agent.get("/api/sales?customerEmail=ADA.OBI@example.com").expect(200);
    expect(records.body[0]).toMatchObject({
      saleNumber: sale.body.saleNumber,
      type: "product",
      itemName: "Vitamin C Serum",
      unitPrice: "25000.00",
      totalAmount: "25000.00",
      status: "completed",
    });
    const found = await agent.get("/api/pos/clients?q=obi").expect(200);
    expect(found.body.clients).toContainEqual(
      expect.objectContaining({ name: "Ada Obi", email: "ada.obi@example.com" }),
    );
    expect((await agent.get("/api/pos/clients?q=a").expect(200)).body).toEqual({
      clients: [],
      page: 1,
      hasMore: false,
    });
    await agent.get("/api/pos/clients?q=obi&page=0").expect(400);
    const one = await agent.get(`/api/sales/${sale.body.id}`).expect(200);
    expect(one.body.saleNumber).toBe(sale.body.saleNumber);
  });

  it("records a sale from the customer dialog (POST /api/sales), priced by the server", async () => {
    await agent.post("/api/sales").send({}).expect(400);
    const before = await stockOf(cleanser.id);
    const res = await agent
      .post("/api/sales")
      .send({
        type: "product",
        customerName: "Ngozi Eze",
        customerEmail: "ngozi@example.com",
        customerPhone: "08031234567",
        paymentMethod: "cash",
        itemId: cleanser.id,
        itemName: "Gentle Cleanser",
        quantity: 2,
        unitPrice: "12500",
        totalAmount: "25000",
        status: "completed",
        notes: "Walk-in",
        saleDate: new Date().toISOString(),
      })
      .expect(201);
    expect(res.body).toMatchObject({
      type: "product",
      customerName: "Ngozi Eze",
      paymentMethod: "cash",
      itemName: "Gentle Cleanser",
      quantity: 2,
      unitPrice: "12500.00",
      totalAmount: "25000.00",
      status: "completed",
      notes: "Walk-in",
    });
    expect(await stockOf(cleanser.id)).toBe((before ?? 0) - 2);
    const online = await agent
      .post("/api/sales")
      .send({
        type: "service",
        customerName: "Ngozi Eze",
        customerEmail: "ngozi@example.com",
        paymentMethod: "online",
        itemId: facial.id,
      })
      .expect(201);
    expect(online.body).toMatchObject({ paymentMethod: "online", totalAmount: "180000.00" });
    await agent
      .post("/api/sales")
      .send({
        type: "product",
        customerName: "Ngozi Eze",
        customerEmail: "ngozi@example.com",
        itemId: cleanser.id,
        unitPrice: 1,
      })
      .expect(409);
  });

  it("feeds the dashboard: revenue less refunds, nothing for a voided sale", async () => {
    const from = new Date(Date.now() - 86_400_000);
    const to = new Date(Date.now() + 86_400_000);
    const items = (await salesDashboard.revenue?.(t.db, from, to)) ?? [];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.kind === "sale" && i.value >= 0)).toBe(true);
    const activity = (await salesDashboard.activity?.(t.db, 5)) ?? [];
    expect(activity[0]?.title).toMatch(/^Sale #\d+ · /);
  });
});
