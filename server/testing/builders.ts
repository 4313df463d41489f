/**
 * Test-data builders with overrides, producing the same shapes the demo seed loads
 * (server/db/seed): services and products in naira, inserted as kobo; clients, staff and
 * appointments as database rows (money in kobo, instants as Date).
 */
import type { Db } from "#server/db/client.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { products, services } from "#server/db/schema/catalog.ts";
import { clients } from "#server/db/schema/clients.ts";
import { staff } from "#server/db/schema/staff.ts";
import { productRow, serviceRow } from "#server/db/seed/index.ts";
import type { SeedProduct } from "#server/db/seed/products-data.ts";
import type { SeedService } from "#server/db/seed/services-data.ts";

export function buildService(overrides: Partial<SeedService> = {}): SeedService {
  return {
    name: "Signature Glow Facial",
    description: "Deep cleanse, exfoliation and hydration for a bright, even complexion.",
    category: "facial",
    price: 45000,
    duration: "1h",
    ...overrides,
  };
}

export function buildProduct(overrides: Partial<SeedProduct> = {}): SeedProduct {
  return {
    name: "Gentle Foaming Cleanser",
    description: "A low-foam, pH-balanced cleanser that lifts sunscreen and oil without tightness.",
    price: 12500,
    image: "/images/products/gentle-foaming-cleanser.svg",
    category: "cleansers",
    stock: 20,
    rating: 4.5,
    details: "150 ml · All skin types",
    ingredients: "Aqua, Glycerin, Coco-Glucoside",
    howToUse: "Massage onto damp skin morning and evening, then rinse.",
    benefits: ["Gentle", "Non-stripping"],
    ...overrides,
  };
}

export async function insertService(db: Db, overrides: Partial<SeedService> = {}) {
  const [row] = await db
    .insert(services)
    .values(serviceRow(buildService(overrides)))
    .returning();
  if (!row) throw new Error("no row");
  return row;
}

export async function insertProduct(db: Db, overrides: Partial<SeedProduct> = {}) {
  const [row] = await db
    .insert(products)
    .values(productRow(buildProduct(overrides)))
    .returning();
  if (!row) throw new Error("no row");
  return row;
}

export type NewClient = typeof clients.$inferInsert;
export type NewStaff = typeof staff.$inferInsert;
/** An appointment row; `endsAt` defaults to `startsAt` + `durationMinutes`. */
export type NewAppointment = Omit<typeof appointments.$inferInsert, "endsAt"> & { endsAt?: Date };

/** A client row (admin spec §3 "Customer"); emails should differ between clients of one test. */
export function buildClient(overrides: Partial<NewClient> = {}): NewClient {
  return {
    email: "chioma.eze@example.com",
    firstName: "Chioma",
    lastName: "Eze",
    phone: "08021234567",
    city: "Lagos",
    state: "Lagos",
    status: "active",
    source: "manual",
    ...overrides,
  };
}

/** A staff row (admin spec §3 "Staff member"); ₦5,000 an hour, in kobo. */
export function buildStaff(overrides: Partial<NewStaff> = {}): NewStaff {
  return {
    firstName: "Funke",
    lastName: "Adeyemi",
    email: "funke.adeyemi@glowhaven.example",
    phone: "08091234567",
    role: "therapist",
    department: "treatments",
    hourlyRateKobo: 500_000,
    startDate: "2024-01-15",
    status: "active",
    ...overrides,
  };
}

/**
 * An appointment row (admin spec §3 "Appointment"): by default 10:00-11:00 Lagos (09:00 UTC) on
 * Monday 7 January 2030, scheduled, unassigned, ₦45,000 in kobo.
 */
export function buildAppointment(
  overrides: Partial<NewAppointment> = {},
): typeof appointments.$inferInsert {
  const row = {
    serviceName: "Signature Glow Facial",
    customerName: "Chioma Eze",
    customerEmail: "chioma.eze@example.com",
    customerPhone: "08021234567",
    status: "scheduled",
    priceKobo: 4_500_000,
    startsAt: new Date("2030-01-07T09:00:00Z"),
    durationMinutes: 60,
    ...overrides,
  };
  const endsAt =
    overrides.endsAt ?? new Date(row.startsAt.getTime() + (row.durationMinutes ?? 60) * 60_000);
  return { ...row, endsAt };
}

export async function insertClient(db: Db, overrides: Partial<NewClient> = {}) {
  const [row] = await db.insert(clients).values(buildClient(overrides)).returning();
  if (!row) throw new Error("no row");
  return row;
}

export async function insertStaff(db: Db, overrides: Partial<NewStaff> = {}) {
  const [row] = await db.insert(staff).values(buildStaff(overrides)).returning();
  if (!row) throw new Error("no row");
  return row;
}

export async function insertAppointment(db: Db, overrides: Partial<NewAppointment> = {}) {
  const [row] = await db.insert(appointments).values(buildAppointment(overrides)).returning();
  if (!row) throw new Error("no row");
  return row;
}
