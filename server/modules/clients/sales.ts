/**
 * A client's sales as the customer detail dialog reads and records them (admin spec §2 "Sales",
 * §3 "Sale record", §5 "Record sale", §7 GET/POST /api/sales), on the point of sale's tables
 * (`sales`, `sale_lines`, `sale_payments`). Money is kobo in the database and naira strings with
 * two decimals in the API. The till's own POST /api/pos/process-sale lives in the sales module.
 */

import { sql } from "drizzle-orm";
import type { ClientSale } from "#common/clients.ts";
import { koboToNairaText } from "#common/money.ts";
import type { Db, Tx } from "#server/db/client.ts";

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

/**
 * One record per sale: its first line's type, item and unit price; the item names of a
 * several-line till sale joined with ', ' and their quantities summed.
 */
function toClientSale(r: SaleRow): ClientSale {
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
    unitPrice: koboToNairaText(Number(r.unit_price_kobo ?? 0)),
    totalAmount: koboToNairaText(Number(r.total_kobo)),
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
): Promise<ClientSale[]> {
  const rows = (
    (await db.execute(
      selectSales(
        sql`(s.client_id = ${who.clientId} or (s.client_id is null and lower(s.customer_email) = ${who.email.toLowerCase()}))`,
      ),
    )) as unknown as { rows: SaleRow[] }
  ).rows;
  return rows.map(toClientSale);
}
