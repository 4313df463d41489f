/**
 * Logs without personal data (issue 14, rows 4 and 11): a failing query logs neither its SQL
 * parameters nor PostgreSQL's detail; URLs are logged without query values or tokens.
 */
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDayAhead } from "#server/testing/open-day.ts";
import { createApp } from "./app.ts";
import { safeUrl } from "./logging.ts";
import { insertService } from "./testing/builders.ts";
import { createTestApp, dbKinds } from "./testing/test-app.ts";

describe.each(dbKinds)("logs on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let app: ReturnType<typeof createApp>;
  let lines: string[] = [];
  let serviceId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // The app's own logger, capturing what production would write (level info).
    app = createApp({
      db: t.db,
      config: t.config,
      logger: pino({ level: "info" }, stream),
      smtp: null,
    });
    serviceId = (await insertService(t.db, { name: "Log Facial" })).id;
  });
  afterAll(() => t?.close());

  const booking = () => {
    const day = openDayAhead(4);
    return {
      name: "Chiamaka Secretname",
      email: "chiamaka.secret@example.com",
      phone: "08039998877",
      service: String(serviceId),
      date: `${day}T11:00:00+01:00`,
      message: "My private medical history",
    };
  };
  const PERSONAL = ["Secretname", "chiamaka.secret", "08039998877", "private medical"];

  it("a failing query logs no client data (parameters, detail)", async () => {
    // A check that refuses this name makes PostgreSQL fail with the whole row in its detail.
    await t.db.execute(
      sql.raw(
        "ALTER TABLE bookings ADD CONSTRAINT log_test_refuses CHECK (name <> 'Chiamaka Secretname')",
      ),
    );
    lines = [];
    const res = await request(app).post("/api/bookings").send(booking());
    expect(res.status).toBe(500);
    const logged = lines.join("");
    expect(logged).toContain("request failed");
    expect(logged).toContain("23514");
    for (const text of PERSONAL) expect(logged).not.toContain(text);
    await t.db.execute(sql.raw("ALTER TABLE bookings DROP CONSTRAINT log_test_refuses"));
  });

  it("a query that fails in the driver logs no parameters either", async () => {
    await t.db.execute(sql.raw("ALTER TABLE bookings RENAME COLUMN message TO message_moved"));
    lines = [];
    const res = await request(app).post("/api/bookings").send(booking());
    expect(res.status).toBe(500);
    const logged = lines.join("");
    expect(logged).toContain("Failed query");
    for (const text of PERSONAL) expect(logged).not.toContain(text);
    await t.db.execute(sql.raw("ALTER TABLE bookings RENAME COLUMN message_moved TO message"));
  });

  it("logs URLs without review signatures, search terms or tokens", async () => {
    lines = [];
    await request(app).get("/api/admin/search?q=chiamaka.secret");
    await request(app).get("/api/customer-notes/chiamaka.secret@example.com");
    await request(app).get("/api/auth/invitations/AbCdEfGhIjKlMnOpQrStUvWxYz012345");
    const logged = lines.join("");
    expect(logged).toContain("/api/admin/search?q=~");
    expect(logged).not.toContain("chiamaka.secret");
    expect(logged).not.toContain("AbCdEfGhIjKlMnOpQrStUvWxYz012345");
    expect(safeUrl("/review/12?sig=abcdef0123")).toBe("/review/12?sig=~");
    // A form or aftercare link's token ('{id}.{expiry}.{signature}', issue 31) opens the form.
    expect(safeUrl("/api/forms/12.1798000000.AbCdEfGhIjKlMnOpQrStUv/sign")).toBe(
      "/api/forms/:token/sign",
    );
    expect(safeUrl("/aftercare/7.AbCdEfGhIjKlMnOpQrStUv")).toBe("/aftercare/:token");
  });
});
