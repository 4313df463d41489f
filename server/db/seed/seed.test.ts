import { existsSync } from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_CATEGORY_IDS, SERVICE_CATEGORY_IDS } from "#common/catalog.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import { products, services } from "#server/db/schema/catalog.ts";
import { seedDemoCatalogue } from "./index.ts";
import { SEED_PRODUCTS } from "./products-data.ts";
import { SEED_SERVICES } from "./services-data.ts";

describe("demo catalogue", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: "memory" });
  });
  afterAll(() => database.close());

  it("covers every service and shop category, with the spec's special cases", () => {
    expect(SEED_SERVICES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(SEED_SERVICES.map((s) => s.category))).toEqual(new Set(SERVICE_CATEGORY_IDS));
    expect(SEED_SERVICES.some((s) => s.price === 0)).toBe(true);
    expect(SEED_SERVICES.some((s) => s.price === null)).toBe(true);
    expect(SEED_SERVICES.some((s) => s.priceNote === "Contact for details")).toBe(true);
    expect(SEED_SERVICES.some((s) => /consultation/i.test(s.name))).toBe(true);
    expect(SEED_SERVICES.some((s) => /analysis/i.test(s.name))).toBe(true);
    expect(
      SEED_SERVICES.some((s) => s.category === "packages" && s.description.includes("Includes:")),
    ).toBe(true);
    expect(SEED_PRODUCTS.length).toBeGreaterThanOrEqual(24);
    expect(new Set(SEED_PRODUCTS.map((p) => p.category))).toEqual(new Set(PRODUCT_CATEGORY_IDS));
    expect(SEED_PRODUCTS.some((p) => p.stock === 0)).toBe(true);
  });

  it("ships an image in the repo for every product", () => {
    for (const p of SEED_PRODUCTS) {
      expect(existsSync(path.join("public", p.image)), p.image).toBe(true);
    }
  });

  it("loads only into an empty catalogue", async () => {
    expect(await seedDemoCatalogue(database.db)).toEqual({
      services: SEED_SERVICES.length,
      products: SEED_PRODUCTS.length,
    });
    expect(await seedDemoCatalogue(database.db)).toEqual({ services: 0, products: 0 });
    const [row] = await database.db.select({ n: count() }).from(services);
    expect(row?.n).toBe(SEED_SERVICES.length);
    const [p] = await database.db.select({ n: count() }).from(products);
    expect(p?.n).toBe(SEED_PRODUCTS.length);
  });
});
