/**
 * Sale records (admin spec §2 "Sales", §3 "Sale record", §7 GET /api/sales): the point of
 * sale's sales as the API and the customer detail dialog list them, from one query of sales with
 * their lines. The one reader of a client's sales: the clients module (detail dialog, export,
 * erasure) calls `listClientSales`. Money is kobo in the database and naira text with 2 decimals
 * in the records; instants are UTC ISO.
 */

import { and, asc, desc, eq, gte, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { ClientSale } from "#common/clients.ts";
import { koboToNairaText } from "#common/money.ts";
import type { SaleItemType, SalePaymentMethod, SaleRecord, SaleStatus } from "#common/sales.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { saleLines, sales } from "#server/db/schema/sales.ts";
import { tillDayRange } from "./shared.ts";

/**
 * The sales matching `where` with their lines, one row per line (a sale without lines gives one
 * row whose line columns are null), newest sale first, lines in id order; at most `limit` rows.
 */
async function saleLineRows(db: Db | Tx, where: SQL | undefined, limit?: number) {
  const query = db
    .select({
      lineId: saleLines.id,
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
      saleTotalKobo: sales.totalKobo,
      status: sales.status,
      notes: sales.notes,
      soldAt: sales.soldAt,
    })
    .from(sales)
    .leftJoin(saleLines, eq(saleLines.saleId, sales.id))
    .where(where)
    .orderBy(desc(sales.soldAt), desc(sales.id), asc(saleLines.id))
    .$dynamic();
  return limit === undefined ? await query : await query.limit(limit);
}

type SaleLineRow = Awaited<ReturnType<typeof saleLineRows>>[number];

/**
 * GET /api/sales (admin spec §3 "Sale record", §7): one record per sale line, newest first,
 * optionally of one customer (email, case-insensitive) or one Lagos day; at most 500.
 * `unitPrice` and `totalAmount` are naira as text with 2 decimals, as the spec's record has them.
 * @throws HttpError 404 for a date that is not 'YYYY-MM-DD'.
 */
export async function listSaleRecords(
  db: Db,
  query: { customerEmail?: string; date?: string; saleId?: number },
): Promise<SaleRecord[]> {
  const range = query.date ? tillDayRange(query.date) : null;
  const rows = await saleLineRows(
    db,
    and(
      // Records are lines: a sale without lines has none.
      isNotNull(saleLines.id),
      query.customerEmail
        ? sql`lower(${sales.customerEmail}) = ${query.customerEmail.trim().toLowerCase()}`
        : undefined,
      range ? and(gte(sales.soldAt, range.from), lt(sales.soldAt, range.to)) : undefined,
      query.saleId !== undefined ? eq(sales.id, query.saleId) : undefined,
    ),
    500,
  );
  return rows.map((r) => ({
    id: r.lineId ?? 0,
    saleId: r.saleId,
    saleNumber: r.saleNumber,
    type: r.type as SaleItemType,
    customerName: r.customerName,
    customerEmail: r.customerEmail,
    customerPhone: r.customerPhone,
    paymentMethod: r.paymentMethod as SalePaymentMethod,
    itemId: r.itemId,
    itemName: r.itemName ?? "",
    quantity: r.quantity ?? 0,
    unitPrice: koboToNairaText(r.unitPriceKobo ?? 0),
    totalAmount: koboToNairaText(r.lineTotalKobo ?? 0),
    status: r.status as SaleStatus,
    notes: r.notes,
    saleDate: r.soldAt.toISOString(),
  }));
}

/**
 * The sales of client `clientId`, or made under `email` without a client (case-insensitive),
 * newest first, one record per sale: its first line's type, item and unit price; the item names
 * of a several-line till sale joined with ', ' and their quantities summed; the sale's total.
 */
export async function listClientSales(
  db: Db | Tx,
  who: { clientId: number; email: string },
): Promise<ClientSale[]> {
  const rows = await saleLineRows(
    db,
    or(
      eq(sales.clientId, who.clientId),
      and(isNull(sales.clientId), sql`lower(${sales.customerEmail}) = ${who.email.toLowerCase()}`),
    ),
  );
  // Rows come sale by sale (ordered by sale, then line): fold each run into one record.
  const bySale = new Map<number, SaleLineRow[]>();
  for (const r of rows) {
    const run = bySale.get(r.saleId);
    if (run) run.push(r);
    else bySale.set(r.saleId, [r]);
  }
  return [...bySale.values()].map(toClientSale);
}

/** One sale's line rows (at least one) folded into the customer dialog's record. */
function toClientSale(lines: SaleLineRow[]): ClientSale {
  const first = lines[0] as SaleLineRow;
  const named = lines.filter((l) => l.lineId !== null);
  return {
    id: first.saleId,
    saleNumber: first.saleNumber,
    type: first.type === "product" ? "product" : "service",
    customerName: first.customerName,
    customerEmail: first.customerEmail,
    customerPhone: first.customerPhone,
    paymentMethod: first.paymentMethod,
    itemId: first.itemId,
    itemName: named.map((l) => l.itemName).join(", "),
    quantity: named.reduce((s, l) => s + (l.quantity ?? 0), 0),
    unitPrice: koboToNairaText(first.unitPriceKobo ?? 0),
    totalAmount: koboToNairaText(first.saleTotalKobo),
    status: first.status,
    notes: first.notes,
    saleDate: first.soldAt.toISOString(),
  };
}
