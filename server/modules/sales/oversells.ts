/**
 * Oversells of sales taken offline (issue 35 "an oversell is flagged for the manager"; decision
 * 0314): GET /api/sales/oversells lists the open ones (desk roles see them on Daily Sales), and
 * POST /api/sales/oversells/{id}/settle marks one settled once a manager has counted the shelf
 * and corrected the product's stock (audited 'sale.oversell.settle').
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import type { StockOversell } from "#common/sales.ts";
import type { Db } from "#server/db/client.ts";
import { products } from "#server/db/schema/catalog.ts";
import { sales, stockOversells } from "#server/db/schema/sales.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";

/** The oversells not yet settled, oldest sale first, with each product's stock now (units). */
export async function listOpenOversells(db: Db): Promise<StockOversell[]> {
  const rows = await db
    .select({
      id: stockOversells.id,
      saleId: stockOversells.saleId,
      saleNumber: sales.saleNumber,
      offlineReceipt: sales.offlineReceipt,
      soldAt: sales.soldAt,
      productId: stockOversells.productId,
      productName: stockOversells.productName,
      unitsSold: stockOversells.unitsSold,
      unitsShort: stockOversells.unitsShort,
      stockNow: products.stock,
    })
    .from(stockOversells)
    .innerJoin(sales, eq(sales.id, stockOversells.saleId))
    .leftJoin(products, eq(products.id, stockOversells.productId))
    .where(isNull(stockOversells.settledAt))
    .orderBy(asc(sales.soldAt), asc(stockOversells.id));
  return rows.map((r) => ({ ...r, soldAt: r.soldAt.toISOString() }));
}

/**
 * Marks oversell `id` settled by `admin` (a manager: the route's role gate), audited.
 * @throws HttpError 404 no such oversell; 409 already settled.
 */
export async function settleOversell(db: Db, admin: AdminIdentity, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(stockOversells)
      .set({ settledAt: new Date(), settledBy: admin.id })
      .where(and(eq(stockOversells.id, id), isNull(stockOversells.settledAt)))
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ id: stockOversells.id })
        .from(stockOversells)
        .where(eq(stockOversells.id, id));
      throw exists
        ? new HttpError(409, "This oversell is already settled")
        : new HttpError(404, "Oversell not found");
    }
    await recordAudit(tx, admin, {
      action: "sale.oversell.settle",
      entity: "sale",
      entityId: row.saleId,
      details: { product: row.productName, short: row.unitsShort },
    });
  });
}
