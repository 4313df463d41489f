/**
 * The day close per tender (issue 29; docs/decisions/0230-the-day-closes-per-tender-and-locks.md) on PGlite and, with
 * TEST_DATABASE_URL, PostgreSQL: a split payment keeps each tender's reference, the close shows
 * each tender's expected, counted and variance, the drawer takes its float, pay-ins and pay-outs
 * and is counted by note, Paystack's payments (the local fake, through the real client) are
 * matched by reference with their fee, net and settlement, a closed day refuses sales, refunds
 * and voids, and only a manager reopens it, audited.
 */
import { TZDate } from "@date-fns/tz";
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lagosDate } from "#common/lagos-time.ts";
import { dayClosedMessage, type TenderLine } from "#common/sales.ts";
import { auditLog } from "#server/db/schema/access.ts";
import { insertService } from "#server/testing/builders.ts";
import { type FakePaystack, startFakePaystack } from "#server/testing/fake-paystack.ts";
import { signedInMember } from "#server/testing/staff-accounts.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";

const ADA = { name: "Ada Obi", email: "ada.obi@example.com", phone: "08031234567" };

/** 11:00 Lagos time `daysAgo` days back: its Lagos date and the instant (ISO). */
function lagosDay(daysAgo: number) {
  const day = new TZDate(Date.now() - daysAgo * 86_400_000, "Africa/Lagos");
  day.setHours(11, 0, 0, 0);
  return { date: lagosDate(day), at: new Date(day.getTime()).toISOString() };
}

const byTender = (tenders: TenderLine[]): Record<string, TenderLine> =>
  Object.fromEntries(tenders.map((t) => [t.tender, t]));

describe.each(dbKinds)("day close per tender on %s", (kind) => {
  let fake: FakePaystack;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let manager: ReturnType<typeof request.agent>;
  let desk: ReturnType<typeof request.agent>;
  let facial: { id: number };

  beforeAll(async () => {
    fake = await startFakePaystack();
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "1000", ...fake.env });
    manager = request.agent(t.app);
    await manager.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    desk = (await signedInMember(t.app, t.db, manager, "front_desk")).agent;
    facial = await insertService(t.db, { name: "Signature Facial", price: 10000 });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("keeps each part of a split payment with its tender and reference", async () => {
    const res = await desk
      .post("/api/pos/process-sale")
      .send({
        cart: [{ id: facial.id, type: "service", quantity: 1 }],
        customerInfo: ADA,
        paymentMethod: "split",
        splitPayments: [
          { method: "card", amount: 6000, reference: "RRN 000123456789" },
          { method: "transfer", amount: 4000, reference: "FBN/TRF/7781", payer: "Adaeze Obi" },
        ],
      })
      .expect(201);
    expect(res.body.paymentMethod).toBe("split");
    expect(res.body.payments).toEqual([
      expect.objectContaining({
        method: "card",
        amount: 6000,
        reference: "RRN 000123456789",
        payer: null,
      }),
      expect.objectContaining({
        method: "transfer",
        amount: 4000,
        reference: "FBN/TRF/7781",
        payer: "Adaeze Obi",
      }),
    ]);
    const stored = await desk.get(`/api/sales/${res.body.id}`).expect(200);
    expect(stored.body.payments.map((p: { reference: string }) => p.reference)).toEqual([
      "RRN 000123456789",
      "FBN/TRF/7781",
    ]);
    // A single card payment carries the terminal's reference too.
    const card = await desk
      .post("/api/pos/process-sale")
      .send({
        cart: [{ id: facial.id, type: "service", quantity: 1 }],
        customerInfo: ADA,
        paymentMethod: "card",
        paymentReference: "RRN 000987654321",
      })
      .expect(201);
    expect(card.body.payments).toEqual([
      expect.objectContaining({ method: "card", amount: 10000, reference: "RRN 000987654321" }),
    ]);
    const long = await desk
      .post("/api/pos/process-sale")
      .send({
        cart: [{ id: facial.id, type: "service", quantity: 1 }],
        customerInfo: ADA,
        paymentMethod: "card",
        paymentReference: "x".repeat(101),
      })
      .expect(400);
    expect(long.body.error.message).toBe("A reference must be at most 100 characters");
  });

  it("closes a day per tender: the drawer's float, pay-in, pay-out and count by note, card and transfer counted", async () => {
    const { date, at } = lagosDay(2);
    const movement = (body: Record<string, unknown>) =>
      desk.post(`/api/sales/daily/${date}/cash-movements`).send(body);
    await movement({ kind: "float", amount: 20000 }).expect(201);
    const second = await movement({ kind: "float", amount: 5000 }).expect(409);
    expect(second.body.error.message).toBe("The opening float of this day is already recorded");
    const noReason = await movement({ kind: "pay_out", amount: 3500 }).expect(400);
    expect(noReason.body.error.message).toBe("Please give a reason");
    const payIn = await movement({
      kind: "pay_in",
      amount: 5000,
      reason: "Change from the bank",
    }).expect(201);
    expect(payIn.body).toMatchObject({
      kind: "pay_in",
      amount: 5000,
      reason: "Change from the bank",
    });
    await movement({ kind: "pay_out", amount: 3500, reason: "Diesel for the generator" }).expect(
      201,
    );

    const sell = (body: Record<string, unknown>) =>
      desk
        .post("/api/pos/process-sale")
        .send({
          cart: [{ id: facial.id, type: "service", quantity: 1 }],
          customerInfo: ADA,
          soldAt: at,
          ...body,
        })
        .expect(201);
    await sell({ paymentMethod: "cash", cashReceived: 10000 });
    await sell({
      paymentMethod: "split",
      splitPayments: [
        { method: "card", amount: 6000, reference: "RRN 1" },
        { method: "transfer", amount: 4000, reference: "TRF 1", payer: "Adaeze Obi" },
      ],
    });
    await sell({ paymentMethod: "transfer" });

    const sheet = await desk.get(`/api/sales/daily/${date}/close`).expect(200);
    expect(sheet.body.close).toBeNull();
    // Drawer: 20,000 float + 10,000 cash − 0 refunds + 5,000 pay-in − 3,500 pay-out = 31,500.
    expect(sheet.body.cash).toMatchObject({
      float: 20000,
      taken: 10000,
      refunds: 0,
      payIns: 5000,
      payOuts: 3500,
      expected: 31500,
    });
    expect(sheet.body.cash.movements.map((m: { kind: string }) => m.kind)).toEqual([
      "float",
      "pay_in",
      "pay_out",
    ]);
    const open = byTender(sheet.body.tenders);
    expect(open.cash).toMatchObject({ expected: 31500, counted: null, variance: null });
    expect(open.card).toMatchObject({ expected: 6000, payments: 1, withoutReference: 0 });
    // The single transfer sale gave no reference: the sheet says so.
    expect(open.transfer).toMatchObject({ expected: 14000, payments: 2, withoutReference: 1 });

    const differs = await desk
      .post(`/api/sales/daily/${date}/close`)
      .send({ countedCash: 31500, cashCount: { notes: { "1000": 31 }, coins: 0 } })
      .expect(400);
    expect(differs.body.error.message).toBe("The counted cash differs from the count by note");

    // 31 × ₦1,000 + 2 × ₦200 + ₦50 in coins = ₦31,450: ₦50 short.
    const close = await desk
      .post(`/api/sales/daily/${date}/close`)
      .send({
        cashCount: { notes: { "1000": 31, "500": 0, "200": 2, "100": 0, "50": 0 }, coins: 50 },
        counted: { card: 6000, transfer: 13000 },
        notes: "Transfer from Mr Bello not in the statement yet",
      })
      .expect(201);
    expect(close.body).toMatchObject({
      date,
      expectedCash: 31500,
      countedCash: 31450,
      difference: -50,
      cashCount: { notes: { "1000": 31, "500": 0, "200": 2, "100": 0, "50": 0 }, coins: 50 },
    });
    const closed = byTender(close.body.tenders);
    expect(closed.cash).toMatchObject({ expected: 31500, counted: 31450, variance: -50 });
    expect(closed.card).toMatchObject({ expected: 6000, counted: 6000, variance: 0 });
    expect(closed.transfer).toMatchObject({ expected: 14000, counted: 13000, variance: -1000 });
    expect(closed.online).toMatchObject({ expected: 0, counted: 0, variance: 0 });

    // The daily figures and the sheet show the close; the audit has each tender's variance.
    const daily = await desk.get(`/api/sales/daily/${date}`).expect(200);
    expect(byTender(daily.body.close.tenders).transfer?.variance).toBe(-1000);
    const after = await desk.get(`/api/sales/daily/${date}/close`).expect(200);
    expect(after.body.close.countedCash).toBe(31450);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "sales.day-close"), eq(auditLog.entityId, date)));
    expect(audit?.details).toMatchObject({
      difference: -50,
      tenders: expect.arrayContaining([
        { tender: "transfer", expected: 14000, counted: 13000, variance: -1000 },
      ]),
    });
    // The drawer of a closed day takes no more movements.
    const late = await movement({ kind: "pay_out", amount: 100, reason: "Water" }).expect(400);
    expect(late.body.error.message).toBe(dayClosedMessage(date));
  });

  it("matches a Paystack payment by reference with its fee, net and settlement", async () => {
    const { date, at } = lagosDay(4);
    const recorded = await desk
      .post("/api/sales")
      .send({
        type: "service",
        itemId: facial.id,
        customerName: ADA.name,
        customerEmail: ADA.email,
        paymentMethod: "online",
        paymentReference: "PSK_glow_1001",
        saleDate: at,
      })
      .expect(201);
    expect(recorded.body.paymentMethod).toBe("online");
    // Paystack took ₦10,000 (fee 1.5% + ₦100 = ₦250) and a ₦5,000 payment the till never saw
    // (fee ₦75 + ₦100 = ₦175).
    fake.pay("PSK_glow_1001", { amount: 1_000_000, paidAt: at });
    fake.pay("PSK_stranger", { amount: 500_000, paidAt: at });
    const nextDay = new Date(Date.parse(at) + 86_400_000).toISOString();
    const settlementId = fake.settle(["PSK_glow_1001"], { date: nextDay });

    const sheet = await desk.get(`/api/sales/daily/${date}/close`).expect(200);
    expect(sheet.body.paystack).toMatchObject({
      configured: true,
      error: null,
      amount: 15000,
      fees: 425,
      net: 14575,
    });
    expect(sheet.body.paystack.matches).toEqual([
      {
        reference: "PSK_glow_1001",
        recordedAs: expect.stringMatching(/^Sale #\d+$/),
        expected: 10000,
        amount: 10000,
        fees: 250,
        net: 9750,
        status: "matched",
        settlement: { id: String(settlementId), status: "success", date: nextDay },
      },
      {
        reference: "PSK_stranger",
        recordedAs: null,
        expected: null,
        amount: 5000,
        fees: 175,
        net: 4825,
        status: "not recorded here",
        settlement: null,
      },
    ]);
    expect(byTender(sheet.body.tenders).online).toMatchObject({
      expected: 10000,
      counted: 15000,
      variance: 5000,
    });

    // The close keeps the matching as it stood.
    const close = await desk
      .post(`/api/sales/daily/${date}/close`)
      .send({ countedCash: 0 })
      .expect(201);
    expect(close.body.paystack.matches[0]).toMatchObject({ status: "matched", fees: 250 });
    expect(byTender(close.body.tenders).online?.variance).toBe(5000);
  });

  it("matches Paystack refunds and chargebacks to their sales by reference and takes them off Paystack's figure", async () => {
    const { date, at } = lagosDay(6);
    const later = (hours: number) => new Date(Date.parse(at) + hours * 3_600_000).toISOString();
    const online = async (reference: string) =>
      (
        await desk
          .post("/api/sales")
          .send({
            type: "service",
            itemId: facial.id,
            customerName: ADA.name,
            customerEmail: ADA.email,
            paymentMethod: "online",
            paymentReference: reference,
            saleDate: at,
          })
          .expect(201)
      ).body as { saleNumber: number };
    const refunded = await online("PSK_rev_1");
    const disputed = await online("PSK_rev_2");
    fake.pay("PSK_rev_1", { amount: 1_000_000, paidAt: at });
    fake.pay("PSK_rev_2", { amount: 1_000_000, paidAt: at });
    // On Paystack's dashboard: ₦4,000 of the first given back; the second charged back and lost;
    // a chargeback still open on a payment this clinic never recorded; and a refund of another
    // day, which this day does not see.
    const refundId = fake.refundMade("PSK_rev_1", { amount: 400_000, createdAt: later(1) });
    const lostId = fake.dispute("PSK_rev_2", {
      status: "resolved",
      resolution: "merchant-accepted",
      createdAt: later(2),
    });
    const openId = fake.dispute("PSK_elsewhere", { refundAmount: 300_000, createdAt: later(3) });
    fake.refundMade("PSK_rev_2", { amount: 100_000, createdAt: later(48) });

    const sheet = await desk.get(`/api/sales/daily/${date}/close`).expect(200);
    expect(sheet.body.paystack.reversals).toEqual([
      {
        kind: "refund",
        id: String(refundId),
        reference: "PSK_rev_1",
        recordedAs: `Sale #${refunded.saleNumber}`,
        amount: 4000,
        status: "processed",
        resolution: null,
        deducted: true,
        at: later(1),
      },
      {
        kind: "chargeback",
        id: String(lostId),
        reference: "PSK_rev_2",
        recordedAs: `Sale #${disputed.saleNumber}`,
        amount: 10000,
        status: "resolved",
        resolution: "merchant-accepted",
        deducted: true,
        at: later(2),
      },
      {
        kind: "chargeback",
        id: String(openId),
        reference: "PSK_elsewhere",
        recordedAs: null,
        amount: 3000,
        status: "awaiting-merchant-feedback",
        resolution: null,
        deducted: false,
        at: later(3),
      },
    ]);
    expect(sheet.body.paystack).toMatchObject({
      amount: 20000,
      refunded: 4000,
      chargebacks: 10000,
    });
    // Expected here: both sales (no refund recorded at the till); Paystack kept ₦6,000.
    expect(byTender(sheet.body.tenders).online).toMatchObject({
      expected: 20000,
      counted: 6000,
      variance: -14000,
    });

    // The close keeps them as they stood, and Daily Sales shows the same close.
    const close = await desk
      .post(`/api/sales/daily/${date}/close`)
      .send({ countedCash: 0 })
      .expect(201);
    expect(close.body.paystack).toMatchObject({ refunded: 4000, chargebacks: 10000 });
    expect(close.body.paystack.reversals).toEqual(sheet.body.paystack.reversals);
    const daily = await desk.get(`/api/sales/daily/${date}`).expect(200);
    expect(daily.body.close.paystack.reversals).toEqual(sheet.body.paystack.reversals);
    expect(byTender(daily.body.close.tenders).online?.variance).toBe(-14000);
  });

  it("locks a closed day against sales, refunds and voids; only a manager reopens it, audited", async () => {
    const today = lagosDate(new Date());
    const sale = await desk
      .post("/api/pos/process-sale")
      .send({
        cart: [{ id: facial.id, type: "service", quantity: 1 }],
        customerInfo: ADA,
        paymentMethod: "card",
        paymentReference: "RRN 42",
      })
      .expect(201);
    await desk.post(`/api/sales/daily/${today}/close`).send({ countedCash: 0 }).expect(201);
    const again = await desk
      .post(`/api/sales/daily/${today}/close`)
      .send({ countedCash: 0 })
      .expect(409);
    expect(again.body.error.message).toBe("This day is already closed");

    const closedMessage = dayClosedMessage(today);
    const refused = await desk
      .post("/api/pos/process-sale")
      .send({
        cart: [{ id: facial.id, type: "service", quantity: 1 }],
        customerInfo: ADA,
        paymentMethod: "card",
      })
      .expect(400);
    expect(refused.body.error.message).toBe(closedMessage);
    const refund = await desk
      .post(`/api/sales/${sale.body.id}/refund`)
      .send({ reason: "Client unhappy" })
      .expect(400);
    expect(refund.body.error.message).toBe(closedMessage);
    const voided = await desk
      .post(`/api/sales/${sale.body.id}/void`)
      .send({ reason: "Rung up twice" })
      .expect(400);
    expect(voided.body.error.message).toBe(closedMessage);
    expect((await desk.get(`/api/sales/${sale.body.id}`)).body.status).toBe("completed");

    const deskReopen = await desk
      .post(`/api/sales/daily/${today}/reopen`)
      .send({ reason: "Forgot a sale" })
      .expect(403);
    expect(deskReopen.body.error.message).toBe(
      "Your role does not allow this: only a manager reopens a closed day.",
    );
    await manager.post(`/api/sales/daily/${today}/reopen`).send({}).expect(400);
    const reopened = await manager
      .post(`/api/sales/daily/${today}/reopen`)
      .send({ reason: "A late card payment to ring up" })
      .expect(200);
    expect(reopened.body.close).toBeNull();
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "sales.day-reopen"), eq(auditLog.entityId, today)));
    expect(audit).toMatchObject({ adminUsername: TEST_ADMIN.username });
    expect(audit?.details).toMatchObject({
      reason: "A late card payment to ring up",
      closedBy: expect.any(String),
      countedCash: 0,
    });
    await manager.post(`/api/sales/daily/${today}/reopen`).send({ reason: "Again" }).expect(409);
    // Open again: the refund goes through.
    await desk
      .post(`/api/sales/${sale.body.id}/refund`)
      .send({ reason: "Client unhappy" })
      .expect(200);
  });
});
