/**
 * Catalogue writes from the back office (admin spec §2 "Service management", "Product
 * management", §5, §7): create, update and delete services and products, each with its audit
 * record in one transaction. Prices arrive in naira and are stored as kobo.
 */
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { AdminIdentity } from "#common/auth.ts";
import type { PublicProduct, PublicService } from "#common/catalog.ts";
import type {
  ProductFormValues,
  productFormSchema,
  ServiceFormValues,
} from "#common/catalog-forms.ts";
import { nairaToKobo } from "#common/money.ts";
import type { Db } from "#server/db/client.ts";
import { products, services } from "#server/db/schema/catalog.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { getProduct, getService } from "./service.ts";

type ProductInput = z.output<typeof productFormSchema>;

/**
 * A typed price as columns: a number (or numeric text) is naira → kobo; other text (e.g.
 * 'Contact for details') is kept as the price note with no amount.
 */
function servicePriceColumns(price: ServiceFormValues["price"]) {
  const numeric = typeof price === "number" ? price : Number(price.replace(/[₦,\s]/g, ""));
  if (typeof price === "number" || (price.trim() !== "" && Number.isFinite(numeric))) {
    return { priceKobo: nairaToKobo(numeric), priceNote: null };
  }
  return { priceKobo: null, priceNote: price };
}

function serviceColumns(input: Partial<ServiceFormValues>) {
  return {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.category !== undefined && { category: input.category }),
    ...(input.duration !== undefined && { duration: input.duration }),
    ...(input.price !== undefined && servicePriceColumns(input.price)),
    ...(input.consultationFirst !== undefined && { consultationFirst: input.consultationFirst }),
  };
}

/** Creates a service; returns it as the public API shows it. */
export async function createService(
  db: Db,
  admin: AdminIdentity,
  input: ServiceFormValues,
): Promise<PublicService> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(services)
      .values(serviceColumns(input) as typeof services.$inferInsert)
      .returning({ id: services.id });
    if (!row) throw new Error("insert returned no row");
    await recordAudit(tx, admin, {
      action: "service.create",
      entity: "service",
      entityId: row.id,
      details: input,
    });
    return row.id;
  });
  return (await getService(db, id)) as PublicService;
}

/** Updates a service. @throws HttpError 404 for an unknown id. */
export async function updateService(
  db: Db,
  admin: AdminIdentity,
  id: number,
  input: Partial<ServiceFormValues>,
): Promise<PublicService> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(services)
      .set({ ...serviceColumns(input), updatedAt: new Date() })
      .where(eq(services.id, id))
      .returning({ id: services.id });
    if (!row) throw new HttpError(404, "Service not found");
    await recordAudit(tx, admin, {
      action: "service.update",
      entity: "service",
      entityId: id,
      details: input,
    });
  });
  return (await getService(db, id)) as PublicService;
}

/** Deletes a service; past bookings keep its name. @throws HttpError 404 for an unknown id. */
export async function deleteService(db: Db, admin: AdminIdentity, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(services)
      .where(eq(services.id, id))
      .returning({ id: services.id, name: services.name });
    if (!row) throw new HttpError(404, "Service not found");
    await recordAudit(tx, admin, {
      action: "service.delete",
      entity: "service",
      entityId: id,
      details: { name: row.name },
    });
  });
}

function productColumns(input: Partial<ProductInput>) {
  const { price, ...rest } = input;
  return {
    ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
    ...(price !== undefined && { priceKobo: nairaToKobo(price) }),
  } as Partial<typeof products.$inferInsert>;
}

/** Creates a product (stock default 100, rating 4.0); returns it as the public API shows it. */
export async function createProduct(
  db: Db,
  admin: AdminIdentity,
  input: ProductInput,
): Promise<PublicProduct> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values(productColumns(input) as typeof products.$inferInsert)
      .returning({ id: products.id });
    if (!row) throw new Error("insert returned no row");
    await recordAudit(tx, admin, {
      action: "product.create",
      entity: "product",
      entityId: row.id,
      details: input,
    });
    return row.id;
  });
  return (await getProduct(db, id)) as PublicProduct;
}

/** Updates a product, e.g. only `stock` for the stock toggle. @throws HttpError 404. */
export async function updateProduct(
  db: Db,
  admin: AdminIdentity,
  id: number,
  input: Partial<ProductInput>,
): Promise<PublicProduct> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(products)
      .set({ ...productColumns(input), updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning({ id: products.id });
    if (!row) throw new HttpError(404, "Product not found");
    await recordAudit(tx, admin, {
      action: "product.update",
      entity: "product",
      entityId: id,
      details: input,
    });
  });
  return (await getProduct(db, id)) as PublicProduct;
}

/** Deletes a product. @throws HttpError 404 for an unknown id. */
export async function deleteProduct(db: Db, admin: AdminIdentity, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(products)
      .where(eq(products.id, id))
      .returning({ id: products.id, name: products.name });
    if (!row) throw new HttpError(404, "Product not found");
    await recordAudit(tx, admin, {
      action: "product.delete",
      entity: "product",
      entityId: id,
      details: { name: row.name },
    });
  });
}

export type { ProductFormValues };
