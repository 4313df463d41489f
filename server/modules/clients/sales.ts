/**
 * A client's sales as the customer detail dialog reads and records them (admin spec §2 "Sales",
 * §3 "Sale record", §5 "Record sale", §7 GET/POST /api/sales), on the point of sale's tables
 * (`sales`, `sale_lines`, `sale_payments`). Money is kobo in the database and naira strings with
 * two decimals in the API. The till's own POST /api/pos/process-sale lives in the sales module.
 */
import { sql } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import type { RecordSaleInput, SaleRecord } from "#common/clients.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { saleLines, salePayments, sales } from "#server/db/schema/sales.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { ensureClient } from "./service.ts";

type SaleRow = {
  id: number;
  sale_number: number;
  item_type: string | null;
  item_id: number | null;
  item_name: string | null;
  lines: number | string;
  quantity: number | string | null;
  unit_price_kobo: number | null;
  customer_name: string;
  customer_email: string | null;
  customer_phone: string | null;
  payment_method: string;
  total_kobo: number;
  status: string;
  notes: string | null;
  sold_at: Date | string;
};

const naira = (kobo: number) => (kobo / 100).toFixed(2);

/**
 * One record per sale: its first line's type, item and unit price; the item names of a
 * several-line till sale joined with ', ' and their quantities summed.
 */
function toSaleRecord(r: SaleRow): SaleRecord {
  return {
    id: Number(r.id),
    saleNumber: Number(r.sale_number),
    type: r.item_type === "product" ? "product" : "service",
    customerName: r.customer_name,
    customerEmail: r.customer_email,
    customerPhone: r.customer_phone,
    paymentMethod: r.payment_method,
    itemId: r.item_id === null ? null : Number(r.item_id),
    itemName: r.item_name ?? "",
    quantity: Number(r.quantity ?? 0),
    unitPrice: naira(Number(r.unit_price_kobo ?? 0)),
    totalAmount: naira(Number(r.total_kobo)),
    status: r.status,
    notes: r.notes,
    saleDate: new Date(r.sold_at).toISOString(),
  };
}

function selectSales(where: ReturnType<typeof sql>) {
  return sql`select s.id, s.sale_number, s.customer_name, s.customer_email, s.customer_phone,
      s.payment_method, s.total_kobo, s.status, s.notes, s.sold_at,
      l.item_type, l.item_id, l.unit_price_kobo, l.item_name, l.lines, l.quantity
    from sales s
    left join lateral (
      select (array_agg(item_type order by id))[1] as item_type,
        (array_agg(item_id order by id))[1] as item_id,
        (array_agg(unit_price_kobo order by id))[1] as unit_price_kobo,
        string_agg(item_name, ', ' order by id) as item_name,
        count(*) as lines, sum(quantity) as quantity
      from sale_lines where sale_id = s.id
    ) l on true
    where ${where}
    order by s.sold_at desc, s.id desc`;
}

/** The sales of client `clientId`, or made under `email` without a client, newest first. */
export async function listClientSales(
  db: Db | Tx,
  who: { clientId: number; email: string },
): Promise<SaleRecord[]> {
  const rows = (
    (await db.execute(
      selectSales(
        sql`(s.client_id = ${who.clientId} or (s.client_id is null and lower(s.customer_email) = ${who.email.toLowerCase()}))`,
      ),
    )) as unknown as { rows: SaleRow[] }
  ).rows;
  return rows.map(toSaleRecord);
}

/**
 * GET /api/sales (admin spec §7): every sale, or with `customerEmail` that person's
 * (case-insensitive), newest first; at most 500 without an email.
 */
export async function listSales(db: Db, customerEmail?: string): Promise<SaleRecord[]> {
  const where = customerEmail
    ? sql`lower(s.customer_email) = ${customerEmail.toLowerCase()}`
    : sql`true`;
  const query = customerEmail ? selectSales(where) : sql`${selectSales(where)} limit 500`;
  const rows = ((await db.execute(query)) as unknown as { rows: SaleRow[] }).rows;
  return rows.map(toSaleRecord);
}

/**
 * POST /api/sales from the customer dialog (admin spec §5 "Record sale"): one sale with one
 * line and, when it took money, one payment, linked to the client (found or created by email)
 * in one transaction. The total is unit price × quantity, computed here; a `totalAmount` that
 * differs is refused. Status defaults to completed. Audited.
 * @throws HttpError 400 when totalAmount is not unit price × quantity, or the total is too large.
 */
export async function recordSale(
  db: Db,
  admin: AdminIdentity,
  input: RecordSaleInput,
): Promise<SaleRecord> {
  const unitKobo = Math.round(input.unitPrice * 100);
  const totalKobo = unitKobo * input.quantity;
  if (input.totalAmount !== undefined && Math.round(input.totalAmount * 100) !== totalKobo) {
    throw new HttpError(400, "Total must be unit price times quantity", {
      totalAmount: "Total must be unit price times quantity",
    });
  }
  if (totalKobo > 2_147_483_647) {
    throw new HttpError(400, "Total is too large", { totalAmount: "Total is too large" });
  }
  const soldAt = input.saleDate ? new Date(input.saleDate) : new Date();
  const id = await db.transaction(async (tx) => {
    const clientId = await ensureClient(tx, {
      email: input.customerEmail,
      name: input.customerName,
      phone: input.customerPhone,
    });
    const [sale] = await tx
      .insert(sales)
      .values({
        clientId,
        customerName: input.customerName,
        customerEmail: input.customerEmail.toLowerCase(),
        customerPhone: input.customerPhone,
        subtotalKobo: totalKobo,
        totalKobo,
        paymentMethod: input.paymentMethod,
        status: input.status,
        notes: input.notes,
        soldAt,
        createdBy: admin.id,
      })
      .returning({ id: sales.id, saleNumber: sales.saleNumber });
    if (!sale) throw new Error("insert returned no row");
    await tx.insert(saleLines).values({
      saleId: sale.id,
      itemType: input.type,
      itemId: input.itemId ?? null,
      itemName: input.itemName,
      unitPriceKobo: unitKobo,
      quantity: input.quantity,
      lineTotalKobo: totalKobo,
    });
    if (totalKobo > 0) {
      await tx
        .insert(salePayments)
        .values({ saleId: sale.id, method: input.paymentMethod, amountKobo: totalKobo });
    }
    await recordAudit(tx, admin, {
      action: "sale.record",
      entity: "sale",
      entityId: sale.id,
      details: {
        saleNumber: sale.saleNumber,
        clientId,
        item: input.itemName,
        quantity: input.quantity,
        totalKobo,
        status: input.status,
      },
    });
    return sale.id;
  });
  const rows = (
    (await db.execute(selectSales(sql`s.id = ${id}`))) as unknown as { rows: SaleRow[] }
  ).rows;
  const row = rows[0];
  if (!row) throw new Error("sale vanished after insert");
  return toSaleRecord(row);
}
