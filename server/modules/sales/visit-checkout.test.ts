/**
 * The till closes the visit (issue 29) on PGlite and, with TEST_DATABASE_URL, PostgreSQL: a
 * visit with two therapists checked out with a product, each line crediting its member at their
 * category or default rate; the appointments completed and linked in the sale's transaction; a
 * refund giving back its share of VAT and service charge and taking back its commission; a
 * returning client found by phone and never made twice.
 */
import http from "node:http";
import { count, eq, inArray } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lagosDate, lagosInstant } from "#common/lagos-time.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { clients } from "#server/db/schema/clients.ts";
import { saleLines } from "#server/db/schema/sales.ts";
import { memberSales } from "#server/modules/staff/member-sales.ts";
import {
  insertAppointment,
  insertClient,
  insertProduct,
  insertService,
  insertStaff,
} from "#server/testing/builders.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";

describe.each(dbKinds)("checking out a visit at the till on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let server: http.Server;
  let agent: ReturnType<typeof request.agent>;
  const today = lagosDate(new Date());
  /** A pay run for today only: its commission and tips are the member's lines and tips. */
  const payRun = async (staffId: number) =>
    (
      await agent
        .post("/api/pay-runs")
        .send({ staffId, payPeriodStart: today, payPeriodEnd: today })
        .expect(201)
    ).body as { commissionEarned: number; tips: number };

  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "1000" });
    server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    agent = request.agent(server);
    await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await t?.close();
  });

  it("checks out a visit with two therapists and a product, crediting each line's member", async () => {
    const facial = await insertService(t.db, {
      name: "Glow Facial",
      price: 35000,
      category: "facial",
    });
    const peel = await insertService(t.db, {
      name: "Chemical Peel",
      price: 50000,
      category: "peels",
    });
    const serum = await insertProduct(t.db, {
      name: "C Serum",
      price: 20000,
      category: "serums",
      stock: 5,
    });
    // Amaka: 10% default, 15% on facials. Tunde: 12% default. Desk: 5% on serums.
    const amaka = await insertStaff(t.db, {
      firstName: "Amaka",
      lastName: "Obi",
      email: "amaka@glowhaven.example",
      commissionRateBp: 1000,
    });
    const tunde = await insertStaff(t.db, {
      firstName: "Tunde",
      lastName: "Ola",
      email: "tunde@glowhaven.example",
      commissionRateBp: 1200,
    });
    const desk = await insertStaff(t.db, {
      firstName: "Desk",
      lastName: "Ade",
      email: "desk@glowhaven.example",
      role: "receptionist",
      commissionRateBp: 0,
    });
    await agent
      .put(`/api/staff/${amaka.id}/commission-rates`)
      .send({ rates: [{ itemType: "service", category: "facial", rate: 15 }] })
      .expect(200);
    const deskRates = await agent
      .put(`/api/staff/${desk.id}/commission-rates`)
      .send({ rates: [{ itemType: "product", category: "serums", rate: 5 }] })
      .expect(200);
    expect(deskRates.body.rates).toEqual([{ itemType: "product", category: "serums", rate: 5 }]);
    await agent
      .put(`/api/staff/${desk.id}/commission-rates`)
      .send({ rates: [{ itemType: "product", category: "serums", rate: 101 }] })
      .expect(400);

    const visit = {
      customerName: "Ngozi Eke",
      customerEmail: "ngozi@example.com",
      customerPhone: "08035550000",
    };
    // The facial is charged at the appointment's price (₦32,000 quoted), the peel at the catalogue's.
    const first = await insertAppointment(t.db, {
      ...visit,
      serviceId: facial.id,
      serviceName: "Glow Facial",
      staffId: amaka.id,
      priceKobo: 3_200_000,
      startsAt: lagosInstant(today, 10 * 60),
    });
    const second = await insertAppointment(t.db, {
      ...visit,
      serviceId: peel.id,
      serviceName: "Chemical Peel",
      staffId: tunde.id,
      priceKobo: 5_000_000,
      startsAt: lagosInstant(today, 11 * 60),
    });

    const prefill = await agent.get(`/api/pos/checkout/${first.id}`).expect(200);
    expect(prefill.body).toMatchObject({
      appointmentId: first.id,
      customer: { name: "Ngozi Eke", email: "ngozi@example.com" },
      lines: [
        {
          appointmentId: first.id,
          serviceId: facial.id,
          price: 32000,
          staffId: amaka.id,
          staffName: "Amaka Obi",
        },
        {
          appointmentId: second.id,
          serviceId: peel.id,
          price: 50000,
          staffId: tunde.id,
          staffName: "Tunde Ola",
        },
      ],
    });
    await agent.get("/api/pos/checkout/999999").expect(404);

    const cart = [
      {
        id: facial.id,
        type: "service",
        quantity: 1,
        price: 32000,
        staffId: amaka.id,
        appointmentId: first.id,
      },
      { id: peel.id, type: "service", quantity: 1, staffId: tunde.id, appointmentId: second.id },
      { id: serum.id, type: "product", quantity: 1, staffId: desk.id },
    ];
    const unknown = await agent
      .post("/api/pos/process-sale")
      .send({
        cart: [{ ...cart[2], staffId: 999999 }],
        customerInfo: { name: visit.customerName, email: visit.customerEmail },
        paymentMethod: "card",
      })
      .expect(400);
    expect(unknown.body.error.message).toBe("Unknown staff member");

    const sale = await agent
      .post("/api/pos/process-sale")
      .send({
        cart,
        customerInfo: {
          name: visit.customerName,
          email: visit.customerEmail,
          phone: visit.customerPhone,
        },
        paymentMethod: "card",
        tipAmount: 3000,
        appointmentId: String(first.id),
        totalAmount: 102000,
      })
      .expect(201);
    expect(sale.body).toMatchObject({
      total: 102000,
      appointmentId: first.id,
      appointmentCompleted: true,
      tips: 3000,
    });
    expect(sale.body.lines).toMatchObject([
      {
        name: "Glow Facial",
        unitPrice: 32000,
        staffId: amaka.id,
        staffName: "Amaka Obi",
        appointmentId: first.id,
      },
      { name: "Chemical Peel", unitPrice: 50000, staffId: tunde.id, appointmentId: second.id },
      { name: "C Serum", staffId: desk.id, appointmentId: null },
    ]);
    // The tip goes to the first therapist unless the desk names someone else.
    expect(sale.body.payments[0]).toMatchObject({ tip: 3000, tipStaffId: amaka.id });

    const visits = await t.db
      .select()
      .from(appointments)
      .where(inArray(appointments.id, [first.id, second.id]));
    for (const a of visits) {
      expect(a.status).toBe("completed");
      expect(a.completedAt?.toISOString()).toBe(sale.body.soldAt);
    }
    const again = await agent
      .post("/api/pos/process-sale")
      .send({
        cart: [cart[1]],
        customerInfo: { name: visit.customerName, email: visit.customerEmail },
        paymentMethod: "card",
      })
      .expect(409);
    expect(again.body.error.message).toBe(
      `Ngozi Eke's Chemical Peel was already checked out (Sale #${sale.body.saleNumber})`,
    );
    expect((await agent.get(`/api/pos/checkout/${first.id}`).expect(200)).body.lines).toEqual([]);

    // Amaka 15% of ₦32,000 = ₦4,800 and the ₦3,000 tip; Tunde 12% of ₦50,000 = ₦6,000; the desk
    // 5% of ₦20,000 = ₦1,000. The completed appointments are not counted a second time.
    expect(await payRun(amaka.id)).toMatchObject({ commissionEarned: 4800, tips: 3000 });
    expect(await payRun(tunde.id)).toMatchObject({ commissionEarned: 6000, tips: 0 });
    expect(await payRun(desk.id)).toMatchObject({ commissionEarned: 1000, tips: 0 });
  });

  it("refunds one ₦8,500 item with its VAT and service charge, and takes back its commission", async () => {
    const mask = await insertProduct(t.db, {
      name: "Clay Mask",
      price: 8500,
      category: "masks",
      stock: 10,
    });
    const scrub = await insertProduct(t.db, {
      name: "Body Scrub",
      price: 10000,
      category: "masks",
      stock: 10,
    });
    const seller = await insertStaff(t.db, {
      firstName: "Bisi",
      lastName: "Ade",
      email: "bisi@glowhaven.example",
      commissionRateBp: 1000,
    });
    const vat = (
      await agent
        .post("/api/surcharges")
        .send({ name: "VAT", type: "percentage", amount: 7.5 })
        .expect(201)
    ).body;
    const service = (
      await agent
        .post("/api/surcharges")
        .send({ name: "Service charge", type: "percentage", amount: 10 })
        .expect(201)
    ).body;
    // ₦18,500 + VAT ₦1,387.50 + service charge ₦1,850 = ₦21,737.50.
    const sale = await agent
      .post("/api/pos/process-sale")
      .send({
        cart: [
          { id: mask.id, type: "product", quantity: 1, staffId: seller.id },
          { id: scrub.id, type: "product", quantity: 1, staffId: seller.id },
        ],
        customerInfo: { name: "Kemi Lawal", email: "kemi@example.com" },
        appliedSurcharges: [vat.id, service.id],
        paymentMethod: "card",
        totalAmount: 21737.5,
      })
      .expect(201);
    const maskLine = sale.body.lines[0];
    const refunded = await agent
      .post(`/api/sales/${sale.body.id}/refund`)
      .send({ reason: "Reaction", lines: [{ lineId: maskLine.id, quantity: 1 }] })
      .expect(200);
    // ₦8,500 + its VAT ₦637.50 + its service charge ₦850 = ₦9,987.50.
    expect(refunded.body.refunded).toBe(9987.5);
    expect(refunded.body.refunds[0]).toMatchObject({
      amount: 9987.5,
      surchargeLines: [
        { surchargeId: vat.id, name: "VAT", amount: 637.5 },
        { surchargeId: service.id, name: "Service charge", amount: 850 },
      ],
      discount: 0,
      lines: [
        { saleLineId: maskLine.id, quantity: 1, amount: 8500, surcharges: 1487.5, discount: 0 },
      ],
    });
    // The seller keeps commission on the scrub only: 10% of ₦10,000.
    const kept = await memberSales(
      t.db,
      seller.id,
      new Date(Date.now() - 86_400_000),
      new Date(Date.now() + 60_000),
    );
    expect(kept).toMatchObject({ kobo: 1_000_000, commissionKobo: 100_000 });
    // The rest comes back to the kobo: ₦21,737.50 in all.
    const rest = await agent
      .post(`/api/sales/${sale.body.id}/refund`)
      .send({ reason: "All back" })
      .expect(200);
    expect(rest.body).toMatchObject({ status: "refunded", refunded: 21737.5 });
    expect(rest.body.refunds[1].surchargeLines).toEqual([
      { surchargeId: vat.id, name: "VAT", amount: 750 },
      { surchargeId: service.id, name: "Service charge", amount: 1000 },
    ]);
    // Commission only on what was kept: nothing.
    expect(await payRun(seller.id)).toMatchObject({ commissionEarned: 0 });
    await agent.patch(`/api/surcharges/${vat.id}`).send({ isActive: false }).expect(200);
    await agent.patch(`/api/surcharges/${service.id}`).send({ isActive: false }).expect(200);
  });

  it("finds a returning client by phone in any form, and never makes them twice", async () => {
    const known = await insertClient(t.db, {
      email: "adaeze@example.com",
      firstName: "Adaeze",
      lastName: "Nwosu",
      phone: "+2348031112222",
    });
    for (const q of ["0803 111 2222", "+234 803 111 2222", "2348031112222", "803111"]) {
      const res = await agent.get(`/api/pos/clients?q=${encodeURIComponent(q)}`).expect(200);
      expect(res.body.clients.map((c: { id: number }) => c.id)).toEqual([known.id]);
    }
    const found = await agent.get("/api/pos/clients?q=adaeze").expect(200);
    expect(found.body).toMatchObject({
      page: 1,
      hasMore: false,
      clients: [
        {
          id: known.id,
          name: "Adaeze Nwosu",
          email: "adaeze@example.com",
          phone: "+2348031112222",
        },
      ],
    });

    const toner = await insertProduct(t.db, { name: "Toner", price: 5000, stock: 10 });
    const before = Number((await t.db.select({ n: count() }).from(clients))[0]?.n);
    // Picked at the till: the sale is hers.
    const picked = await agent
      .post("/api/pos/process-sale")
      .send({
        cart: [{ id: toner.id, type: "product", quantity: 1 }],
        clientId: known.id,
        customerInfo: { name: "Adaeze Nwosu", email: "adaeze@example.com" },
        paymentMethod: "card",
      })
      .expect(201);
    expect(picked.body.clientId).toBe(known.id);
    // Typed again with another address but her phone: still her, not a new client.
    const typed = await agent
      .post("/api/pos/process-sale")
      .send({
        cart: [{ id: toner.id, type: "product", quantity: 1 }],
        customerInfo: { name: "Adaeze N", email: "ada.n@example.com", phone: "0803 111 2222" },
        paymentMethod: "card",
      })
      .expect(201);
    expect(typed.body.clientId).toBe(known.id);
    // A new client made at the till is one row, found again by phone (stored +234…).
    const fresh = await agent
      .post("/api/pos/process-sale")
      .send({
        cart: [{ id: toner.id, type: "product", quantity: 1 }],
        customerInfo: { name: "Yemi Ojo", email: "yemi@example.com", phone: "0805 999 8888" },
        paymentMethod: "card",
      })
      .expect(201);
    const [made] = await t.db.select().from(clients).where(eq(clients.id, fresh.body.clientId));
    expect(made?.phone).toBe("+2348059998888");
    const byPhone = await agent.get("/api/pos/clients?q=08059998888").expect(200);
    expect(byPhone.body.clients.map((c: { id: number }) => c.id)).toEqual([fresh.body.clientId]);
    expect(Number((await t.db.select({ n: count() }).from(clients))[0]?.n)).toBe(before + 1);
    await agent
      .post("/api/pos/process-sale")
      .send({
        cart: [{ id: toner.id, type: "product", quantity: 1 }],
        clientId: 999999,
        customerInfo: { name: "X", email: "x@example.com" },
        paymentMethod: "card",
      })
      .expect(400);
    // The spec's rule stands for a new one: name and email.
    const noEmail = await agent
      .post("/api/pos/process-sale")
      .send({
        cart: [{ id: toner.id, type: "product", quantity: 1 }],
        customerInfo: { name: "Yemi Ojo", email: "" },
        paymentMethod: "card",
      })
      .expect(400);
    expect(noEmail.body.error.message).toBe("Please enter customer name and email");
    const lines = await t.db.select().from(saleLines).where(eq(saleLines.saleId, typed.body.id));
    expect(lines[0]?.staffId).toBeNull();
  });
});
