/**
 * Sale records (admin spec §3 "Sale record", §7 GET /api/sales): the point of sale's sales as
 * the API lists them. Money is kobo in the database and naira text with 2 decimals in the
 * records; instants are UTC ISO.
 */

import { and, asc, desc, eq, gte, lt, sql } from "drizzle-orm";
import { koboToNairaText } from "#common/money.ts";
import type { SaleItemType, SalePaymentMethod, SaleRecord, SaleStatus } from "#common/sales.ts";
import type { Db } from "#server/db/client.ts";
import { saleLines, sales } from "#server/db/schema/sales.ts";
import { lagosDayRange } from "./shared.ts";

/**
 * GET /api/sales (admin spec §3 "Sale record", §7): one record per sale line, newest first,
 * optionally of one customer (email, case-insensitive) or one Lagos day; at most 500.
 * `unitPrice` and `totalAmount` are naira as text with 2 decimals, as the spec's record has them.
 */
export async function listSaleRecords(
  db: Db,
  query: { customerEmail?: string; date?: string; saleId?: number },
): Promise<SaleRecord[]> {
  const range = query.date ? lagosDayRange(query.date) : null;
  const rows = await db
    .select({
      id: saleLines.id,
      saleId: sales.id,
      saleNumber: sales.saleNumber,
      type: saleLines.itemType,
      customerName: sales.customerName,
      customerEmail: sales.customerEmail,
      customerPhone: sales.customerPhone,
      paymentMethod: sales.paymentMethod,
      itemId: saleLines.itemId,
      itemName: saleLines.itemName,
      quantity: saleLines.quantity,
      unitPriceKobo: saleLines.unitPriceKobo,
      lineTotalKobo: saleLines.lineTotalKobo,
      status: sales.status,
      notes: sales.notes,
      soldAt: sales.soldAt,
    })
    .from(saleLines)
    .innerJoin(sales, eq(sales.id, saleLines.saleId))
    .where(
      and(
        query.customerEmail
          ? sql`lower(${sales.customerEmail}) = ${query.customerEmail.trim().toLowerCase()}`
          : undefined,
        range ? and(gte(sales.soldAt, range.from), lt(sales.soldAt, range.to)) : undefined,
        query.saleId !== undefined ? eq(sales.id, query.saleId) : undefined,
      ),
    )
    .orderBy(desc(sales.soldAt), desc(sales.id), asc(saleLines.id))
    .limit(500);
  return rows.map((r) => ({
    id: r.id,
    saleId: r.saleId,
    saleNumber: r.saleNumber,
    type: r.type as SaleItemType,
    customerName: r.customerName,
    customerEmail: r.customerEmail,
    customerPhone: r.customerPhone,
    paymentMethod: r.paymentMethod as SalePaymentMethod,
    itemId: r.itemId,
    itemName: r.itemName,
    quantity: r.quantity,
    unitPrice: koboToNairaText(r.unitPriceKobo),
    totalAmount: koboToNairaText(r.lineTotalKobo),
    status: r.status as SaleStatus,
    notes: r.notes,
    saleDate: r.soldAt.toISOString(),
  }));
}
