/**
 * The paged lists the admin screens read through `adminPages` (common/page-context.ts): reviews,
 * Outbox, activity log and orders, with their filters, counts, order and page boundaries.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditListQuerySchema } from "#common/audit.ts";
import { orderListQuerySchema } from "#common/orders.ts";
import { outboxListQuerySchema } from "#common/outbox.ts";
import type { AdminPages } from "#common/page-context.ts";
import { reviewListQuerySchema } from "#common/reviews.ts";
import { auditLog } from "#server/db/schema/access.ts";
import { reviews } from "#server/db/schema/bookings.ts";
import { outbox } from "#server/db/schema/content.ts";
import { orderItems, orders } from "#server/db/schema/orders.ts";
import { createTestApp, dbKinds } from "#server/testing/test-app.ts";
import { adminPages } from "./pages.ts";

describe.each(dbKinds)("admin list pages on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let pages: AdminPages;

  beforeAll(async () => {
    t = await createTestApp(kind);
    pages = adminPages(t.db, { id: 1, username: "admin", role: "manager" });
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 18, 9, minute));
    await t.db.insert(reviews).values([
      {
        customerName: "Ada",
        customerEmail: "ada@example.com",
        rating: 5,
        reviewText: "Lovely",
        serviceName: "HydraFacial",
        createdAt: at(1),
      },
      {
        customerName: "Bola",
        customerEmail: "bola@example.com",
        rating: 3,
        reviewText: null,
        serviceName: "Chemical Peel",
        createdAt: at(2),
      },
      {
        customerName: "Chidi",
        customerEmail: "chidi@example.com",
        rating: 5,
        reviewText: "Calm and thorough",
        serviceName: "Massage",
        createdAt: at(3),
      },
    ]);
    await t.db.insert(outbox).values([
      {
        kind: "review-request",
        toAddress: "ada@example.com",
        subject: "How was your HydraFacial?",
        textBody: "…",
        status: "stored",
      },
      {
        kind: "order-confirmation",
        toAddress: "bola@example.com",
        subject: "Your order #1",
        textBody: "…",
        status: "sent",
      },
      {
        kind: "order-confirmation",
        toAddress: "chidi@example.com",
        subject: "Your order #2",
        textBody: "…",
        status: "failed",
        error: "SMTP refused",
      },
    ]);
    await t.db.insert(auditLog).values([
      { adminUsername: "amaka", action: "service.create", entity: "service", entityId: "7" },
      { adminUsername: "admin", action: "booking.process", entity: "booking", entityId: "12" },
      { adminUsername: "bayo", action: "product.delete", entity: "product", entityId: "3" },
    ]);
    const order = (n: number, status: string, name: string) => ({
      status,
      paymentReference: `txn_test_${n}`,
      paymentMethod: "test",
      customerName: name,
      customerEmail: `${name.toLowerCase()}@example.com`,
      customerPhone: "08031234567",
      deliveryAddress: "14 Adeola Odeku Street",
      deliveryCity: "Victoria Island",
      deliveryState: "Lagos",
      deliveryPostalCode: "101241",
      subtotalKobo: 1_000_000,
      shippingKobo: 250_000,
      totalKobo: 1_250_000,
      createdAt: at(n),
    });
    const inserted = await t.db
      .insert(orders)
      .values([
        order(1, "processing", "Ada"),
        order(2, "pending", "Unpaid"),
        order(3, "shipped", "Bola"),
        order(4, "completed", "Chidi"),
        order(5, "refund-required", "Dayo"),
      ])
      .returning({ id: orders.id });
    await t.db.insert(orderItems).values(
      inserted.map((o) => ({
        orderId: o.id,
        productName: "Clay Mask",
        unitPriceKobo: 500_000,
        quantity: 2,
      })),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it("reviews: newest first, by stars and text", async () => {
    const all = await pages.reviews.page(reviewListQuerySchema.parse({}));
    expect(all.rows.map((r) => r.customerName)).toEqual(["Chidi", "Bola", "Ada"]);
    const five = await pages.reviews.page(reviewListQuerySchema.parse({ rating: "5" }));
    expect(five).toMatchObject({ total: 3, matching: 2 });
    const text = await pages.reviews.page(reviewListQuerySchema.parse({ q: "THOROUGH" }));
    expect(text.rows.map((r) => r.customerName)).toEqual(["Chidi"]);
    const second = await pages.reviews.page(reviewListQuerySchema.parse({ page: 2, pageSize: 2 }));
    expect(second.rows.map((r) => r.customerName)).toEqual(["Ada"]);
  });

  it("outbox: newest first, by status and recipient or subject", async () => {
    const all = await pages.outbox.page(outboxListQuerySchema.parse({}));
    expect(all.rows.map((m) => m.toAddress)).toEqual([
      "chidi@example.com",
      "bola@example.com",
      "ada@example.com",
    ]);
    const failed = await pages.outbox.page(outboxListQuerySchema.parse({ status: "failed" }));
    expect(failed.rows).toMatchObject([{ error: "SMTP refused" }]);
    const order = await pages.outbox.page(outboxListQuerySchema.parse({ q: "your order" }));
    expect(order).toMatchObject({ total: 3, matching: 2 });
  });

  it("activity log: newest first, sortable by person and action, searchable", async () => {
    const all = await pages.audit.page(auditListQuerySchema.parse({}));
    expect(all.rows.map((e) => e.adminUsername)).toEqual(["bayo", "admin", "amaka"]);
    const oldest = await pages.audit.page(auditListQuerySchema.parse({ dir: "asc" }));
    expect(oldest.rows.map((e) => e.adminUsername)).toEqual(["amaka", "admin", "bayo"]);
    const who = await pages.audit.page(auditListQuerySchema.parse({ sort: "who", dir: "asc" }));
    expect(who.rows.map((e) => e.adminUsername)).toEqual(["admin", "amaka", "bayo"]);
    const what = await pages.audit.page(auditListQuerySchema.parse({ sort: "what", dir: "desc" }));
    expect(what.rows.map((e) => e.action)).toEqual([
      "service.create",
      "product.delete",
      "booking.process",
    ]);
    const found = await pages.audit.page(auditListQuerySchema.parse({ q: "booking" }));
    expect(found).toMatchObject({ total: 3, matching: 1 });
  });

  it("orders: paid ones only, newest first, with their lines; by status and search", async () => {
    const all = await pages.orders.page(orderListQuerySchema.parse({}));
    expect(all).toMatchObject({ total: 4, matching: 4 });
    expect(all.rows.map((o) => o.customerName)).toEqual(["Dayo", "Chidi", "Bola", "Ada"]);
    expect(all.rows[0]?.items).toMatchObject([
      { name: "Clay Mask", quantity: 2, lineTotal: 10000 },
    ]);
    const shipped = await pages.orders.page(orderListQuerySchema.parse({ status: "shipped" }));
    expect(shipped.rows.map((o) => o.customerName)).toEqual(["Bola"]);
    const unpaid = await pages.orders.page(orderListQuerySchema.parse({ q: "unpaid" }));
    expect(unpaid).toMatchObject({ total: 4, matching: 0, rows: [] });
    const byNumber = await pages.orders.page(
      orderListQuerySchema.parse({ q: `#${all.rows[3]?.id}` }),
    );
    expect(byNumber.rows.map((o) => o.customerName)).toEqual(["Ada"]);
    const byRef = await pages.orders.page(orderListQuerySchema.parse({ q: "txn_test_4" }));
    expect(byRef.rows.map((o) => o.customerName)).toEqual(["Chidi"]);
    const second = await pages.orders.page(orderListQuerySchema.parse({ page: 2, pageSize: 3 }));
    expect(second.rows.map((o) => o.customerName)).toEqual(["Ada"]);
  });
});
