/**
 * Erasure reaches everywhere the person is (issue 34; NDPA 2023): a client who booked, ordered,
 * chatted with the advisor and was in an admin export is erased; then every table of the
 * database and every export file is searched for their email, phone and name.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportAdminData } from "#server/modules/admin/data-export.ts";
import { insertProduct, insertService } from "#server/testing/builders.ts";
import { orderPayload } from "#server/testing/orders.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";

const PERSON = {
  name: "Chiamaka Nwosu",
  email: "chiamaka.nwosu@example.com",
  phone: "0803 555 1234",
};
/** How the person may appear anywhere: email, phone digits in both forms, name. */
function mentions(text: string): string[] {
  const lower = text.toLowerCase();
  const compact = lower.replace(/[\s().-]/g, "");
  return [
    lower.includes(PERSON.email) && "email",
    (compact.includes("08035551234") || compact.includes("2348035551234")) && "phone",
    lower.includes(PERSON.name.toLowerCase()) && "name",
  ].filter((x): x is string => Boolean(x));
}

describe.each(dbKinds)("erasure on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let agent: ReturnType<typeof request.agent>;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "erasure-"));
    t = await createTestApp(kind, { DATA_DIR: dataDir, ADVISOR_RATE_LIMIT: "1000" });
    agent = request.agent(t.app);
    await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("leaves no email, phone or name of the person in any table or export file", async () => {
    const service = await insertService(t.db, { name: "Erasure Facial" });
    const product = await insertProduct(t.db, { name: "Erasure Serum", stock: 5 });
    const day = new Date(Date.now() + 4 * 86400_000).toISOString().slice(0, 10);
    await request(t.app)
      .post("/api/bookings")
      .send({
        ...PERSON,
        service: String(service.id),
        date: `${day}T11:00:00+01:00`,
        message: `Please call me on ${PERSON.phone}`,
      })
      .expect(201);
    await request(t.app)
      .post("/api/checkout/start")
      .send(
        orderPayload([{ id: product.id, quantity: 1 }], {
          customerName: PERSON.name,
          customerEmail: PERSON.email,
          customerPhone: PERSON.phone,
        }),
      )
      .expect(201);
    await request(t.app)
      .post("/api/chatbot/treatment-recommendation")
      .send({ userQuery: `I am ${PERSON.name}, ${PERSON.phone}. What helps with acne?` })
      .expect(200);
    // An admin export on disk, as Clear Admin Data writes them.
    mkdirSync(path.join(dataDir, "exports"), { recursive: true });
    writeFileSync(
      path.join(dataDir, "exports", "admin-data-test.json"),
      JSON.stringify(await exportAdminData(t.db)),
    );
    expect(
      mentions(readFileSync(path.join(dataDir, "exports", "admin-data-test.json"), "utf8")),
    ).not.toEqual([]);
    // An export cut short (not JSON): it cannot be filtered by rows, so it must go.
    writeFileSync(
      path.join(dataDir, "exports", "admin-data-cut.json"),
      `{"tables":{"clients":[{"email":"${PERSON.email}"`,
    );

    const found = await agent.get(`/api/customers?q=${encodeURIComponent(PERSON.email)}`);
    const id = (found.body.rows ?? found.body)[0]?.id;
    expect(id).toBeTruthy();
    await agent.post(`/api/customers/${id}/erase`).expect(200);

    const tables = (await t.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: Array<{ table_name: string }> };
    const left: string[] = [];
    for (const { table_name } of tables.rows) {
      const rows = (await t.db.execute(sql`select * from ${sql.identifier(table_name)}`)) as {
        rows: unknown[];
      };
      for (const row of rows.rows) {
        const hits = mentions(JSON.stringify(row));
        if (hits.length) left.push(`${table_name}: ${hits.join(", ")}`);
      }
    }
    for (const file of readdirSync(path.join(dataDir, "exports"))) {
      const hits = mentions(readFileSync(path.join(dataDir, "exports", file), "utf8"));
      if (hits.length) left.push(`exports/${file}: ${hits.join(", ")}`);
    }
    expect(left).toEqual([]);
    expect(readdirSync(path.join(dataDir, "exports"))).toEqual(["admin-data-test.json"]);
  });
});
