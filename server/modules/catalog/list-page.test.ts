/**
 * The admin products and services lists on the server (admin spec §2 "Product management",
 * "Service management", §9): search, category, stock, the five sort fields both ways, category
 * counts, 'N of M' counts and page boundaries.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productListQuerySchema, serviceListQuerySchema } from "#common/catalog-forms.ts";
import { insertProduct, insertService } from "#server/testing/builders.ts";
import { createTestApp, dbKinds } from "#server/testing/test-app.ts";
import { listProductsPage, listServicesPage } from "./service.ts";

const products = (params: Record<string, unknown> = {}) => productListQuerySchema.parse(params);
const services = (params: Record<string, unknown> = {}) => serviceListQuerySchema.parse(params);

describe.each(dbKinds)("admin catalogue lists on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const rows: Array<Parameters<typeof insertProduct>[1]> = [
      { name: "zinc Sunscreen", category: "suncare", price: 9000, rating: 4.8, stock: 0 },
      { name: "Aloe Gel", category: "body-care", price: 4000, rating: 4.1, stock: 12 },
      { name: "Clay Mask", category: "masks", price: 11500, rating: 3.9, stock: 5 },
      { name: "Berry Serum", category: "serums", price: 21000, rating: 4.8, stock: 0 },
      {
        name: "Night Cream",
        category: "moisturizers",
        price: 15000,
        rating: 4.5,
        stock: 40,
        description: "Rich cream with 2% retinal for overnight renewal.",
      },
    ];
    for (const p of rows) await insertProduct(t.db, p);
    for (let i = 1; i <= 7; i++) {
      await insertService(t.db, { name: `Facial ${i}`, category: "facial" });
    }
    await insertService(t.db, { name: "Glycolic Peel", category: "chemical-peel" });
    await insertService(t.db, {
      name: "Swedish Massage",
      category: "massage",
      description: "Full-body relaxation.",
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const names = async (params: Record<string, unknown>) =>
    (await listProductsPage(t.db, products(params))).rows.map((r) => r.name);

  it("sorts products by name by default, ignoring case", async () => {
    expect(await names({})).toEqual([
      "Aloe Gel",
      "Berry Serum",
      "Clay Mask",
      "Night Cream",
      "zinc Sunscreen",
    ]);
    expect(await names({ dir: "desc" })).toEqual([
      "zinc Sunscreen",
      "Night Cream",
      "Clay Mask",
      "Berry Serum",
      "Aloe Gel",
    ]);
  });

  it("sorts by price, category, rating and stock, ties by name", async () => {
    expect(await names({ sort: "price" })).toEqual([
      "Aloe Gel",
      "zinc Sunscreen",
      "Clay Mask",
      "Night Cream",
      "Berry Serum",
    ]);
    expect(await names({ sort: "category" })).toEqual([
      "Aloe Gel",
      "Clay Mask",
      "Night Cream",
      "Berry Serum",
      "zinc Sunscreen",
    ]);
    expect(await names({ sort: "rating", dir: "desc" })).toEqual([
      "Berry Serum",
      "zinc Sunscreen",
      "Night Cream",
      "Aloe Gel",
      "Clay Mask",
    ]);
    expect(await names({ sort: "stock" })).toEqual([
      "Berry Serum",
      "zinc Sunscreen",
      "Clay Mask",
      "Aloe Gel",
      "Night Cream",
    ]);
  });

  it("filters by search, category and stock, counting matches and all", async () => {
    expect(await names({ q: "retinal" })).toEqual(["Night Cream"]);
    expect(await names({ q: "SERUM" })).toEqual(["Berry Serum"]);
    expect(await names({ category: "masks" })).toEqual(["Clay Mask"]);
    expect(await names({ stock: "out-of-stock" })).toEqual(["Berry Serum", "zinc Sunscreen"]);
    expect(await names({ stock: "in-stock" })).toEqual(["Aloe Gel", "Clay Mask", "Night Cream"]);
    const page = await listProductsPage(t.db, products({ stock: "out-of-stock", q: "zinc" }));
    expect(page).toMatchObject({ total: 5, matching: 1 });
  });

  it("pages products and clamps a page past the end", async () => {
    const second = await listProductsPage(t.db, products({ page: 2, pageSize: 2 }));
    expect(second.rows.map((r) => r.name)).toEqual(["Clay Mask", "Night Cream"]);
    const beyond = await listProductsPage(t.db, products({ page: 7, pageSize: 2 }));
    expect(beyond).toMatchObject({ page: 3, matching: 5 });
    expect(beyond.rows.map((r) => r.name)).toEqual(["zinc Sunscreen"]);
  });

  it("lists services newest first with every category's count", async () => {
    const page = await listServicesPage(t.db, services({ pageSize: 3 }));
    expect(page.rows.map((s) => s.name)).toEqual(["Swedish Massage", "Glycolic Peel", "Facial 7"]);
    expect(page).toMatchObject({ total: 9, matching: 9, page: 1, pageSize: 3 });
    expect(page.categories).toEqual([
      { id: "chemical-peel", count: 1 },
      { id: "facial", count: 7 },
      { id: "massage", count: 1 },
    ]);
  });

  it("filters services by category and search; counts stay whole-catalogue", async () => {
    const facial = await listServicesPage(
      t.db,
      services({ category: "facial", page: 2, pageSize: 5 }),
    );
    expect(facial.rows.map((s) => s.name)).toEqual(["Facial 2", "Facial 1"]);
    expect(facial).toMatchObject({ total: 9, matching: 7, page: 2 });
    expect(facial.categories.find((c) => c.id === "massage")?.count).toBe(1);
    const search = await listServicesPage(t.db, services({ q: "relaxation" }));
    expect(search.rows.map((s) => s.name)).toEqual(["Swedish Massage"]);
    const none = await listServicesPage(t.db, services({ category: "laser" }));
    expect(none).toMatchObject({ rows: [], total: 9, matching: 0 });
  });
});
