/**
 * Possible duplicates and the client merge (issue 28 item 7) on PGlite and, with
 * TEST_DATABASE_URL, PostgreSQL: duplicates by phone in its Nigerian forms and by name; the
 * preview's counts (health only as a count); the merge moving every kind of row and filling
 * blanks, audited; refusals that change nothing; undo restoring exactly; roles.
 */
import http from "node:http";
import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MERGE_MESSAGES } from "#common/client-merge.ts";
import { refusalOf } from "#common/roles.ts";
import { auditLog } from "#server/db/schema/access.ts";
import { bookings, reviews } from "#server/db/schema/bookings.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { clientHealth, clientMerges, clients, customerNotes } from "#server/db/schema/clients.ts";
import { messageOptOuts, newsletterSubscribers, outbox } from "#server/db/schema/content.ts";
import { orders } from "#server/db/schema/orders.ts";
import { sales } from "#server/db/schema/sales.ts";
import { normalizeNigerianPhone } from "#server/modules/messages/phone.ts";
import { buildAppointment, insertClient } from "#server/testing/builders.ts";
import { signedInMember } from "#server/testing/staff-accounts.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";

const HEALTH = {
  emergencyContact: "Kemi Bello",
  emergencyPhone: "08035550000",
  medicalConditions: "Eczema-secret",
  allergies: "Latex-secret",
  skinType: "dry",
};

describe.each(dbKinds)("client duplicates and merge on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let server: http.Server;
  let manager: ReturnType<typeof request.agent>;
  let frontDesk: ReturnType<typeof request.agent>;

  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "1000" });
    server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    manager = request.agent(server);
    await manager.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    frontDesk = (await signedInMember(t.app, t.db, manager, "front_desk")).agent;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await t?.close();
  });

  /** A client added through the API (health fields go to its health record). */
  async function addClient(body: Record<string, unknown>): Promise<number> {
    const res = await manager.post("/api/customers").send(body).expect(201);
    return res.body.id as number;
  }

  /** Every row that names the person `email`: one of each kind the merge must move. */
  async function historyFor(clientId: number, email: string, tag: string) {
    const [booking] = await t.db
      .insert(bookings)
      .values({
        name: "Ada Obi",
        email,
        phone: "08031112222",
        service: "1",
        serviceName: `Facial ${tag}`,
        date: new Date("2030-02-01T10:00:00Z"),
        clientId,
      })
      .returning();
    const [appointment] = await t.db
      .insert(appointments)
      .values(buildAppointment({ customerEmail: email, clientId, serviceName: `Peel ${tag}` }))
      .returning();
    const [sale] = await t.db
      .insert(sales)
      .values({
        customerName: "Ada Obi",
        customerEmail: email,
        clientId,
        subtotalKobo: 1_000_000,
        totalKobo: 1_000_000,
        paymentMethod: "cash",
      })
      .returning();
    const [order] = await t.db
      .insert(orders)
      .values({
        paymentReference: `txn_merge_${tag}_${kind}`,
        paymentMethod: "test",
        customerName: "Ada Obi",
        customerEmail: email,
        customerPhone: "08031112222",
        deliveryAddress: "1 Adeola Odeku",
        deliveryCity: "Lagos",
        deliveryState: "Lagos",
        deliveryPostalCode: "101241",
        subtotalKobo: 500_000,
        shippingKobo: 0,
        totalKobo: 500_000,
        clientId,
      })
      .returning();
    const [review] = await t.db
      .insert(reviews)
      .values({ customerName: "Ada Obi", customerEmail: email, rating: 5, serviceName: "Facial" })
      .returning();
    const [message] = await t.db
      .insert(outbox)
      .values({
        kind: "booking-acknowledgement",
        toAddress: email,
        clientEmail: email,
        subject: "We got your request",
        textBody: "Thanks",
      })
      .returning();
    return { booking, appointment, sale, order, review, message };
  }

  it("flags clients sharing a phone in any Nigerian form, or a name, and pages them on the server", async () => {
    const a = await addClient({
      firstName: "Bisi",
      lastName: "Lawal",
      email: "bisi.1@example.com",
      phone: "0803 111 2222",
    });
    const b = await addClient({
      firstName: "B.",
      lastName: "Lawal",
      email: "bisi.2@example.com",
      phone: "+2348031112222",
    });
    const c = await addClient({
      firstName: "Abisola",
      lastName: "L",
      email: "bisi.3@example.com",
      phone: "234 803 111 2222",
    });
    const d = await addClient({
      firstName: "Ngozi",
      lastName: "Okafor",
      email: "ngozi.1@example.com",
      phone: "08059990001",
    });
    const e = await addClient({
      firstName: "ngozi ",
      lastName: "  OKAFOR",
      email: "ngozi.2@example.com",
      phone: "07010000002",
    });
    const f = await addClient({
      firstName: "Femi",
      lastName: "Kuti",
      email: "femi@example.com",
      phone: "08020000003",
    });

    const flagged = await manager.get("/api/customers?view=duplicates&pageSize=100").expect(200);
    const ids = (flagged.body as Array<{ id: number; possibleDuplicate: boolean }>).map(
      (r) => r.id,
    );
    expect(ids.sort()).toEqual([a, b, c, d, e].sort());
    expect(flagged.headers["x-matching-count"]).toBe("5");
    expect(flagged.body.every((r: { possibleDuplicate: boolean }) => r.possibleDuplicate)).toBe(
      true,
    );
    const paged = await manager.get("/api/customers?view=duplicates&pageSize=2&page=2").expect(200);
    expect(paged.body).toHaveLength(2);
    const all = await manager.get(`/api/customers?q=femi`).expect(200);
    expect(all.body[0]).toMatchObject({ id: f, possibleDuplicate: false });

    const ofA = await frontDesk.get(`/api/customers/${a}/duplicates`).expect(200);
    expect(ofA.body.map((m: { id: number }) => m.id).sort()).toEqual([b, c].sort());
    expect(ofA.body[0].reasons).toEqual(["phone"]);
    const ofD = await frontDesk.get(`/api/customers/${d}/duplicates`).expect(200);
    expect(ofD.body).toEqual([
      {
        id: e,
        name: expect.any(String),
        email: "ngozi.2@example.com",
        phone: "07010000002",
        reasons: ["name"],
      },
    ]);
    expect((await frontDesk.get(`/api/customers/${f}/duplicates`).expect(200)).body).toEqual([]);
    await frontDesk.get("/api/customers/999999/duplicates").expect(404);
  });

  it("keys phones as libphonenumber-js's +234 E.164 does, for every form staff type", async () => {
    const forms = [
      "0803 123 4567",
      "+234 803 123 4567",
      "234-803-123-4567",
      "803 123 4567",
      "(0803) 1234567",
    ];
    for (const [i, phone] of forms.entries()) {
      const row = await insertClient(t.db, {
        email: `form.${i}@example.com`,
        firstName: `Form${i}`,
        phone,
      });
      const [stored] = await t.db
        .select({ key: clients.phoneKey })
        .from(clients)
        .where(eq(clients.id, row.id));
      const parsed = normalizeNigerianPhone(phone);
      expect(parsed.ok && parsed.e164).toBe("+2348031234567");
      expect(stored?.key).toBe("+2348031234567");
    }
    const [none] = await t.db
      .select({ key: clients.phoneKey })
      .from(clients)
      .where(
        eq(
          clients.id,
          (await insertClient(t.db, { email: "nophone@example.com", phone: "12" })).id,
        ),
      );
    expect(none?.key).toBeNull();
  });

  it("previews counts, merges every kind of row, fills blanks, audits, and undo puts it all back", async () => {
    const keepId = await addClient({
      firstName: "Ada",
      lastName: "Obi",
      email: "ada.work@example.com",
    });
    const mergeId = await addClient({
      firstName: "Ada",
      lastName: "Obi",
      email: "ada.home@example.com",
      phone: "08031112222",
      address: "5 Akin Adesola",
      marketingConsent: true,
      ...HEALTH,
    });
    await manager
      .put("/api/customer-notes/ada.work@example.com")
      .send({ notes: "Prefers mornings" })
      .expect(200);
    await manager
      .put("/api/customer-notes/ada.home@example.com")
      .send({ notes: "Sensitive to fragrance" })
      .expect(200);
    const rows = await historyFor(mergeId, "ada.home@example.com", "m");
    await manager
      .post(`/api/customers/${mergeId}/health`)
      .send({ kind: "allergy", code: "latex" })
      .expect(201);
    await t.db.insert(newsletterSubscribers).values({ email: "ada.home@example.com" });
    await t.db.insert(messageOptOuts).values({
      channel: "email",
      recipient: "ada.home@example.com",
      scope: "marketing",
      source: "email-unsubscribe",
    });

    const preview = await manager
      .get(`/api/customers/${keepId}/merge-preview?mergeId=${mergeId}`)
      .expect(200);
    expect(preview.body).toMatchObject({
      keep: { id: keepId, email: "ada.work@example.com" },
      merge: { id: mergeId, email: "ada.home@example.com" },
      moves: {
        bookings: 1,
        appointments: 1,
        sales: 1,
        orders: 1,
        reviews: 1,
        messages: 1,
        notes: 1,
        consent: 2,
        healthRecords: 1,
        newsletter: 1,
      },
      healthFieldsFilled: 5,
    });
    expect(preview.body.fills).toEqual(
      expect.arrayContaining(["phone", "address", "marketingConsent"]),
    );
    const previewText = JSON.stringify(preview.body);
    expect(previewText).not.toContain("secret");
    expect(previewText).not.toContain("allergies");
    expect(previewText).not.toContain("Kemi");
    // The preview changed nothing.
    expect(await t.db.$count(clients, eq(clients.id, mergeId))).toBe(1);

    const merged = await manager
      .post(`/api/customers/${keepId}/merge`)
      .send({ mergeId })
      .expect(200);
    expect(merged.body.moved).toMatchObject({
      bookings: 1,
      appointments: 1,
      sales: 1,
      orders: 1,
      reviews: 1,
      messages: 1,
    });

    // One client now, with every row.
    await manager.get(`/api/customers/${mergeId}`).expect(404);
    const kept = (await manager.get(`/api/customers/${keepId}`).expect(200)).body;
    expect(kept).toMatchObject({
      email: "ada.work@example.com",
      phone: "08031112222",
      address: "5 Akin Adesola",
      marketingConsent: true,
      subscribed: true,
    });
    // The health details, read where they are shown in full: the client's own export.
    const keptExport = (await manager.get(`/api/customers/${keepId}/export`).expect(200)).body;
    expect(keptExport.client).toMatchObject(HEALTH);
    // The health profile's entries follow the kept client (issue 30).
    expect(keptExport.health).toEqual([
      expect.objectContaining({ kind: "allergy", code: "latex" }),
    ]);
    const at = async <T extends { id: number }>(table: never, row: T | undefined) =>
      (await t.db.select().from(table).where(sql`id = ${row?.id}`))[0] as unknown as Record<
        string,
        unknown
      >;
    expect(await at(bookings as never, rows.booking)).toMatchObject({
      clientId: keepId,
      email: "ada.work@example.com",
    });
    expect(await at(appointments as never, rows.appointment)).toMatchObject({
      clientId: keepId,
      customerEmail: "ada.work@example.com",
    });
    expect(await at(sales as never, rows.sale)).toMatchObject({
      clientId: keepId,
      customerEmail: "ada.work@example.com",
    });
    expect(await at(orders as never, rows.order)).toMatchObject({
      clientId: keepId,
      customerEmail: "ada.work@example.com",
    });
    expect(await at(reviews as never, rows.review)).toMatchObject({
      customerEmail: "ada.work@example.com",
    });
    expect(await at(outbox as never, rows.message)).toMatchObject({
      clientEmail: "ada.work@example.com",
      toAddress: "ada.home@example.com",
    });
    const [notes] = await t.db
      .select()
      .from(customerNotes)
      .where(eq(customerNotes.clientId, keepId));
    expect(notes?.notes).toBe("Prefers mornings\n\nSensitive to fragrance");
    expect(
      await t.db.$count(messageOptOuts, eq(messageOptOuts.recipient, "ada.work@example.com")),
    ).toBe(1);

    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, "client.merge"));
    expect(audit).toMatchObject({ adminUsername: TEST_ADMIN.username, entityId: String(keepId) });
    expect(audit?.details).toMatchObject({
      mergedClientId: mergeId,
      moved: { bookings: 1, reviews: 1 },
    });
    expect(JSON.stringify(audit?.details)).not.toContain("secret");

    // Undo: everything back as it was.
    const [record] = await t.db
      .select()
      .from(clientMerges)
      .where(eq(clientMerges.keptClientId, keepId));
    await manager.post(`/api/client-merges/${record?.id}/undo`).expect(200);
    const back = (await manager.get(`/api/customers/${mergeId}`).expect(200)).body;
    expect(back).toMatchObject({
      email: "ada.home@example.com",
      phone: "08031112222",
      marketingConsent: true,
      subscribed: true,
    });
    const backExport = (await manager.get(`/api/customers/${mergeId}/export`).expect(200)).body;
    expect(backExport.client).toMatchObject(HEALTH);
    expect(backExport.health).toEqual([expect.objectContaining({ code: "latex" })]);
    const keptAgain = (await manager.get(`/api/customers/${keepId}`).expect(200)).body;
    expect(keptAgain).toMatchObject({
      phone: null,
      address: null,
      marketingConsent: false,
      subscribed: false,
      allergies: null,
    });
    expect(await t.db.$count(clientHealth, eq(clientHealth.clientId, keepId))).toBe(0);
    expect(await at(bookings as never, rows.booking)).toMatchObject({
      clientId: mergeId,
      email: "ada.home@example.com",
    });
    expect(await at(sales as never, rows.sale)).toMatchObject({
      clientId: mergeId,
      customerEmail: "ada.home@example.com",
    });
    expect(await at(reviews as never, rows.review)).toMatchObject({
      customerEmail: "ada.home@example.com",
    });
    expect(await at(outbox as never, rows.message)).toMatchObject({
      clientEmail: "ada.home@example.com",
    });
    const [keptNotes] = await t.db
      .select()
      .from(customerNotes)
      .where(eq(customerNotes.clientId, keepId));
    expect(keptNotes?.notes).toBe("Prefers mornings");
    expect(
      await t.db.$count(messageOptOuts, eq(messageOptOuts.recipient, "ada.work@example.com")),
    ).toBe(0);
    expect(await t.db.$count(auditLog, eq(auditLog.action, "client.merge-undo"))).toBe(1);
    // Once only.
    const again = await manager.post(`/api/client-merges/${record?.id}/undo`).expect(409);
    expect(again.body.error.message).toBe(MERGE_MESSAGES.alreadyUndone);
  });

  it("refuses a merge into itself, an unknown client or no client, and changes nothing", async () => {
    const id = await addClient({
      firstName: "Solo",
      lastName: "Person",
      email: "solo@example.com",
    });
    const before = { clients: await t.db.$count(clients), audit: await t.db.$count(auditLog) };
    const self = await manager.post(`/api/customers/${id}/merge`).send({ mergeId: id }).expect(400);
    expect(self.body.error.message).toBe(MERGE_MESSAGES.self);
    await manager.post(`/api/customers/${id}/merge`).send({ mergeId: 999999 }).expect(404);
    await manager.post(`/api/customers/999999/merge`).send({ mergeId: id }).expect(404);
    const none = await manager.post(`/api/customers/${id}/merge`).send({}).expect(400);
    expect(none.body.error.fields.mergeId).toBe(MERGE_MESSAGES.chooseClient);
    await manager.get(`/api/customers/${id}/merge-preview?mergeId=abc`).expect(400);
    await manager.get(`/api/customers/${id}/merge-preview?mergeId=${id}`).expect(400);
    await manager.post("/api/client-merges/999999/undo").expect(404);
    expect({ clients: await t.db.$count(clients), audit: await t.db.$count(auditLog) }).toEqual(
      before,
    );
  });

  it("lets only a manager preview, merge and undo; the front desk is told why", async () => {
    const a = await addClient({ firstName: "Desk", lastName: "One", email: "desk.1@example.com" });
    const b = await addClient({ firstName: "Desk", lastName: "One", email: "desk.2@example.com" });
    const res = await frontDesk.post(`/api/customers/${a}/merge`).send({ mergeId: b }).expect(403);
    expect(res.body.error.message).toBe(refusalOf("client.merge"));
    await frontDesk.get(`/api/customers/${a}/merge-preview?mergeId=${b}`).expect(403);
    expect(await t.db.$count(clients, eq(clients.id, b))).toBe(1);
  });

  it("refuses an undo after 30 days and when the merged email belongs to a client again", async () => {
    const keep = await addClient({
      firstName: "Old",
      lastName: "Merge",
      email: "old.keep@example.com",
    });
    const gone = await addClient({
      firstName: "Old",
      lastName: "Merge",
      email: "old.gone@example.com",
    });
    await manager.post(`/api/customers/${keep}/merge`).send({ mergeId: gone }).expect(200);
    const [record] = await t.db
      .select()
      .from(clientMerges)
      .where(eq(clientMerges.keptClientId, keep));
    // The person books again under the merged email: a new client takes it.
    await addClient({ firstName: "Old", lastName: "Merge", email: "old.gone@example.com" });
    const taken = await manager.post(`/api/client-merges/${record?.id}/undo`).expect(409);
    expect(taken.body.error.message).toBe(MERGE_MESSAGES.emailTaken);
    await t.db
      .update(clientMerges)
      .set({ mergedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(clientMerges.id, Number(record?.id)));
    const expired = await manager.post(`/api/client-merges/${record?.id}/undo`).expect(409);
    expect(expired.body.error.message).toBe(MERGE_MESSAGES.undoExpired);
    expect(await t.db.$count(clients, eq(clients.id, gone))).toBe(0);
  });
});
