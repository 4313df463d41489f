/**
 * Reading sales as the till and its receipt show them (admin spec §3 "Sale", common/sales.ts
 * `SaleDetail`): lines, payments and refunds with the sale; money in naira, instants in UTC ISO.
 */

import { and, asc, desc, eq, getTableColumns, gte, inArray, lt } from "drizzle-orm";
import {
  type PaymentMethod,
  POS_DAY_SALES_LIMIT,
  type RefundKind,
  type SaleDetail,
  type SaleItemType,
  type SalePaymentMethod,
  type SaleStatus,
} from "#common/sales.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { adminUsers } from "#server/db/schema/access.ts";
import {
  saleLines,
  salePayments,
  saleRefundLines,
  saleRefunds,
  sales,
} from "#server/db/schema/sales.ts";
import { staff } from "#server/db/schema/staff.ts";
import { naira, tillDayRange } from "./shared.ts";

/** A sale as the detail reads it: its own columns, not the stored totals (decision 0235). */
type SaleRow = Omit<
  typeof sales.$inferSelect,
  "serviceQty" | "serviceKobo" | "productQty" | "productKobo" | "tipsKobo" | "paidByMethod"
> & { createdByName: string | null };

/**
 * The sales with `ids` as SaleDetail, in the order of `ids` (lines, payments and refunds in
 * four queries whatever the number of sales).
 */
export async function loadSales(db: Db | Tx, ids: number[]): Promise<SaleDetail[]> {
  if (ids.length === 0) return [];
  const rows: SaleRow[] = await db
    .select({ ...tableColumns(), createdByName: adminUsers.username })
    .from(sales)
    .leftJoin(adminUsers, eq(adminUsers.id, sales.createdBy))
    .where(inArray(sales.id, ids));
  const [lines, payments, refunds] = await Promise.all([
    db
      .select({
        ...getTableColumns(saleLines),
        staffFirstName: staff.firstName,
        staffLastName: staff.lastName,
      })
      .from(saleLines)
      .leftJoin(staff, eq(staff.id, saleLines.staffId))
      .where(inArray(saleLines.saleId, ids))
      .orderBy(asc(saleLines.id)),
    db
      .select()
      .from(salePayments)
      .where(inArray(salePayments.saleId, ids))
      .orderBy(asc(salePayments.id)),
    db
      .select()
      .from(saleRefunds)
      .where(inArray(saleRefunds.saleId, ids))
      .orderBy(asc(saleRefunds.id)),
  ]);
  const refundLines = refunds.length
    ? await db
        .select()
        .from(saleRefundLines)
        .where(
          inArray(
            saleRefundLines.refundId,
            refunds.map((r) => r.id),
          ),
        )
        .orderBy(asc(saleRefundLines.id))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      toSaleDetail(r, {
        lines: lines.filter((l) => l.saleId === id),
        payments: payments.filter((p) => p.saleId === id),
        refunds: refunds.filter((x) => x.saleId === id),
        refundLines,
      }),
    ];
  });
}

/** The rows that belong to one sale (refund lines may be those of several sales). */
type SaleParts = {
  lines: Array<
    typeof saleLines.$inferSelect & { staffFirstName: string | null; staffLastName: string | null }
  >;
  payments: (typeof salePayments.$inferSelect)[];
  refunds: (typeof saleRefunds.$inferSelect)[];
  refundLines: (typeof saleRefundLines.$inferSelect)[];
};

/** One sale's rows (kobo) as the API's SaleDetail (naira, UTC ISO instants). */
function toSaleDetail(r: SaleRow, parts: SaleParts): SaleDetail {
  const { lines, payments, refunds, refundLines } = parts;
  return {
    id: r.id,
    saleNumber: r.saleNumber,
    status: r.status as SaleStatus,
    soldAt: r.soldAt.toISOString(),
    customerName: r.customerName,
    customerEmail: r.customerEmail,
    customerPhone: r.customerPhone,
    clientId: r.clientId,
    paymentMethod: r.paymentMethod as SalePaymentMethod,
    subtotal: naira(r.subtotalKobo),
    surcharges: naira(r.surchargesKobo),
    surchargeLines: (r.surchargeLines ?? []).map((s) => ({
      surchargeId: s.surchargeId,
      name: s.name,
      amount: naira(s.amountKobo),
    })),
    discount: naira(r.discountKobo),
    total: naira(r.totalKobo),
    cashReceived: r.cashReceivedKobo === null ? null : naira(r.cashReceivedKobo),
    change: naira(r.changeKobo),
    tips: naira(payments.reduce((s, p) => s + p.tipKobo, 0)),
    refunded: naira(refunds.reduce((s, x) => s + x.amountKobo, 0)),
    lines: lines.map((l) => ({
      id: l.id,
      type: l.itemType as SaleItemType,
      itemId: l.itemId,
      name: l.itemName,
      unitPrice: naira(l.unitPriceKobo),
      quantity: l.quantity,
      refundedQuantity: l.refundedQuantity,
      lineTotal: naira(l.lineTotalKobo),
      staffId: l.staffId,
      staffName:
        l.staffId === null ? null : `${l.staffFirstName ?? ""} ${l.staffLastName ?? ""}`.trim(),
      appointmentId: l.appointmentId,
    })),
    payments: payments.map((p) => ({
      method: p.method as PaymentMethod,
      amount: naira(p.amountKobo),
      tip: naira(p.tipKobo),
      tipStaffId: p.tipStaffId,
      reference: p.reference,
      payer: p.payerName,
    })),
    refunds: refunds.map((x) => ({
      id: x.id,
      kind: x.kind as RefundKind,
      amount: naira(x.amountKobo),
      method: x.method as PaymentMethod,
      reason: x.reason,
      by: x.createdByName,
      createdAt: x.createdAt.toISOString(),
      lines: refundLines
        .filter((rl) => rl.refundId === x.id)
        .map((rl) => ({
          saleLineId: rl.saleLineId,
          quantity: rl.quantity,
          amount: naira(rl.amountKobo),
          surcharges: naira(rl.surchargesKobo),
          discount: naira(rl.discountKobo),
        })),
      surchargeLines: (x.surchargeLines ?? []).map((sl) => ({
        surchargeId: sl.surchargeId,
        name: sl.name,
        amount: naira(sl.amountKobo),
      })),
      discount: naira(x.discountKobo),
    })),
    appointmentId: r.appointmentId,
    createdBy: r.createdByName,
    offlineReceipt: r.offlineReceipt,
  };
}

function tableColumns() {
  return {
    id: sales.id,
    saleNumber: sales.saleNumber,
    clientId: sales.clientId,
    customerName: sales.customerName,
    customerEmail: sales.customerEmail,
    customerPhone: sales.customerPhone,
    subtotalKobo: sales.subtotalKobo,
    surchargesKobo: sales.surchargesKobo,
    discountKobo: sales.discountKobo,
    totalKobo: sales.totalKobo,
    cashReceivedKobo: sales.cashReceivedKobo,
    changeKobo: sales.changeKobo,
    paymentMethod: sales.paymentMethod,
    status: sales.status,
    notes: sales.notes,
    idempotencyKey: sales.idempotencyKey,
    offlineReceipt: sales.offlineReceipt,
    surchargeLines: sales.surchargeLines,
    appointmentId: sales.appointmentId,
    soldAt: sales.soldAt,
    createdBy: sales.createdBy,
    createdAt: sales.createdAt,
    updatedAt: sales.updatedAt,
  };
}

/** One sale by id, or null. */
export async function getSale(db: Db | Tx, id: number): Promise<SaleDetail | null> {
  return (await loadSales(db, [id]))[0] ?? null;
}

/** One sale by its number, or null. */
export async function getSaleByNumber(db: Db, saleNumber: number): Promise<SaleDetail | null> {
  const [row] = await db
    .select({ id: sales.id })
    .from(sales)
    .where(eq(sales.saleNumber, saleNumber));
  return row ? getSale(db, row.id) : null;
}

/** The sales rung up on a Lagos day, newest first (at most `limit`). */
export async function listDaySales(
  db: Db,
  date: string,
  limit = POS_DAY_SALES_LIMIT,
): Promise<SaleDetail[]> {
  const { from, to } = tillDayRange(date);
  const ids = await db
    .select({ id: sales.id })
    .from(sales)
    .where(and(gte(sales.soldAt, from), lt(sales.soldAt, to)))
    .orderBy(desc(sales.soldAt), desc(sales.id))
    .limit(limit);
  return loadSales(
    db,
    ids.map((r) => r.id),
  );
}
