/**
 * Migration survival: a database at migration 0002 (before the back-office tables) holding
 * bookings, orders with items, reviews and newsletter subscribers the way the old schema stored
 * them, with mixed-case duplicate emails, is migrated to the latest schema. Its rows stay intact,
 * clients are back-filled one per person, bookings get their kind and service id, and bookings
 * and orders their client. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DbKind, dbKinds } from "#server/testing/test-app.ts";

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** A copy of the migrations folder holding only the first `count` migrations. */
function truncatedMigrations(count: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
  mkdirSync(path.join(dir, "meta"));
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
  );
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify(journal));
  for (const entry of journal.entries as Array<{ tag: string }>) {
    copyFileSync(
      path.join(migrationsFolder, `${entry.tag}.sql`),
      path.join(dir, `${entry.tag}.sql`),
    );
  }
  return dir;
}

type Raw = {
  /** Rows of a query (both drivers answer `{ rows }`). */
  rows<T>(query: SQL): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
};

async function openRaw(kind: DbKind): Promise<Raw> {
  if (kind === "pglite") {
    const client = await PGlite.create({ extensions: { btree_gist } });
    const db = drizzlePglite({ client });
    return {
      rows: async (query) => (await db.execute(query)).rows as never,
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  // Through PgBouncer the migrations go through the pooler; the database is made directly.
  const appBase = (
    kind === "pgbouncer" ? process.env.TEST_PGBOUNCER_URL : process.env.TEST_DATABASE_URL
  ) as string;
  const baseUrl = process.env.TEST_DATABASE_URL ?? appBase;
  const name = `clinic_migrations_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(appBase);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const db = drizzleNodePg({ client: pool });
  return {
    rows: async (query) => (await db.execute(query)).rows as never,
    migrate: (folder) => migrateNodePg(db, { migrationsFolder: folder }),
    async close() {
      await pool.end();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

describe.each(dbKinds)("migrating old data to the back-office schema on %s", (kind) => {
  let db: Raw;
  let partial: string;
  let facialId: number;
  const before: Record<string, unknown[]> = {};

  const snapshot = async () => ({
    bookings: await db.rows(
      sql`select id, name, email, phone, service, service_name, date, message, status, processed, created_at from bookings order by id`,
    ),
    // Money columns read as int (money became bigint in 0019, which node-postgres reads as text).
    orders: await db.rows(
      sql`select id, status, payment_reference, customer_name, customer_email, customer_phone, delivery_address, subtotal_kobo::int, shipping_kobo::int, total_kobo::int, created_at from orders order by id`,
    ),
    orderItems: await db.rows(
      sql`select id, order_id, product_id, product_name, unit_price_kobo::int, quantity from order_items order by id`,
    ),
    reviews: await db.rows(sql`select * from reviews order by id`),
    subscribers: await db.rows(sql`select * from newsletter_subscribers order by id`),
  });

  beforeAll(async () => {
    db = await openRaw(kind);
    partial = truncatedMigrations(3);
    await db.migrate(partial);
    expect(await db.rows(sql`select to_regclass('public.clients') as t`)).toEqual([{ t: null }]);

    const [facial] = await db.rows<{ id: number }>(sql`
      insert into services (name, description, category, price_kobo, duration)
      values ('HydraFacial', 'Deep cleanse', 'facial', 18000000, '1h') returning id`);
    facialId = facial?.id as number;
    const [gone] = await db.rows<{ id: number }>(sql`
      insert into services (name, description, category, price_kobo, duration)
      values ('Retired Peel', 'Old', 'chemical-peel', 100000, '45m') returning id`);
    await db.rows(sql`delete from services where id = ${gone?.id}`);

    // Ada books twice with differently cased emails; the later booking has her full name.
    await db.rows(sql`
      insert into bookings (name, email, phone, service, service_name, date, message, status, processed, created_at)
      values
        ('Ada Obi', 'ADA@Example.com', '08011111111', ${String(facialId)}, 'HydraFacial',
         '2025-01-10T09:00:00Z', 'First visit', 'pending', true, '2025-01-01T10:00:00Z'),
        ('  Adaeze   Obi-Nwosu ', 'ada@example.com', '08022222222', 'consultation-facial',
         'Facial Consultation', '2025-03-10T09:00:00Z', null, 'pending', false, '2025-03-01T10:00:00Z'),
        ('Bola Ahmed', 'bola@example.com', '08033333333', ${String(gone?.id)}, 'Retired Peel',
         '2025-02-10T09:00:00Z', null, 'no-show', true, '2025-02-01T10:00:00Z')`);
    // Chidi pays for an order; Ngozi starts one and never pays; Ada left one unpaid in between.
    const orderRows = await db.rows<{ id: number }>(sql`
      insert into orders (status, payment_reference, payment_method, customer_name, customer_email,
        customer_phone, delivery_address, delivery_city, delivery_state, delivery_postal_code,
        subtotal_kobo, shipping_kobo, total_kobo, created_at)
      values
        ('processing', 'txn_1-a', 'test', 'Chidi Okeke', 'Chidi@Example.COM', '08044444444',
         '12 Awolowo Road', 'Ikoyi', 'Lagos', '101233', 2500000, 300000, 2800000, '2025-02-01T12:00:00Z'),
        ('pending', 'txn_2-b', 'test', 'Ngozi', 'NGOZI@example.com', '08055555555',
         '3 Allen Avenue', 'Ikeja', 'Lagos', '100271', 1250000, 300000, 1550000, '2025-02-02T12:00:00Z'),
        ('pending', 'txn_3-c', 'test', 'Ada O.', 'Ada@example.com', '08066666666',
         '5 Bourdillon', 'Ikoyi', 'Lagos', '101233', 1250000, 300000, 1550000, '2025-02-15T12:00:00Z')
      returning id`);
    await db.rows(sql`
      insert into order_items (order_id, product_id, product_name, unit_price_kobo, quantity)
      values (${orderRows[0]?.id}, null, 'Gentle Cleanser', 1250000, 2),
             (${orderRows[1]?.id}, null, 'Gentle Cleanser', 1250000, 1)`);
    const [firstBooking] = await db.rows<{ id: number }>(
      sql`select id from bookings where email = 'ADA@Example.com'`,
    );
    await db.rows(sql`
      insert into reviews (booking_id, customer_name, customer_email, rating, review_text, service_name, created_at)
      values (${firstBooking?.id}, 'Ada Obi', 'ADA@Example.com', 5, 'Lovely', 'HydraFacial', '2025-01-12T10:00:00Z'),
             (null, 'Emeka Nnaji', 'Emeka@Example.com', 4, null, 'Dermaplaning', '2025-01-20T10:00:00Z')`);
    await db.rows(sql`
      insert into newsletter_subscribers (email, created_at)
      values ('ada@example.com', '2024-12-01T10:00:00Z'), ('news@example.com', '2025-01-05T10:00:00Z')`);

    Object.assign(before, await snapshot());
    await db.migrate(migrationsFolder);
  });
  afterAll(async () => {
    await db?.close();
    if (partial) rmSync(partial, { recursive: true, force: true });
  });

  it("keeps bookings, orders, order items, reviews and subscribers intact", async () => {
    expect(await snapshot()).toEqual(before);
    expect(before.bookings).toHaveLength(3);
    expect(before.orders).toHaveLength(3);
  });

  it("back-fills one client per person with the most recent name and phone", async () => {
    const clients = await db.rows(sql`
      select email, first_name, last_name, phone, address, city, status, source,
             marketing_consent,
             to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
        from clients order by email`);
    const at = (iso: string) => iso;
    expect(clients).toEqual([
      {
        email: "ada@example.com",
        first_name: "Adaeze",
        last_name: "Obi-Nwosu",
        phone: "08022222222",
        address: "5 Bourdillon",
        city: "Ikoyi",
        status: "active",
        source: "website",
        marketing_consent: true,
        created_at: at("2024-12-01T10:00:00Z"),
      },
      {
        email: "bola@example.com",
        first_name: "Bola",
        last_name: "Ahmed",
        phone: "08033333333",
        address: null,
        city: null,
        status: "active",
        source: "website",
        marketing_consent: false,
        created_at: at("2025-02-01T10:00:00Z"),
      },
      {
        email: "chidi@example.com",
        first_name: "Chidi",
        last_name: "Okeke",
        phone: "08044444444",
        address: "12 Awolowo Road",
        city: "Ikoyi",
        status: "active",
        source: "website",
        marketing_consent: false,
        created_at: at("2025-02-01T12:00:00Z"),
      },
      {
        email: "emeka@example.com",
        first_name: "Emeka",
        last_name: "Nnaji",
        phone: null,
        address: null,
        city: null,
        status: "active",
        source: "website",
        marketing_consent: false,
        created_at: at("2025-01-20T10:00:00Z"),
      },
      {
        email: "news@example.com",
        first_name: "",
        last_name: "",
        phone: null,
        address: null,
        city: null,
        status: "prospect",
        source: "website",
        marketing_consent: true,
        created_at: at("2025-01-05T10:00:00Z"),
      },
      {
        email: "ngozi@example.com",
        first_name: "Ngozi",
        last_name: "",
        phone: "08055555555",
        address: "3 Allen Avenue",
        city: "Ikeja",
        status: "prospect",
        source: "website",
        marketing_consent: false,
        created_at: at("2025-02-02T12:00:00Z"),
      },
    ]);
  });

  it("links bookings and orders to their client and gives bookings their kind and service", async () => {
    const bookings = await db.rows(sql`
      select b.email, b.kind, b.service_id, c.email as client_email
        from bookings b left join clients c on c.id = b.client_id order by b.id`);
    expect(bookings).toEqual([
      {
        email: "ADA@Example.com",
        kind: "service",
        service_id: facialId,
        client_email: "ada@example.com",
      },
      {
        email: "ada@example.com",
        kind: "consultation",
        service_id: null,
        client_email: "ada@example.com",
      },
      {
        email: "bola@example.com",
        kind: "service",
        service_id: null,
        client_email: "bola@example.com",
      },
    ]);
    const orders = await db.rows(sql`
      select o.customer_email, c.email as client_email
        from orders o left join clients c on c.id = o.client_id order by o.id`);
    expect(orders).toEqual([
      { customer_email: "Chidi@Example.COM", client_email: "chidi@example.com" },
      { customer_email: "NGOZI@example.com", client_email: "ngozi@example.com" },
      { customer_email: "Ada@example.com", client_email: "ada@example.com" },
    ]);
  });

  it("ends with the exclusion constraint in place", async () => {
    const [member] = await db.rows<{ id: number }>(sql`
      insert into staff (first_name, last_name, email, start_date)
      values ('Funke', 'Adeyemi', 'funke@example.com', '2024-01-15') returning id`);
    const insert = () =>
      db.rows(sql`
        insert into appointments (staff_id, service_name, customer_name, customer_email,
          customer_phone, starts_at, ends_at, duration_minutes)
        values (${member?.id}, 'HydraFacial', 'Ada', 'ada@example.com', '0801',
          '2030-01-07T09:00:00Z', '2030-01-07T10:00:00Z', 60)`);
    await insert();
    await expect(insert()).rejects.toMatchObject({
      cause: expect.objectContaining({ code: "23P01" }),
    });
  });
});
