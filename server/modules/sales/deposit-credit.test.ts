/**
 * Issue 32's deposit at the till and the day close (docs/decisions/0296), on PGlite and, with
 * TEST_DATABASE_URL, PostgreSQL: a visit whose booking deposit was paid online is checked out
 * with the deposit credited once as the 'Deposit' tender (its reference kept), the rest paid at
 * the till; a second or concurrent checkout cannot credit it again; a deposit above the total
 * credits the total only and the rest is owed to the client; a void gives the deposit back to
 * the booking (paid again, credited to the corrected sale), a refund leaves it applied; the
 * day's figures count credited deposits apart from the drawer and the terminal, and list
 * deposits taken, credited, returned, refunded and forfeited per tender; with Paystack keys a
 * deposit is matched at Paystack by its reference.
 */
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lagosDate, lagosWeekday } from "#common/lagos-time.ts";
import type { CloseSheet, DailySales, TenderLine } from "#common/sales.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { outbox } from "#server/db/schema/content.ts";
import { bookingDeposits } from "#server/db/schema/deposits.ts";
import { salePayments } from "#server/db/schema/sales.ts";
import { applyDeposit } from "#server/modules/bookings/deposit-settle.ts";
import { insertService } from "#server/testing/builders.ts";
import { type FakePaystack, startFakePaystack } from "#server/testing/fake-paystack.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";

/** A Lagos day `from`-`from+6` days ahead that is not a Sunday (the clinic is closed then). */
function aheadOpen(from: number): string {
  for (let i = from; i < from + 7; i++) {
    const day = new Date(Date.now() + i * 86_400_000);
    if (lagosWeekday(day) !== 0) return lagosDate(day);
  }
  throw new Error("unreachable");
}

const byTender = (tenders: TenderLine[]): Record<string, TenderLine> =>
  Object.fromEntries(tenders.map((t) => [t.tender, t]));

type Visit = { appointmentId: number; reference: string };

describe.each(dbKinds)("the booking deposit credited at the till on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let desk: ReturnType<typeof request.agent>;
  let hydra: { id: number };
  let tint: { id: number };
  const today = lagosDate(new Date());

  /** A booking held online and its ₦20,000 deposit paid in test-payment mode. */
  async function paidVisit(email: string, service: { id: number }, ahead = 3): Promise<Visit> {
    const held = await request(t.app)
      .post("/api/bookings/hold")
      .send({
        name: "Kemi Lawal",
        email,
        phone: "08051234567",
        message: "",
        service: String(service.id),
        date: `${aheadOpen(ahead)} at 11:00 AM`,
      })
      .expect(201);
    const reference = held.body.deposit.reference as string;
    await request(t.app)
      .post(`/api/bookings/deposits/${reference}/test-payment`)
      .send({ outcome: "approve" })
      .expect(200);
    const paid = await request(t.app).post(`/api/bookings/deposits/${reference}/verify`);
    expect(paid.body).toMatchObject({ status: "paid", appointmentStatus: "confirmed" });
    return { appointmentId: held.body.appointmentId as number, reference };
  }

  const depositOf = async (reference: string) =>
    (await t.db.select().from(bookingDeposits).where(eq(bookingDeposits.reference, reference)))[0];

  /** The till's sale of the visit's prefill (GET /api/pos/checkout), paid by `payment`. */
  async function checkoutBody(visit: Visit, payment: Record<string, unknown>) {
    const prefill = (await desk.get(`/api/pos/checkout/${visit.appointmentId}`).expect(200)).body;
    return {
      cart: prefill.lines.map((l: { serviceId: number; appointmentId: number; price: number }) => ({
        id: l.serviceId,
        type: "service",
        quantity: 1,
        price: l.price,
        appointmentId: l.appointmentId,
      })),
      customerInfo: prefill.customer,
      appointmentId: visit.appointmentId,
      ...payment,
    };
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "1000" });
    desk = request.agent(t.app);
    await desk.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    hydra = await insertService(t.db, { name: "HydraFacial", price: 180000, duration: "1h" });
    tint = await insertService(t.db, { name: "Brow Tint", price: 15000, duration: "30m" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("credits the paid deposit once, reduces what is due, and counts it apart at the close", async () => {
    const visit = await paidVisit("ngozi@example.com", hydra);

    // Start Checkout brings the deposit to the till with its reference.
    const prefill = await desk.get(`/api/pos/checkout/${visit.appointmentId}`).expect(200);
    expect(prefill.body.deposits).toEqual([
      { appointmentId: visit.appointmentId, reference: visit.reference, amount: 20000 },
    ]);
    expect(prefill.body.lines).toMatchObject([{ serviceName: "HydraFacial", price: 180000 }]);

    // A till that shows another credit is refused, and nothing is written.
    const stale = await desk
      .post("/api/pos/process-sale")
      .send(await checkoutBody(visit, { paymentMethod: "card", depositCredit: 0 }))
      .expect(409);
    expect(stale.body.error.message).toBe(
      "The deposit credited is ₦20,000.00, not ₦0.00; please review the sale",
    );
    expect((await depositOf(visit.reference))?.status).toBe("paid");

    // Split payments must add up to what is due after the deposit, not the total.
    const short = await desk
      .post("/api/pos/process-sale")
      .send(
        await checkoutBody(visit, {
          paymentMethod: "split",
          splitPayments: [{ method: "card", amount: 180000 }],
        }),
      )
      .expect(400);
    expect(short.body.error.message).toBe(
      "Payments add up to ₦180,000.00 but ₦160,000.00 is due after the ₦20,000.00 deposit",
    );

    // Two checkouts of the visit at once: one sale, the deposit credited once.
    const body = await checkoutBody(visit, {
      paymentMethod: "card",
      paymentReference: "RRN 1234",
      totalAmount: 180000,
      depositCredit: 20000,
    });
    const [a, b] = await Promise.all([
      desk.post("/api/pos/process-sale").send(body),
      desk.post("/api/pos/process-sale").send(body),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const sale = (a.status === 201 ? a : b).body;
    expect(sale).toMatchObject({
      total: 180000,
      paymentMethod: "card",
      appointmentCompleted: true,
    });
    expect(sale.payments).toEqual([
      expect.objectContaining({ method: "deposit", amount: 20000, reference: visit.reference }),
      expect.objectContaining({ method: "card", amount: 160000, reference: "RRN 1234" }),
    ]);
    const deposit = await depositOf(visit.reference);
    expect(deposit).toMatchObject({
      status: "applied",
      appliedSaleId: sale.id,
      appliedKobo: 2_000_000,
    });
    // Once more, later: the visit is checked out; the deposit cannot be applied again.
    const again = await desk.post("/api/pos/process-sale").send(body).expect(409);
    expect(again.body.error.message).toBe(
      `The deposit ${visit.reference} was already credited to Sale #${sale.saleNumber}; please review the sale`,
    );
    expect(
      await t.db.transaction((tx) => applyDeposit(tx, deposit?.id ?? 0, sale.id, 1, new Date())),
    ).toBe(false);
    const credited = await t.db
      .select()
      .from(salePayments)
      .where(eq(salePayments.reference, visit.reference));
    expect(credited).toHaveLength(1);
    const [done] = await t.db
      .select({ status: appointments.status })
      .from(appointments)
      .where(eq(appointments.id, visit.appointmentId));
    expect(done?.status).toBe("completed");

    // The receipt shows the credit with its reference.
    await desk.post(`/api/sales/${sale.id}/email-receipt`).send({}).expect(200);
    const [receipt] = await t.db
      .select({ text: outbox.textBody })
      .from(outbox)
      .where(eq(outbox.template, "sale-receipt"));
    expect(receipt?.text).toContain(`Deposit credited (${visit.reference}): ₦20,000.00`);
    expect(receipt?.text).toContain("Paid (card): ₦160,000.00");

    // Daily Sales: the service at its whole price; the deposit outside the money collected.
    const daily = (await desk.get(`/api/sales/daily/${today}`).expect(200)).body as DailySales;
    expect(daily.transactionSummary.find((r) => r.type === "Services")).toMatchObject({
      salesQty: 1,
      grossTotal: 180000,
    });
    expect(daily.cashMovement).toMatchObject({
      cash: { collected: 0, refunds: 0 },
      other: { collected: 160000, refunds: 0 },
      deposits: { collected: 20000, refunds: 0 },
      totalCollected: 160000,
    });
    expect(daily.expectedCash).toBe(0);

    // The close: the terminal expects ₦160,000, the drawer nothing; the deposit is its own
    // tender (nothing to count) and was taken online today.
    const sheet = (await desk.get(`/api/sales/daily/${today}/close`).expect(200))
      .body as CloseSheet;
    const tenders = byTender(sheet.tenders);
    expect(tenders.card).toMatchObject({ expected: 160000, payments: 1 });
    expect(tenders.cash?.expected).toBe(0);
    expect(tenders.deposit).toMatchObject({
      label: "Deposits credited",
      expected: 20000,
      counted: null,
      variance: null,
      payments: 1,
      withoutReference: 0,
    });
    expect(tenders.online).toMatchObject({ expected: 20000, payments: 1 });
    expect(sheet.deposits.rows).toEqual([
      { movement: "taken", tender: "test", label: "Test payment", count: 1, amount: 20000 },
      { movement: "applied", tender: "till", label: "At the till", count: 1, amount: 20000 },
    ]);
    expect(sheet.deposits.totals).toEqual({
      taken: 20000,
      applied: 20000,
      restored: 0,
      refunded: 0,
      forfeited: 0,
    });
    expect(sheet.deposits.leftToReturn).toBe(0);
  });

  it("credits a deposit above the total up to the total, and keeps the rest for the client", async () => {
    const visit = await paidVisit("tolu@example.com", tint, 4);
    // Nothing is due at the till: a tip has no payment to go with and is refused.
    const tipped = await desk
      .post("/api/pos/process-sale")
      .send(
        await checkoutBody(visit, { paymentMethod: "card", tipAmount: 1000, depositCredit: 15000 }),
      )
      .expect(400);
    expect(tipped.body.error.message).toBe(
      "The deposit pays this sale in full, so there is no payment to add a tip to",
    );
    const sale = await desk
      .post("/api/pos/process-sale")
      .send(
        await checkoutBody(visit, {
          paymentMethod: "cash",
          cashReceived: 0,
          depositCredit: 15000,
          totalAmount: 15000,
        }),
      )
      .expect(201);
    expect(sale.body).toMatchObject({ total: 15000, paymentMethod: "deposit", change: 0 });
    expect(sale.body.payments).toEqual([
      expect.objectContaining({ method: "deposit", amount: 15000, reference: visit.reference }),
    ]);
    expect(await depositOf(visit.reference)).toMatchObject({
      status: "applied",
      amountKobo: 2_000_000,
      appliedKobo: 1_500_000,
    });
    const sheet = (await desk.get(`/api/sales/daily/${today}/close`).expect(200))
      .body as CloseSheet;
    expect(sheet.deposits.leftToReturn).toBe(5000);
    expect(byTender(sheet.tenders).cash?.expected).toBe(0);
  });

  it("gives the deposit back to the booking on a void, and keeps it applied on a refund", async () => {
    const visit = await paidVisit("funmi@example.com", hydra, 5);
    const before = (await desk.get(`/api/sales/daily/${today}`).expect(200)).body as DailySales;
    const body = async () =>
      checkoutBody(visit, { paymentMethod: "transfer", depositCredit: 20000 });
    const first = await desk
      .post("/api/pos/process-sale")
      .send(await body())
      .expect(201);
    const voided = await desk
      .post(`/api/sales/${first.body.id}/void`)
      .send({ reason: "Rang up the wrong client" })
      .expect(200);
    expect(voided.body.status).toBe("voided");
    expect(voided.body.refunds).toEqual([
      expect.objectContaining({ kind: "void", method: "transfer", amount: 160000 }),
      expect.objectContaining({ kind: "void", method: "deposit", amount: 20000, lines: [] }),
    ]);
    expect(voided.body.refunded).toBe(180000);
    expect(await depositOf(visit.reference)).toMatchObject({
      status: "paid",
      appliedSaleId: null,
      appliedKobo: null,
    });

    // The corrected sale credits it again.
    const second = await desk
      .post("/api/pos/process-sale")
      .send(await body())
      .expect(201);
    expect(second.body.payments[0]).toMatchObject({ method: "deposit", amount: 20000 });
    expect(await depositOf(visit.reference)).toMatchObject({
      status: "applied",
      appliedSaleId: second.body.id,
    });
    // A refund is money back for a visit that took place: by the till's tender, deposit kept.
    const refunded = await desk
      .post(`/api/sales/${second.body.id}/refund`)
      .send({ reason: "Client unhappy with the result" })
      .expect(200);
    expect(refunded.body.refunds).toEqual([
      expect.objectContaining({ kind: "refund", method: "transfer", amount: 180000 }),
    ]);
    expect((await depositOf(visit.reference))?.status).toBe("applied");

    const daily = (await desk.get(`/api/sales/daily/${today}`).expect(200)).body as DailySales;
    const m = daily.cashMovement;
    expect(m.deposits.collected - before.cashMovement.deposits.collected).toBe(40000);
    expect(m.deposits.refunds - before.cashMovement.deposits.refunds).toBe(20000);
    // Money paid back: the transfers only (₦160,000 on the void, ₦180,000 on the refund).
    expect(m.totalRefunds - before.cashMovement.totalRefunds).toBe(340000);
    const sheet = (await desk.get(`/api/sales/daily/${today}/close`).expect(200))
      .body as CloseSheet;
    expect(sheet.deposits.rows).toContainEqual({
      movement: "restored",
      tender: "till",
      label: "At the till",
      count: 1,
      amount: 20000,
    });
  });

  it("counts a no-show's forfeited deposit as a no-show fee of the day", async () => {
    const visit = await paidVisit("absent@example.com", hydra, 6);
    // The visit's time comes and goes (moved there directly): the client does not come.
    const past = new Date(Date.now() - 2 * 3_600_000);
    await t.db
      .update(appointments)
      .set({ startsAt: past, endsAt: new Date(past.getTime() + 3_600_000) })
      .where(eq(appointments.id, visit.appointmentId));
    await desk
      .patch(`/api/appointments/${visit.appointmentId}`)
      .send({ status: "no-show" })
      .expect(200);
    expect((await depositOf(visit.reference))?.status).toBe("forfeited");
    const daily = (await desk.get(`/api/sales/daily/${today}`).expect(200)).body as DailySales;
    expect(daily.transactionSummary.find((r) => r.type === "No-show fees")).toEqual({
      type: "No-show fees",
      salesQty: 1,
      refundQty: 0,
      grossTotal: 20000,
    });
    const sheet = (await desk.get(`/api/sales/daily/${today}/close`).expect(200))
      .body as CloseSheet;
    expect(sheet.deposits.rows).toContainEqual({
      movement: "forfeited",
      tender: "test",
      label: "Test payment",
      count: 1,
      amount: 20000,
    });
    // The forfeited deposit cannot be credited at the till.
    const prefill = await desk.get(`/api/pos/checkout/${visit.appointmentId}`).expect(200);
    expect(prefill.body.deposits).toEqual([]);
  });
});

describe.each(dbKinds)("a booking deposit at the close with Paystack on %s", (kind) => {
  let fake: FakePaystack;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let manager: ReturnType<typeof request.agent>;

  beforeAll(async () => {
    fake = await startFakePaystack();
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "1000", ...fake.env });
    manager = request.agent(t.app);
    await manager.post("/api/auth/login").send(TEST_ADMIN).expect(200);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("matches the deposit taken today at Paystack by its reference, in the online tender", async () => {
    const hydra = await insertService(t.db, { name: "HydraFacial", price: 180000 });
    const held = await request(t.app)
      .post("/api/bookings/hold")
      .send({
        name: "Ada Obi",
        email: "ada@example.com",
        phone: "08031234567",
        message: "",
        service: String(hydra.id),
        date: `${aheadOpen(3)} at 10:00 AM`,
      })
      .expect(201);
    const ref = held.body.deposit.reference as string;
    await request(t.app).post(`/api/bookings/deposits/${ref}/start`).expect(200);
    fake.pay(ref, { amount: 2_000_000 });
    await request(t.app).post(`/api/bookings/deposits/${ref}/verify`).expect(200);
    const [deposit] = await t.db
      .select()
      .from(bookingDeposits)
      .where(eq(bookingDeposits.reference, ref));
    const today = lagosDate(new Date());
    const sheet = (await manager.get(`/api/sales/daily/${today}/close`).expect(200))
      .body as CloseSheet;
    expect(sheet.paystack.matches).toContainEqual(
      expect.objectContaining({
        reference: ref,
        recordedAs: `Booking deposit #${deposit?.id}`,
        expected: 20000,
        amount: 20000,
        status: "matched",
      }),
    );
    expect(byTender(sheet.tenders).online).toMatchObject({
      expected: 20000,
      counted: 20000,
      variance: 0,
    });
  });
});
