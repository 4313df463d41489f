/**
 * Sales taken offline (issue 35; docs/decisions/0314) on PGlite and, with TEST_DATABASE_URL,
 * PostgreSQL: a sale that carries the receipt number its device printed offline is recorded even
 * when the stock ran out meanwhile (never refused after the fact), the stock stops at 0 and the
 * oversell is flagged for the manager, once however often the sale is resent; a sale rung up
 * online keeps the refusal; the device's receipt number stays on the sale and is never on two.
 */
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#server/db/schema/access.ts";
import { products } from "#server/db/schema/catalog.ts";
import { insertProduct } from "#server/testing/builders.ts";
import { signedInMember } from "#server/testing/staff-accounts.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";

const buyer = (n: number) => ({
  name: `Device ${n} Client`,
  email: `device${n}@example.com`,
  phone: "08031234567",
});

describe.each(dbKinds)("sales taken offline on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let manager: ReturnType<typeof request.agent>;
  let desk: ReturnType<typeof request.agent>;

  const stockOf = async (id: number) =>
    (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]
      ?.stock;
  const sell = (
    agent: ReturnType<typeof request.agent>,
    product: { id: number },
    extra: { key: string; n: number; offlineReceipt?: string; quantity?: number },
  ) =>
    agent
      .post("/api/pos/process-sale")
      .set("Idempotency-Key", extra.key)
      .send({
        cart: [{ id: product.id, type: "product", quantity: extra.quantity ?? 1 }],
        customerInfo: buyer(extra.n),
        paymentMethod: "cash",
        cashReceived: 10000,
        soldAt: new Date(Date.now() - 60_000).toISOString(),
        ...(extra.offlineReceipt ? { offlineReceipt: extra.offlineReceipt } : {}),
      });

  // Each signed-in device's receipt prefix, as the server issued it (GET /api/auth/offline-key).
  let deskPrefix: string;
  let managerPrefix: string;
  const prefixOf = async (agent: ReturnType<typeof request.agent>) =>
    (await agent.get("/api/auth/offline-key").expect(200)).body.receiptPrefix as string;

  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "1000" });
    manager = request.agent(t.app);
    await manager.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    desk = (await signedInMember(t.app, t.db, manager, "front_desk")).agent;
    deskPrefix = await prefixOf(desk);
    managerPrefix = await prefixOf(manager);
    expect(deskPrefix).not.toBe(managerPrefix);
  });
  afterAll(() => t?.close());

  it("a sale rung up online is still refused when the stock is gone", async () => {
    const mask = await insertProduct(t.db, { name: "Online Mask", price: 4000, stock: 1 });
    await sell(desk, mask, { key: "online-sale-0001", n: 1 }).expect(201);
    const refused = await sell(desk, mask, { key: "online-sale-0002", n: 2 }).expect(409);
    expect(refused.body.error.message).toBe("Online Mask is out of stock");
    expect(await stockOf(mask.id)).toBe(0);
    expect((await desk.get("/api/sales/oversells").expect(200)).body).toEqual([]);
  });

  it("the last unit sold offline on two devices: both recorded once, stock 0, the oversell flagged and audited", async () => {
    const mask = await insertProduct(t.db, { name: "Last Mask", price: 4000, stock: 1 });
    const first = await sell(desk, mask, {
      key: "offline-device-a-1",
      n: 1,
      offlineReceipt: `${deskPrefix}-0001`,
    }).expect(201);
    expect(first.body.offlineReceipt).toBe(`${deskPrefix}-0001`);
    const second = await sell(manager, mask, {
      key: "offline-device-b-1",
      n: 2,
      offlineReceipt: `${managerPrefix}-0001`,
    }).expect(201);
    expect(second.body.offlineReceipt).toBe(`${managerPrefix}-0001`);
    expect(await stockOf(mask.id)).toBe(0);

    // Resent (an answer lost on the network): the same sale, no second flag.
    const again = await sell(manager, mask, {
      key: "offline-device-b-1",
      n: 2,
      offlineReceipt: `${managerPrefix}-0001`,
    }).expect(200);
    expect(again.body.replayed).toBe(true);
    expect(again.body.id).toBe(second.body.id);

    const open = (await desk.get("/api/sales/oversells").expect(200)).body;
    expect(open).toEqual([
      expect.objectContaining({
        saleId: second.body.id,
        saleNumber: second.body.saleNumber,
        offlineReceipt: `${managerPrefix}-0001`,
        productId: mask.id,
        productName: "Last Mask",
        unitsSold: 1,
        unitsShort: 1,
        stockNow: 0,
      }),
    ]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, "sale.oversell"));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.entityId).toBe(String(second.body.id));

    // Only a manager settles it, once; then it is off the list.
    await desk.post(`/api/sales/oversells/${open[0].id}/settle`).expect(403);
    await manager.post(`/api/sales/oversells/${open[0].id}/settle`).expect(200);
    const settledTwice = await manager.post(`/api/sales/oversells/${open[0].id}/settle`);
    expect(settledTwice.status).toBe(409);
    expect(settledTwice.body.error.message).toBe("This oversell is already settled");
    await manager.post("/api/sales/oversells/999999/settle").expect(404);
    expect((await desk.get("/api/sales/oversells").expect(200)).body).toEqual([]);
    const settled = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "sale.oversell.settle"));
    expect(settled).toHaveLength(1);
  });

  it("an offline sale of more units than are left takes the stock to 0 and flags the units short", async () => {
    const serum = await insertProduct(t.db, { name: "Short Serum", price: 2000, stock: 2 });
    await sell(desk, serum, {
      key: "offline-device-c-1",
      n: 3,
      offlineReceipt: `${deskPrefix}-0002`,
      quantity: 5,
    }).expect(201);
    expect(await stockOf(serum.id)).toBe(0);
    const open = (await desk.get("/api/sales/oversells").expect(200)).body;
    expect(open).toEqual([
      expect.objectContaining({ productName: "Short Serum", unitsSold: 5, unitsShort: 3 }),
    ]);
  });

  it("keeps the receipt number the device printed, never on two sales, and refuses a malformed or made-up one", async () => {
    const toner = await insertProduct(t.db, { name: "Receipt Toner", price: 1000, stock: 10 });
    const receipt = `${deskPrefix}-0007`;
    const sale = await sell(desk, toner, {
      key: "offline-device-d-1",
      n: 4,
      offlineReceipt: receipt,
    }).expect(201);
    const stored = await desk.get(`/api/sales/${sale.body.id}`).expect(200);
    expect(stored.body.offlineReceipt).toBe(receipt);

    const twice = await sell(desk, toner, {
      key: "offline-device-d-2",
      n: 4,
      offlineReceipt: receipt,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(
      `The offline receipt ${receipt} is already on Sale #${sale.body.saleNumber}`,
    );
    const bad = await sell(desk, toner, { key: "offline-device-d-3", n: 4, offlineReceipt: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/offline receipt number must look like D1F-0007/);
    // A prefix no device was given cannot carry a sale past the stock refusal.
    const madeUp = await sell(desk, toner, {
      key: "offline-device-d-4",
      n: 4,
      offlineReceipt: "DZZZZZ-0001",
    });
    expect(madeUp.status).toBe(400);
    expect(madeUp.body.error.message).toBe(
      "The offline receipt DZZZZZ-0001 was not printed by a device of this clinic",
    );
    expect(await stockOf(toner.id)).toBe(9);
  });

  it("two sales with one receipt number at once: one recorded, the other 409, never a 500", async () => {
    const toner = await insertProduct(t.db, { name: "Race Toner", price: 1000, stock: 10 });
    const receipt = `${deskPrefix}-0100`;
    const answers = await Promise.all(
      [1, 2].map((i) =>
        sell(desk, toner, { key: `offline-race-${i}`, n: 5, offlineReceipt: receipt }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await stockOf(toner.id)).toBe(9);
  });
});
