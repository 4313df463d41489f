/**
 * Text hygiene (issue 14, rows 4-5): a NUL or another control character in any string field of
 * any /api route answers 400, never 5xx, and nothing reaches the database. The field names come
 * from every zod object schema the client and server share (common/*.ts), the routes from the
 * real app's route table, so a new endpoint or field joins the sweep by itself.
 */
import { count } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "#server/db/schema/bookings.ts";
import { orders } from "#server/db/schema/orders.ts";
import { insertService } from "./testing/builders.ts";
import { apiRouteTable } from "./testing/route-table.ts";
import { sharedFieldNames } from "./testing/shared-fields.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "./testing/test-app.ts";

const BAD_VALUES = ["a\u0000b", "a\u001bb", "a\u0007b", "a\u007fb", "a\ud800b"];

describe.each(dbKinds)("text hygiene on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let agent: ReturnType<typeof request.agent>;
  let fields: string[];
  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "1000", ADVISOR_RATE_LIMIT: "1000" });
    agent = request.agent(t.app);
    await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    fields = await sharedFieldNames();
  });
  afterAll(() => t?.close());

  it("answers 400 to a control character in every string field of every route", async () => {
    expect(fields).toEqual(expect.arrayContaining(["userQuery", "message", "deliveryAddress"]));
    const failures: string[] = [];
    // Signed webhooks (Paystack, WhatsApp) read the raw body before any parser: their signature
    // check refuses what they did not sign.
    const routes = apiRouteTable(t.app).filter(
      (r) => r.path !== "/api/paystack/webhook" && r.path !== "/api/webhooks/whatsapp",
    );
    for (const bad of BAD_VALUES) {
      const body = Object.fromEntries(fields.map((f) => [f, bad]));
      // Nested too: the order payload's items, a sale's lines.
      body.items = [{ id: 1, quantity: 1, name: bad }] as unknown as string;
      for (const route of routes) {
        const url = route.path.replace(/:(\w+)/g, "1");
        const method = route.method.toLowerCase() as "get" | "post" | "patch" | "put" | "delete";
        // A lone surrogate cannot be written in a URL (UTF-8 has no form for it): body only.
        if ((method === "get" || method === "delete") && /\p{Cs}/u.test(bad)) continue;
        const res =
          method === "get" || method === "delete"
            ? await agent[method](`${url}?q=${encodeURIComponent(bad)}`)
            : await agent[method](url).send(body);
        if (res.status !== 400)
          failures.push(`${route.key} ${JSON.stringify(bad)} → ${res.status}`);
      }
      // The path itself (a token or an e-mail in the URL).
      if (/\p{Cs}/u.test(bad)) continue;
      const res = await agent.get(`/api/auth/invitations/${encodeURIComponent(bad)}`);
      if (res.status !== 400) failures.push(`path ${JSON.stringify(bad)} → ${res.status}`);
    }
    expect(failures).toEqual([]);
    const [b] = await t.db.select({ n: count() }).from(bookings);
    const [o] = await t.db.select({ n: count() }).from(orders);
    expect([b?.n, o?.n]).toEqual([0, 0]);
  });

  it("keeps tabs and line breaks in multi-line text", async () => {
    const service = await insertService(t.db, { name: "Tab Facial" });
    const day = new Date(Date.now() + 3 * 86400_000).toISOString().slice(0, 10);
    const booking = await request(t.app)
      .post("/api/bookings")
      .send({
        name: "Ada Obi",
        email: "tabs@example.com",
        phone: "08031234567",
        service: String(service.id),
        date: `${day}T10:00:00+01:00`,
        message: "First visit\n\tsensitive skin\r\nthanks",
      });
    expect(booking.status).toBe(201);
    expect(booking.body.message).toBe("First visit\n\tsensitive skin\r\nthanks");
    const advisor = await request(t.app)
      .post("/api/chatbot/treatment-recommendation")
      .send({ userQuery: "Dry skin\nand\tacne" });
    expect(advisor.status).toBe(200);
  });
});
