/**
 * Reports over a range and the CSV exports (issue 29) on PGlite and, with TEST_DATABASE_URL,
 * PostgreSQL: a small fixture of three till sales on three Lagos days with two therapists, a tip
 * and a refund, whose figures are pinned by hand (naira, from kobo); each export's header, a
 * row, no health data in the clients' export, and the roles each is refused to.
 */
import http from "node:http";
import { TZDate } from "@date-fns/tz";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lagosDate } from "#common/lagos-time.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { clientHealth } from "#server/db/schema/clients.ts";
import { newsletterSubscribers } from "#server/db/schema/content.ts";
import { orders } from "#server/db/schema/orders.ts";
import { saleRefunds } from "#server/db/schema/sales.ts";
import { payRuns } from "#server/db/schema/staff.ts";
import { rebuildDayTotals } from "#server/modules/sales/stored-totals.ts";
import {
  insertClient,
  insertProduct,
  insertService,
  insertStaff,
} from "#server/testing/builders.ts";
import { parseCsv } from "#server/testing/csv.ts";
import { signedInMember } from "#server/testing/staff-accounts.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";

/** 11:00 Lagos, `daysAgo` days before today (Lagos), as an ISO instant and its Lagos date. */
function lagosMorning(daysAgo: number): { at: string; date: string } {
  const day = new TZDate(Date.now() - daysAgo * 86_400_000, "Africa/Lagos");
  day.setHours(11, 0, 0, 0);
  return { at: new Date(day.getTime()).toISOString(), date: lagosDate(day) };
}

const ADA = { name: "Ada Obi", email: "ada.obi@example.com", phone: "08031234567" };

describe.each(dbKinds)("reports and exports on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let server: http.Server;
  let manager: ReturnType<typeof request.agent>;
  let desk: ReturnType<typeof request.agent>;
  const d1 = lagosMorning(3);
  const d2 = lagosMorning(2);
  const d3 = lagosMorning(1);
  let saleTwo = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "1000" });
    server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    manager = request.agent(server);
    await manager.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    desk = (await signedInMember(t.app, t.db, manager, "front_desk")).agent;

    const amaka = await insertStaff(t.db, {
      firstName: "Amaka",
      lastName: "Eze",
      email: "amaka@glowhaven.example",
      commissionRateBp: 1000,
    });
    const bisi = await insertStaff(t.db, {
      firstName: "Bisi",
      lastName: "Lawal",
      email: "bisi@glowhaven.example",
      commissionRateBp: 1500,
    });
    const facial = await insertService(t.db, { name: "Classic Facial", price: 30000 });
    const peel = await insertService(t.db, { name: "Chemical Peel", price: 45000 });
    const serum = await insertProduct(t.db, { name: "Vitamin C Serum", price: 12500, stock: 20 });
    const sell = (body: Record<string, unknown>) =>
      manager
        .post("/api/pos/process-sale")
        .send({ customerInfo: ADA, paymentMethod: "card", ...body })
        .expect(201);

    // Day 1: a facial by Amaka, cash, with a ₦2,000 tip for her.
    await sell({
      soldAt: d1.at,
      cart: [{ id: facial.id, type: "service", quantity: 1, staffId: amaka.id }],
      paymentMethod: "cash",
      cashReceived: 32000,
      tipAmount: 2000,
    });
    // Day 2: a peel by Bisi and two serums nobody is named for, by card (₦70,000).
    const two = await sell({
      soldAt: d2.at,
      cart: [
        { id: peel.id, type: "service", quantity: 1, staffId: bisi.id },
        { id: serum.id, type: "product", quantity: 2 },
      ],
    });
    saleTwo = two.body.saleNumber;
    // Day 3: a facial by Bisi, by transfer.
    await sell({
      soldAt: d3.at,
      cart: [{ id: facial.id, type: "service", quantity: 1, staffId: bisi.id }],
      paymentMethod: "transfer",
    });
    // One serum of day 2's sale comes back on day 3, to the card (₦12,500).
    const serumLine = two.body.lines.find((l: { type: string }) => l.type === "product");
    const refunded = await manager
      .post(`/api/sales/${two.body.id}/refund`)
      .send({ reason: "Allergic reaction", lines: [{ lineId: serumLine.id, quantity: 1 }] })
      .expect(200);
    expect(refunded.body.refunded).toBe(12500);
    // Refunds are dated when given; the fixture gives this one on day 3 at 14:00 Lagos.
    await t.db.update(saleRefunds).set({ createdAt: new Date(Date.parse(d3.at) + 3 * 3_600_000) });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await t?.close();
  });

  it("answers the range's figures by day, service, therapist and tender, with refunds, tips and commission", async () => {
    const res = await manager.get(`/api/reports/sales?from=${d1.date}&to=${d3.date}`).expect(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body.totals).toEqual({
      sales: 3,
      total: 130000,
      refunds: 12500,
      tips: 2000,
      // 10% of ₦30,000 (Amaka) + 15% of ₦75,000 (Bisi) = 3,000 + 11,250.
      commission: 14250,
      shopOrders: 0,
      net: 117500,
    });
    expect(res.body.byDay).toEqual([
      {
        date: d1.date,
        sales: 1,
        services: 30000,
        products: 0,
        surcharges: 0,
        discounts: 0,
        total: 30000,
        refunds: 0,
        tips: 2000,
        shopOrders: 0,
        net: 30000,
      },
      {
        date: d2.date,
        sales: 1,
        services: 45000,
        products: 25000,
        surcharges: 0,
        discounts: 0,
        total: 70000,
        refunds: 0,
        tips: 0,
        shopOrders: 0,
        net: 70000,
      },
      {
        date: d3.date,
        sales: 1,
        services: 30000,
        products: 0,
        surcharges: 0,
        discounts: 0,
        total: 30000,
        refunds: 12500,
        tips: 0,
        shopOrders: 0,
        net: 17500,
      },
    ]);
    expect(res.body.byItem).toEqual([
      {
        type: "service",
        name: "Classic Facial",
        quantity: 2,
        refundedQuantity: 0,
        gross: 60000,
        net: 60000,
      },
      {
        type: "service",
        name: "Chemical Peel",
        quantity: 1,
        refundedQuantity: 0,
        gross: 45000,
        net: 45000,
      },
      {
        type: "product",
        name: "Vitamin C Serum",
        quantity: 2,
        refundedQuantity: 1,
        gross: 25000,
        net: 12500,
      },
    ]);
    expect(res.body.byTherapist).toEqual([
      {
        staffId: expect.any(Number),
        name: "Bisi Lawal",
        services: 2,
        servicesValue: 75000,
        productsValue: 0,
        commission: 11250,
        tips: 0,
      },
      {
        staffId: expect.any(Number),
        name: "Amaka Eze",
        services: 1,
        servicesValue: 30000,
        productsValue: 0,
        commission: 3000,
        tips: 2000,
      },
      {
        staffId: null,
        name: "Unassigned",
        services: 0,
        servicesValue: 0,
        productsValue: 12500,
        commission: 0,
        tips: 0,
      },
    ]);
    expect(res.body.byTender).toEqual([
      { method: "card", label: "Card", collected: 70000, tips: 0, refunds: 12500, net: 57500 },
      { method: "cash", label: "Cash", collected: 30000, tips: 2000, refunds: 0, net: 32000 },
      {
        method: "transfer",
        label: "Bank Transfer",
        collected: 30000,
        tips: 0,
        refunds: 0,
        net: 30000,
      },
    ]);
    expect(res.body.refunds).toMatchObject({
      count: 1,
      voids: 0,
      rows: [{ saleNumber: saleTwo, kind: "refund", method: "card", amount: 12500 }],
    });
  });

  it("keeps a range to its own days and agrees with Daily Sales on a day", async () => {
    const one = await manager.get(`/api/reports/sales?from=${d2.date}&to=${d2.date}`).expect(200);
    expect(one.body.totals).toMatchObject({ sales: 1, total: 70000, refunds: 0, net: 70000 });
    expect(one.body.refunds.count).toBe(0);
    const daily = await manager.get(`/api/sales/daily/${d3.date}`).expect(200);
    const day3 = (await manager.get(`/api/reports/sales?from=${d3.date}&to=${d3.date}`)).body;
    expect(daily.body.cashMovement.totalRefunds).toBe(day3.totals.refunds);
    expect(daily.body.totals.grossTotal).toBe(day3.byDay[0].services - day3.totals.refunds);
  });

  it("keeps each day's running totals equal to its sales (rebuilt from them, nothing moves)", async () => {
    const before = await manager.get(`/api/sales/daily/${d2.date}`).expect(200);
    expect(before.body.totals.grossTotal).toBe(70000);
    expect(before.body.cashMovement.other.collected).toBe(70000);
    await rebuildDayTotals(t.db);
    const after = await manager.get(`/api/sales/daily/${d2.date}`).expect(200);
    expect(after.body).toEqual(before.body);
  });

  it("answers the report as CSV, section by section", async () => {
    const res = await manager
      .get(`/api/reports/sales/export?from=${d1.date}&to=${d3.date}`)
      .expect(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toContain(`sales-report-${d1.date}-${d3.date}.csv`);
    const rows = parseCsv(res.text);
    expect(rows[0]).toEqual(["Sales report", `${d1.date} to ${d3.date}`]);
    expect(rows).toContainEqual([
      "3",
      "130000.00",
      "12500.00",
      "0.00",
      "117500.00",
      "2000.00",
      "14250.00",
    ]);
    expect(rows).toContainEqual(["Bisi Lawal", "2", "75000.00", "0.00", "11250.00", "0.00"]);
    expect(rows).toContainEqual(["Card", "70000.00", "0.00", "12500.00", "57500.00"]);
    expect(rows.find((r) => r[1] === `#${saleTwo}`)).toEqual([
      expect.stringMatching(new RegExp(`^${d3.date} 14:00$`)),
      `#${saleTwo}`,
      "refund",
      "card",
      "12500.00",
      "Allergic reaction",
      TEST_ADMIN.username,
    ]);
  });

  it("refuses a bad range with a clear 400, and the report to the front desk", async () => {
    const bad = await manager.get(`/api/reports/sales?from=${d3.date}&to=${d1.date}`).expect(400);
    expect(bad.body.error.fields.to).toBe("The end date must be on or after the start date");
    const long = await manager.get("/api/reports/sales?from=2024-01-01&to=2025-06-01").expect(400);
    expect(long.body.error.fields.to).toBe("Choose a range of at most 366 days");
    const refused = await desk.get(`/api/reports/sales?from=${d1.date}&to=${d3.date}`).expect(403);
    expect(refused.body.error.message).toBe(
      "Your role does not allow this: only a manager sees revenue.",
    );
    await desk.get(`/api/reports/sales/export?from=${d1.date}&to=${d3.date}`).expect(403);
  });

  it("exports clients with their contact details and none of their health data", async () => {
    const client = await insertClient(t.db, {
      email: "chioma@example.com",
      firstName: "Chioma",
      lastName: "Okafor",
      phone: "+2348035550000",
    });
    await t.db.insert(clientHealth).values({
      clientId: client.id,
      medicalConditions: "Eczema",
      allergies: "Penicillin",
      emergencyContact: "Obinna Okafor",
    });
    const res = await manager.get("/api/exports/clients.csv?q=chioma").expect(200);
    expect(res.headers["content-disposition"]).toContain("clients.csv");
    const rows = parseCsv(res.text);
    expect(rows[0]).toEqual([
      "Client",
      "First name",
      "Last name",
      "Email",
      "Phone",
      "Address",
      "City",
      "State",
      "Source",
      "Status",
      "Marketing consent",
      "Added",
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(0, 5)).toEqual([
      String(client.id),
      "Chioma",
      "Okafor",
      "chioma@example.com",
      "+2348035550000",
    ]);
    expect(res.text).not.toMatch(/eczema|penicillin|obinna/i);
    await desk.get("/api/exports/clients.csv").expect(403);
  });

  it("exports paid orders, bookings, subscribers and pay runs, each to its roles", async () => {
    await t.db.insert(bookings).values({
      name: "Kemi Ade",
      email: "kemi@example.com",
      phone: "08030001111",
      service: "1",
      serviceName: "Classic Facial",
      date: new Date("2030-02-01T10:00:00Z"),
      message: "I have rosacea",
    });
    await t.db.insert(newsletterSubscribers).values({ email: "news@example.com" });
    const tolu = await insertStaff(t.db, {
      firstName: "Tolu",
      lastName: "Bello",
      email: "tolu@glowhaven.example",
    });
    await t.db.insert(payRuns).values({
      staffId: tolu.id,
      payPeriodStart: "2030-01-01",
      payPeriodEnd: "2030-01-15",
      regularPayKobo: 10_000_000,
      commissionKobo: 1_125_000,
      grossPayKobo: 11_125_000,
      netPayKobo: 11_125_000,
    });

    const bookingsCsv = parseCsv((await desk.get("/api/exports/bookings.csv").expect(200)).text);
    expect(bookingsCsv[0]).toEqual([
      "Booking",
      "Requested",
      "Name",
      "Email",
      "Phone",
      "Service",
      "Date",
      "Status",
      "Processed",
    ]);
    expect(bookingsCsv[1]).toEqual(
      expect.arrayContaining([
        "Kemi Ade",
        "kemi@example.com",
        "Classic Facial",
        "2030-02-01 11:00",
      ]),
    );
    expect(bookingsCsv.flat().join()).not.toContain("rosacea");

    const subscribers = parseCsv(
      (await manager.get("/api/exports/subscribers.csv").expect(200)).text,
    );
    expect(subscribers[0]).toEqual(["Email", "Subscribed"]);
    expect(subscribers[1]?.[0]).toBe("news@example.com");
    await desk.get("/api/exports/subscribers.csv").expect(403);

    const runs = parseCsv(
      (await manager.get("/api/exports/pay-runs.csv?from=2030-01-01&to=2030-01-31").expect(200))
        .text,
    );
    expect(runs[0]?.slice(0, 4)).toEqual(["Pay run", "Member", "Period start", "Period end"]);
    expect(runs[1]).toEqual(
      expect.arrayContaining(["Tolu Bello", "2030-01-01", "100000.00", "11250.00", "111250.00"]),
    );
    const none = parseCsv(
      (await manager.get("/api/exports/pay-runs.csv?from=2031-01-01").expect(200)).text,
    );
    expect(none).toHaveLength(1);
    const refused = await desk.get("/api/exports/pay-runs.csv").expect(403);
    expect(refused.body.error.message).toBe(
      "Your role does not allow this: only a manager exports pay runs.",
    );

    await t.db.insert(orders).values([
      {
        status: "processing",
        paymentReference: "txn_report_paid",
        paymentMethod: "paystack",
        customerName: "Ngozi Ike",
        customerEmail: "ngozi@example.com",
        customerPhone: "08030002222",
        deliveryAddress: "1 Adeola Odeku St",
        deliveryCity: "Victoria Island",
        deliveryState: "Lagos",
        deliveryPostalCode: "101241",
        subtotalKobo: 2_500_000,
        shippingKobo: 250_000,
        totalKobo: 2_750_000,
        paidAt: new Date(),
      },
      {
        status: "pending",
        paymentReference: "txn_report_unpaid",
        paymentMethod: "paystack",
        customerName: "Unpaid Person",
        customerEmail: "unpaid@example.com",
        customerPhone: "08030003333",
        deliveryAddress: "2 Akin Adesola St",
        deliveryCity: "Victoria Island",
        deliveryState: "Lagos",
        deliveryPostalCode: "101241",
        subtotalKobo: 1_000_000,
        shippingKobo: 0,
        totalKobo: 1_000_000,
      },
    ]);
    const ordersCsv = parseCsv((await manager.get("/api/exports/orders.csv").expect(200)).text);
    expect(ordersCsv[0]?.slice(0, 4)).toEqual(["Order", "Placed", "Paid", "Status"]);
    expect(ordersCsv).toHaveLength(2);
    expect(ordersCsv[1]).toEqual(
      expect.arrayContaining(["processing", "Ngozi Ike", "25000.00", "2500.00", "27500.00"]),
    );
    await desk.get("/api/exports/orders.csv").expect(403);
  });

  it("streams an export longer than one page without losing or repeating a row", async () => {
    const emails = Array.from({ length: 1203 }, (_, i) => ({ email: `bulk${i}@example.com` }));
    await t.db.insert(newsletterSubscribers).values(emails);
    const rows = parseCsv(
      (await manager.get("/api/exports/subscribers.csv?q=bulk").expect(200)).text,
    );
    const got = rows.slice(1).map((r) => r[0]);
    expect(got).toHaveLength(1203);
    expect(new Set(got).size).toBe(1203);
    const stored = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "bulk1202@example.com"));
    expect(stored).toHaveLength(1);
  });
});
