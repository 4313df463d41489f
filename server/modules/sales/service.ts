/**
 * The point of sale (admin spec §2 "Point of sale", §3, §4, §5, §7, §9; issue 11): ringing up a
 * sale, surcharges, popular items, refunds and voids, the daily figures of a Lagos day and the
 * day close. Money is integer kobo inside and naira in every answer.
 *
 * The rules that keep every naira accounted for:
 * - The server prices every line from the catalogue, applies the active surcharges and the
 *   discount itself; figures the till sends (line prices, subtotal, total, change) are compared
 *   and a difference is a 409, never trusted.
 * - Payments must add up to the total; only cash may exceed it, and the excess is the change.
 * - A sale, its lines, its payments and the stock it takes are one transaction; products are
 *   locked in id order and stock never goes below zero (409 naming the product).
 * - An idempotency key (header `Idempotency-Key` or field `idempotencyKey`) records one sale
 *   however often it is sent: an advisory lock on the key serialises concurrent attempts and the
 *   unique index is the last word; a repeat answers the stored sale (`replayed: true`).
 * - Refunds and voids never delete: they are rows of their own, counted on the day they were
 *   given, and put products back in stock.
 */

import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, lt, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AdminIdentity } from "#common/auth.ts";
import { BUSINESS } from "#common/business.ts";
import { lagosDayStart } from "#common/calendar.ts";
import { formatNairaWithKobo, koboToNaira, koboToNairaText, nairaToKobo } from "#common/money.ts";
import { likePattern } from "#common/paging.ts";
import {
  type DailySales,
  type DayClose,
  lagosDateTime,
  MAX_SURCHARGE_BASIS_POINTS,
  OFFLINE_SALE_MAX_AGE_DAYS,
  type ParsedSaleInput,
  type PaymentMethod,
  POPULAR_ITEMS_DAYS,
  POPULAR_ITEMS_LIMIT,
  POS_DAY_SALES_LIMIT,
  POS_MESSAGES,
  type PopularItem,
  type PosCatalogItem,
  type PosClient,
  type ProcessSaleResult,
  type Receipt,
  type RefundKind,
  type recordSaleSchema,
  type SaleDetail,
  type SaleItemType,
  type SalePaymentMethod,
  type SaleRecord,
  type SaleStatus,
  type Surcharge,
  type SurchargePatch,
  type SurchargeType,
  saleFigures,
  TRANSACTION_TYPES,
  type TransactionRow,
} from "#common/sales.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { adminUsers } from "#server/db/schema/access.ts";
import { products, services } from "#server/db/schema/catalog.ts";
import { clients } from "#server/db/schema/clients.ts";
import { orderItems, orders } from "#server/db/schema/orders.ts";
import {
  saleDayCloses,
  saleLines,
  salePayments,
  saleRefundLines,
  saleRefunds,
  sales,
  surcharges,
} from "#server/db/schema/sales.ts";
import { SQL_STATE, sqlState } from "#server/db/sql-state.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { updateAppointment } from "#server/modules/calendar/service.ts";
import { ensureClient } from "#server/modules/clients/service.ts";
import { enqueueMessage, type MessageDeps } from "#server/modules/messages/service.ts";
import { type SentNow, sendNow } from "#server/modules/messages/worker.ts";

const DAY_MS = 86_400_000;
/** Advisory-lock namespace of idempotency keys (the calendar uses 710010). */
const IDEMPOTENCY_LOCK = 710011;
/** Shop orders that were paid and stand (admin spec §4 order statuses). */
const PAID_ORDER_STATUSES = ["processing", "shipped", "completed"];

const naira = (kobo: number | null | undefined): number => koboToNaira(Number(kobo ?? 0));
const num = (v: unknown): number => Number(v ?? 0);

/** The [from, to) UTC instants of a Lagos date; 404 for a date that is not one. */
export function lagosDayRange(date: string): { from: Date; to: Date } {
  const from = lagosDayStart(date);
  if (!from) throw new HttpError(404, "Enter the date as YYYY-MM-DD");
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

// ---------------------------------------------------------------------------------------------
// Reading sales

type SaleRow = typeof sales.$inferSelect & { createdByName: string | null };

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
    db.select().from(saleLines).where(inArray(saleLines.saleId, ids)).orderBy(asc(saleLines.id)),
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
    const saleRefundRows = refunds.filter((x) => x.saleId === id);
    const salePaymentRows = payments.filter((p) => p.saleId === id);
    return [
      {
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
        tips: naira(salePaymentRows.reduce((s, p) => s + p.tipKobo, 0)),
        refunded: naira(saleRefundRows.reduce((s, x) => s + x.amountKobo, 0)),
        lines: lines
          .filter((l) => l.saleId === id)
          .map((l) => ({
            id: l.id,
            type: l.itemType as SaleItemType,
            itemId: l.itemId,
            name: l.itemName,
            unitPrice: naira(l.unitPriceKobo),
            quantity: l.quantity,
            refundedQuantity: l.refundedQuantity,
            lineTotal: naira(l.lineTotalKobo),
          })),
        payments: salePaymentRows.map((p) => ({
          method: p.method as PaymentMethod,
          amount: naira(p.amountKobo),
          tip: naira(p.tipKobo),
        })),
        refunds: saleRefundRows.map((x) => ({
          id: x.id,
          kind: x.kind as RefundKind,
          amount: naira(x.amountKobo),
          method: x.method as PaymentMethod,
          reason: x.reason,
          by: x.createdByName,
          createdAt: x.createdAt.toISOString(),
          lines: refundLines
            .filter((rl) => rl.refundId === x.id)
            .map((rl) => ({ saleLineId: rl.saleLineId, quantity: rl.quantity })),
        })),
        appointmentId: r.appointmentId,
        createdBy: r.createdByName,
      },
    ];
  });
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
  const { from, to } = lagosDayRange(date);
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

// ---------------------------------------------------------------------------------------------
// Surcharges

function toSurcharge(r: typeof surcharges.$inferSelect): Surcharge {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    type: r.type as SurchargeType,
    // Basis points → percent (750 → 7.5); kobo → naira.
    amount: r.type === "percentage" ? r.amount / 100 : naira(r.amount),
    isActive: r.isActive,
  };
}

/** Stored amount of a surcharge: basis points for a percentage, kobo for a fixed amount. */
function storedAmount(type: SurchargeType, amount: number): number {
  return type === "percentage" ? Math.round(amount * 100) : nairaToKobo(amount);
}

/** GET /api/surcharges: every surcharge (active ones first, then by name), or only active ones. */
export async function listSurcharges(db: Db, activeOnly = false): Promise<Surcharge[]> {
  const rows = await db
    .select()
    .from(surcharges)
    .where(activeOnly ? eq(surcharges.isActive, true) : undefined)
    .orderBy(desc(surcharges.isActive), asc(surcharges.name), asc(surcharges.id));
  return rows.map(toSurcharge);
}

/** POST /api/surcharges (audited). Amount: percent (0–100) or naira. */
export async function createSurcharge(
  db: Db,
  admin: AdminIdentity,
  input: {
    name: string;
    description: string | null;
    type: SurchargeType;
    amount: number;
    isActive: boolean;
  },
): Promise<Surcharge> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(surcharges)
      .values({
        name: input.name,
        description: input.description,
        type: input.type,
        amount: storedAmount(input.type, input.amount),
        isActive: input.isActive,
      })
      .returning();
    if (!row) throw new Error("surcharge insert returned no row");
    await recordAudit(tx, admin, {
      action: "surcharge.create",
      entity: "surcharge",
      entityId: row.id,
      details: { ...input },
    });
    return toSurcharge(row);
  });
}

/**
 * PATCH /api/surcharges/{id}: edit or (de)activate (audited).
 * @throws HttpError 404 unknown id; 400 a percentage over 100.
 */
export async function updateSurcharge(
  db: Db,
  admin: AdminIdentity,
  id: number,
  patch: SurchargePatch,
): Promise<Surcharge> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(surcharges).where(eq(surcharges.id, id)).for("update");
    if (!row) throw new HttpError(404, "Surcharge not found");
    const type = (patch.type ?? row.type) as SurchargeType;
    const amount =
      patch.amount !== undefined
        ? storedAmount(type, patch.amount)
        : patch.type !== undefined && patch.type !== row.type
          ? null
          : row.amount;
    if (amount === null) {
      throw new HttpError(400, "Enter the amount for the new type", {
        amount: "Enter the amount for the new type",
      });
    }
    if (type === "percentage" && amount > MAX_SURCHARGE_BASIS_POINTS) {
      throw new HttpError(400, "A percentage surcharge must be between 0 and 100", {
        amount: "A percentage surcharge must be between 0 and 100",
      });
    }
    const [updated] = await tx
      .update(surcharges)
      .set({
        name: patch.name ?? row.name,
        description: patch.description !== undefined ? patch.description : row.description,
        type,
        amount,
        isActive: patch.isActive ?? row.isActive,
        updatedAt: new Date(),
      })
      .where(eq(surcharges.id, id))
      .returning();
    if (!updated) throw new HttpError(404, "Surcharge not found");
    await recordAudit(tx, admin, {
      action: "surcharge.update",
      entity: "surcharge",
      entityId: id,
      details: { ...patch, previous: toSurcharge(row) },
    });
    return toSurcharge(updated);
  });
}

// ---------------------------------------------------------------------------------------------
// Catalogue and popular items

/** The services and products the till's tabs list (by name); prices in naira. */
export async function posCatalog(
  db: Db,
): Promise<{ services: PosCatalogItem[]; products: PosCatalogItem[] }> {
  const [s, p] = await Promise.all([
    db
      .select({
        id: services.id,
        name: services.name,
        category: services.category,
        priceKobo: services.priceKobo,
      })
      .from(services)
      .orderBy(asc(services.name), asc(services.id)),
    db
      .select({
        id: products.id,
        name: products.name,
        category: products.category,
        priceKobo: products.priceKobo,
        stock: products.stock,
      })
      .from(products)
      .orderBy(asc(products.name), asc(products.id)),
  ]);
  return {
    services: s.map((r) => ({
      id: r.id,
      type: "service",
      name: r.name,
      category: r.category,
      price: r.priceKobo === null ? null : naira(r.priceKobo),
      stock: null,
    })),
    products: p.map((r) => ({
      id: r.id,
      type: "product",
      name: r.name,
      category: r.category,
      price: naira(r.priceKobo),
      stock: r.stock,
    })),
  };
}

/**
 * GET /api/popular-items (admin spec §2, §3, §9): the 12 items sold most (by units) in the last
 * 90 days of sales that were not voided, still in the catalogue, with the last price they sold
 * at; while the history holds fewer, the catalogue's first items (services, then products, by
 * id) fill the list.
 */
export async function popularItems(db: Db, now: Date = new Date()): Promise<PopularItem[]> {
  const since = new Date(now.getTime() - POPULAR_ITEMS_DAYS * DAY_MS);
  const sold = await db
    .select({
      itemType: saleLines.itemType,
      itemId: saleLines.itemId,
      qty: sql<number>`sum(${saleLines.quantity})`.mapWith(Number),
      lastPrice:
        sql<number>`(array_agg(${saleLines.unitPriceKobo} order by ${sales.soldAt} desc, ${saleLines.id} desc))[1]`.mapWith(
          Number,
        ),
      lastSold: sql<Date>`max(${sales.soldAt})`,
    })
    .from(saleLines)
    .innerJoin(sales, eq(sales.id, saleLines.saleId))
    .where(and(gte(sales.soldAt, since), ne(sales.status, "voided"), isNotNull(saleLines.itemId)))
    .groupBy(saleLines.itemType, saleLines.itemId)
    .orderBy(desc(sql`sum(${saleLines.quantity})`), desc(sql`max(${sales.soldAt})`))
    .limit(POPULAR_ITEMS_LIMIT * 2);
  const { services: svc, products: prd } = await posCatalog(db);
  const find = (type: string, id: number) =>
    (type === "service" ? svc : prd).find((i) => i.id === id);
  const out: PopularItem[] = [];
  for (const s of sold) {
    const item = find(s.itemType, s.itemId as number);
    if (!item || out.length >= POPULAR_ITEMS_LIMIT) continue;
    out.push({
      itemId: item.id,
      itemType: item.type,
      itemName: item.name,
      lastSoldPrice: naira(s.lastPrice),
      price: item.price,
      stock: item.stock,
      soldQuantity: s.qty,
    });
  }
  const byId = (a: PosCatalogItem, b: PosCatalogItem) => a.id - b.id;
  for (const item of [...[...svc].sort(byId), ...[...prd].sort(byId)]) {
    if (out.length >= POPULAR_ITEMS_LIMIT) break;
    if (item.price === null) continue;
    if (out.some((o) => o.itemType === item.type && o.itemId === item.id)) continue;
    out.push({
      itemId: item.id,
      itemType: item.type,
      itemName: item.name,
      lastSoldPrice: item.price,
      price: item.price,
      stock: item.stock,
      soldQuantity: 0,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Processing a sale

type PricedLine = {
  type: SaleItemType;
  itemId: number;
  name: string;
  unitKobo: number;
  quantity: number;
};

type Settlement = {
  payments: Array<{ method: PaymentMethod; amountKobo: number; tipKobo: number }>;
  cashReceivedKobo: number | null;
  changeKobo: number;
  paymentMethod: SalePaymentMethod;
};

const money = (kobo: number) => formatNairaWithKobo(koboToNaira(kobo));

/**
 * How the sale is paid (admin spec §4, §9). Cash: cash received ≥ total + tip, the rest is
 * change. Card or transfer: one payment of the total. Split: the parts must add up to the total;
 * only cash parts may exceed it (change), and only when cash is still due after the other parts.
 * @throws HttpError 400 for payments that do not add up.
 */
function settle(input: ParsedSaleInput, totalKobo: number): Settlement {
  const tipKobo = nairaToKobo(input.tipAmount);
  const single = (method: PaymentMethod) =>
    totalKobo + tipKobo > 0 && totalKobo > 0 ? [{ method, amountKobo: totalKobo, tipKobo }] : [];
  if (input.paymentMethod === "cash") {
    if (input.cashReceived === null || input.cashReceived === undefined) {
      throw new HttpError(400, "Enter the cash received", {
        cashReceived: "Enter the cash received",
      });
    }
    const received = nairaToKobo(input.cashReceived);
    const due = totalKobo + tipKobo;
    if (received < due) {
      const message = `Cash received (${money(received)}) is less than the total (${money(due)})`;
      throw new HttpError(400, message, { cashReceived: message });
    }
    return {
      payments: single("cash"),
      cashReceivedKobo: received,
      changeKobo: received - due,
      paymentMethod: "cash",
    };
  }
  if (input.paymentMethod !== "split") {
    return {
      payments: single(input.paymentMethod),
      cashReceivedKobo: null,
      changeKobo: 0,
      paymentMethod: input.paymentMethod,
    };
  }
  const parts = input.splitPayments.map((p, i) => ({
    method: p.method,
    amountKobo: nairaToKobo(p.amount),
    tipKobo: nairaToKobo(p.tip ?? 0) + (i === 0 ? tipKobo : 0),
  }));
  if (parts.length === 0) {
    throw new HttpError(400, "Add at least one payment", {
      splitPayments: "Add at least one payment",
    });
  }
  const cashIn = parts.filter((p) => p.method === "cash").reduce((s, p) => s + p.amountKobo, 0);
  const other = parts.filter((p) => p.method !== "cash").reduce((s, p) => s + p.amountKobo, 0);
  const sum = cashIn + other;
  const cashDue = totalKobo - other;
  const addsUp = cashIn === 0 ? other === totalKobo : cashDue > 0 && cashIn >= cashDue;
  if (!addsUp) {
    const message = `Payments add up to ${money(sum)} but the total is ${money(totalKobo)}`;
    throw new HttpError(400, message, { splitPayments: message });
  }
  const cashTips = parts.filter((p) => p.method === "cash").reduce((s, p) => s + p.tipKobo, 0);
  const payments: Settlement["payments"] = parts
    .filter((p) => p.method !== "cash")
    .map((p) => ({ ...p, method: p.method as PaymentMethod }));
  if (cashIn > 0) {
    // Cash tips are handed over on top of the cash part; change is what is left after both.
    if (cashIn < cashDue + cashTips) {
      const message = `Cash received (${money(cashIn)}) is less than the cash due (${money(cashDue + cashTips)})`;
      throw new HttpError(400, message, { splitPayments: message });
    }
    payments.unshift({ method: "cash", amountKobo: cashDue, tipKobo: cashTips });
  }
  return {
    payments,
    cashReceivedKobo: cashIn > 0 ? cashIn : null,
    changeKobo: cashIn > 0 ? cashIn - cashDue - cashTips : 0,
    paymentMethod: "split",
  };
}

/** When a sale is dated: now, or the offline till's time when it is within the last week. */
function saleInstant(soldAt: string | undefined, now: Date): Date {
  if (!soldAt) return now;
  const at = new Date(soldAt);
  const oldest = now.getTime() - OFFLINE_SALE_MAX_AGE_DAYS * DAY_MS;
  return at.getTime() > now.getTime() || at.getTime() < oldest ? now : at;
}

async function saleIdByKey(db: Db | Tx, key: string): Promise<number | null> {
  const [row] = await db.select({ id: sales.id }).from(sales).where(eq(sales.idempotencyKey, key));
  return row?.id ?? null;
}

/**
 * POST /api/pos/process-sale (admin spec §3 "Sale payload", §4, §5, §7): records one sale with
 * its lines and payments and takes the stock, in one transaction; then, for an appointment
 * checkout, marks the appointment completed (through the calendar).
 * @param headerKey the `Idempotency-Key` header, if sent (the body's `idempotencyKey` otherwise).
 * @returns the sale (`replayed: true` when the key had already recorded it).
 * @throws HttpError 400 bad payments, discount or surcharge; 409 a product short of stock (named),
 *   an item no longer sold, a price or total that differs from the server's, an inactive surcharge.
 */
export async function processSale(
  db: Db,
  admin: AdminIdentity,
  input: ParsedSaleInput,
  headerKey?: string,
): Promise<ProcessSaleResult> {
  try {
    return await recordSale(db, admin, input, headerKey);
  } catch (err) {
    // A refusal or a unique violation for a key another request has just recorded (the first
    // attempt of a double tap took the last unit, or won the insert): answer that sale.
    const key = headerKey ?? input.idempotencyKey;
    if (key && (err instanceof HttpError || sqlState(err) === SQL_STATE.uniqueViolation)) {
      const existing = await saleIdByKey(db, key);
      if (existing !== null) return replay(db, existing);
    }
    throw err;
  }
}

async function recordSale(
  db: Db,
  admin: AdminIdentity,
  input: ParsedSaleInput,
  headerKey?: string,
): Promise<ProcessSaleResult> {
  if (headerKey && input.idempotencyKey && headerKey !== input.idempotencyKey) {
    throw new HttpError(400, "The Idempotency-Key header and idempotencyKey field differ", {
      idempotencyKey: "The Idempotency-Key header and idempotencyKey field differ",
    });
  }
  const key = headerKey ?? input.idempotencyKey ?? null;
  if (key) {
    const existing = await saleIdByKey(db, key);
    if (existing !== null) return replay(db, existing);
  }

  const now = new Date();
  const soldAt = saleInstant(input.soldAt, now);
  const surchargeIds = [...new Set(input.appliedSurcharges)];
  const applied = surchargeIds.length
    ? await db.select().from(surcharges).where(inArray(surcharges.id, surchargeIds))
    : [];
  for (const id of surchargeIds) {
    const s = applied.find((a) => a.id === id);
    if (!s) {
      throw new HttpError(400, "Unknown surcharge", { appliedSurcharges: "Unknown surcharge" });
    }
    if (!s.isActive) {
      throw new HttpError(409, `The surcharge ${s.name} is no longer active`, {
        appliedSurcharges: `The surcharge ${s.name} is no longer active`,
      });
    }
  }

  const serviceIds = input.cart.filter((l) => l.type === "service").map((l) => l.id);
  const serviceRows = serviceIds.length
    ? await db
        .select({ id: services.id, name: services.name, priceKobo: services.priceKobo })
        .from(services)
        .where(inArray(services.id, serviceIds))
    : [];

  const productIds = [
    ...new Set(input.cart.filter((l) => l.type === "product").map((l) => l.id)),
  ].sort((a, b) => a - b);
  // Read without a lock: prices and a first stock check. The stock is taken at the end of the
  // transaction by a conditional UPDATE, so the product rows stay locked only until the commit.
  const productRows = productIds.length
    ? await db
        .select({
          id: products.id,
          name: products.name,
          priceKobo: products.priceKobo,
          stock: products.stock,
        })
        .from(products)
        .where(inArray(products.id, productIds))
        .orderBy(asc(products.id))
    : [];

  const priced: PricedLine[] = input.cart.map((line, i) => {
    const item =
      line.type === "service"
        ? serviceRows.find((s) => s.id === line.id)
        : productRows.find((p) => p.id === line.id);
    if (!item) {
      const message = `${line.name ?? "An item"} is no longer in the catalogue`;
      throw new HttpError(409, message, { [`cart.${i}.id`]: message });
    }
    if (item.priceKobo === null) {
      const message = `${item.name} has no set price and cannot be sold at the till`;
      throw new HttpError(409, message, { [`cart.${i}.id`]: message });
    }
    if (line.price !== undefined && nairaToKobo(line.price) !== item.priceKobo) {
      const message = `The price of ${item.name} is ${money(item.priceKobo)}, not ${money(nairaToKobo(line.price))}; please review the sale`;
      throw new HttpError(409, message, { [`cart.${i}.price`]: message });
    }
    return {
      type: line.type,
      itemId: item.id,
      name: item.name,
      unitKobo: item.priceKobo,
      quantity: line.quantity,
    };
  });

  for (const p of productRows) {
    const wanted = priced
      .filter((l) => l.type === "product" && l.itemId === p.id)
      .reduce((s, l) => s + l.quantity, 0);
    if (wanted > p.stock) {
      throw shortage(input, p);
    }
  }

  const figures = saleFigures(
    priced,
    surchargeIds.map((id) => {
      const s = applied.find((a) => a.id === id) as typeof surcharges.$inferSelect;
      return { id: s.id, name: s.name, type: s.type as SurchargeType, amount: s.amount };
    }),
    nairaToKobo(input.discountAmount),
  );
  if (figures.totalKobo < 0) {
    const message = "The discount cannot be more than the subtotal plus surcharges";
    throw new HttpError(400, message, { discountAmount: message });
  }
  if (input.subtotal !== undefined && nairaToKobo(input.subtotal) !== figures.subtotalKobo) {
    const message = `The subtotal is ${money(figures.subtotalKobo)}, not ${money(nairaToKobo(input.subtotal))}; please review the sale`;
    throw new HttpError(409, message, { subtotal: message });
  }
  if (input.totalAmount !== undefined && nairaToKobo(input.totalAmount) !== figures.totalKobo) {
    const message = `The total is ${money(figures.totalKobo)}, not ${money(nairaToKobo(input.totalAmount))}; please review the sale`;
    throw new HttpError(409, message, { totalAmount: message });
  }
  const settlement = settle(input, figures.totalKobo);
  if (
    settlement.paymentMethod === "cash" &&
    input.changeAmount !== undefined &&
    nairaToKobo(input.changeAmount) !== settlement.changeKobo
  ) {
    const message = `The change is ${money(settlement.changeKobo)}, not ${money(nairaToKobo(input.changeAmount))}`;
    throw new HttpError(409, message, { changeAmount: message });
  }

  const saleId = await db.transaction(async (tx) => {
    if (key) {
      await tx.execute(sql`select pg_advisory_xact_lock(${IDEMPOTENCY_LOCK}, hashtext(${key}))`);
      const existing = await saleIdByKey(tx, key);
      if (existing !== null) return -existing;
    }
    const clientId = await ensureClient(tx, {
      email: input.customerInfo.email,
      name: input.customerInfo.name,
      phone: input.customerInfo.phone,
    });
    const [sale] = await tx
      .insert(sales)
      .values({
        clientId,
        customerName: input.customerInfo.name,
        customerEmail: input.customerInfo.email.toLowerCase(),
        customerPhone: input.customerInfo.phone,
        subtotalKobo: figures.subtotalKobo,
        surchargesKobo: figures.surchargesKobo,
        discountKobo: figures.discountKobo,
        totalKobo: figures.totalKobo,
        cashReceivedKobo: settlement.cashReceivedKobo,
        changeKobo: settlement.changeKobo,
        paymentMethod: settlement.paymentMethod,
        status: "completed",
        notes: input.notes ?? null,
        idempotencyKey: key,
        surchargeLines: figures.surchargeLines.map((l) => {
          const s = applied.find((a) => a.id === l.surchargeId) as typeof surcharges.$inferSelect;
          return { ...l, type: s.type, rate: s.amount };
        }),
        soldAt,
        createdBy: admin.id,
      })
      .returning({ id: sales.id, saleNumber: sales.saleNumber });
    if (!sale) throw new Error("sale insert returned no row");
    await tx.insert(saleLines).values(
      priced.map((l) => ({
        saleId: sale.id,
        itemType: l.type,
        itemId: l.itemId,
        itemName: l.name,
        unitPriceKobo: l.unitKobo,
        quantity: l.quantity,
        lineTotalKobo: l.unitKobo * l.quantity,
      })),
    );
    if (settlement.payments.length) {
      await tx
        .insert(salePayments)
        .values(settlement.payments.map((p) => ({ saleId: sale.id, ...p })));
    }
    await recordAudit(tx, admin, {
      action: "sale.create",
      entity: "sale",
      entityId: sale.id,
      details: {
        saleNumber: sale.saleNumber,
        total: naira(figures.totalKobo),
        paymentMethod: settlement.paymentMethod,
      },
    });
    // Last, in id order (no deadlock between sales sharing products): take the stock only
    // while enough is left; otherwise the whole sale rolls back.
    for (const p of productRows) {
      const qty = priced
        .filter((l) => l.type === "product" && l.itemId === p.id)
        .reduce((sum, l) => sum + l.quantity, 0);
      const [taken] = await tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${qty}`, updatedAt: new Date() })
        .where(and(eq(products.id, p.id), gte(products.stock, qty)))
        .returning({ id: products.id });
      if (!taken) {
        const [now] = await tx
          .select({ stock: products.stock })
          .from(products)
          .where(eq(products.id, p.id));
        throw shortage(input, { ...p, stock: now?.stock ?? 0 });
      }
    }
    return sale.id;
  });
  if (saleId < 0) return replay(db, -saleId);

  let appointmentCompleted: boolean | null = null;
  if (input.appointmentId) {
    appointmentCompleted = await completeAppointment(db, admin, saleId, input.appointmentId);
  }
  const detail = await getSale(db, saleId);
  if (!detail) throw new Error("sale vanished after commit");
  return { ...detail, replayed: false, appointmentCompleted };
}

/** The 409 for a product short of stock, naming it (on the cart line's quantity). */
function shortage(input: ParsedSaleInput, p: { id: number; name: string; stock: number }) {
  const message =
    p.stock <= 0 ? `${p.name} is out of stock` : `Only ${p.stock} of ${p.name} left in stock`;
  const i = input.cart.findIndex((l) => l.type === "product" && l.id === p.id);
  return new HttpError(409, message, { [`cart.${i}.quantity`]: message });
}

async function replay(db: Db, id: number): Promise<ProcessSaleResult> {
  const detail = await getSale(db, id);
  if (!detail) throw new Error("replayed sale not found");
  return { ...detail, replayed: true, appointmentCompleted: null };
}

/**
 * Marks the checked-out appointment completed (calendar's PATCH rules; a waiting booking request
 * becomes a completed appointment) and links it to the sale. The sale stands whatever happens
 * here: a refusal (unknown appointment, a clash) is reported as false, not thrown.
 */
async function completeAppointment(
  db: Db,
  admin: AdminIdentity,
  saleId: number,
  ref: string,
): Promise<boolean> {
  try {
    const appointment = await updateAppointment(db, admin, ref, { status: "completed" });
    const id = Number(appointment.id);
    if (Number.isInteger(id)) {
      await db.update(sales).set({ appointmentId: id }).where(eq(sales.id, saleId));
    }
    return true;
  } catch (err) {
    if (err instanceof HttpError) return false;
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Refunds and voids

/**
 * POST /api/sales/{id}/refund and /void: gives money back and restocks products, in one
 * transaction with the sale locked. A refund takes `lines` (some units of some lines) or, without
 * them, everything left; its amount is the lines' value (the whole remaining total when nothing
 * is left afterwards, so surcharges and discounts come back too), never more than was paid and
 * not yet refunded. A void gives back the whole sale and marks it voided; it is refused once
 * part of the sale was refunded. The money goes back by `method`, else cash when the sale took
 * cash, else its first payment's method. Audited.
 * @throws HttpError 404 unknown sale; 400 unknown line; 409 nothing left to refund, too many
 *   units, a voided sale.
 */
export async function refundSale(
  db: Db,
  admin: AdminIdentity,
  saleId: number,
  kind: RefundKind,
  input: {
    reason: string;
    lines?: Array<{ lineId: number; quantity: number }>;
    method?: PaymentMethod;
  },
): Promise<SaleDetail> {
  await db.transaction(async (tx) => {
    const [sale] = await tx.select().from(sales).where(eq(sales.id, saleId)).for("update");
    if (!sale) throw new HttpError(404, "Sale not found");
    if (sale.status === "voided") {
      throw new HttpError(409, `Sale #${sale.saleNumber} was voided`);
    }
    const lines = await tx
      .select()
      .from(saleLines)
      .where(eq(saleLines.saleId, saleId))
      .orderBy(asc(saleLines.id));
    const [paid] = await tx
      .select({
        refunded: sql<number>`coalesce(sum(${saleRefunds.amountKobo}), 0)`.mapWith(Number),
      })
      .from(saleRefunds)
      .where(eq(saleRefunds.saleId, saleId));
    const alreadyRefunded = paid?.refunded ?? 0;
    if (kind === "void" && (alreadyRefunded > 0 || lines.some((l) => l.refundedQuantity > 0))) {
      throw new HttpError(
        409,
        `Sale #${sale.saleNumber} has refunds already; refund what is left instead`,
      );
    }
    const remaining = (l: (typeof lines)[number]) => l.quantity - l.refundedQuantity;
    const wanted =
      kind === "refund" && input.lines
        ? input.lines.map((w) => {
            const line = lines.find((l) => l.id === w.lineId);
            if (!line) {
              throw new HttpError(400, "Unknown sale line", { lines: "Unknown sale line" });
            }
            return { line, quantity: w.quantity };
          })
        : lines
            .filter((l) => remaining(l) > 0)
            .map((line) => ({ line, quantity: remaining(line) }));
    if (wanted.length === 0) {
      throw new HttpError(409, `Sale #${sale.saleNumber} is already fully refunded`);
    }
    const perLine = new Map<number, number>();
    for (const w of wanted) perLine.set(w.line.id, (perLine.get(w.line.id) ?? 0) + w.quantity);
    for (const [lineId, qty] of perLine) {
      const line = lines.find((l) => l.id === lineId) as (typeof lines)[number];
      if (qty > remaining(line)) {
        throw new HttpError(
          409,
          remaining(line) === 0
            ? `${line.itemName} was already refunded`
            : `Only ${remaining(line)} of ${line.itemName} can still be refunded`,
        );
      }
    }
    const nothingLeft = lines.every((l) => remaining(l) === (perLine.get(l.id) ?? 0));
    const left = sale.totalKobo - alreadyRefunded;
    const value = [...perLine].reduce((s, [lineId, qty]) => {
      const line = lines.find((l) => l.id === lineId) as (typeof lines)[number];
      return s + line.unitPriceKobo * qty;
    }, 0);
    const amount = nothingLeft ? left : Math.min(value, left);
    const payments = await tx
      .select({ method: salePayments.method })
      .from(salePayments)
      .where(eq(salePayments.saleId, saleId))
      .orderBy(asc(salePayments.id));
    const method: PaymentMethod =
      input.method ??
      (payments.some((p) => p.method === "cash")
        ? "cash"
        : ((payments[0]?.method as PaymentMethod | undefined) ?? "cash"));
    const [refund] = await tx
      .insert(saleRefunds)
      .values({
        saleId,
        kind,
        amountKobo: amount,
        method,
        reason: input.reason,
        createdBy: admin.id,
        createdByName: admin.username,
      })
      .returning({ id: saleRefunds.id });
    if (!refund) throw new Error("refund insert returned no row");
    await tx.insert(saleRefundLines).values(
      [...perLine].map(([lineId, qty]) => {
        const line = lines.find((l) => l.id === lineId) as (typeof lines)[number];
        return {
          refundId: refund.id,
          saleLineId: lineId,
          itemType: line.itemType,
          quantity: qty,
          amountKobo: line.unitPriceKobo * qty,
        };
      }),
    );
    for (const [lineId, qty] of perLine) {
      const line = lines.find((l) => l.id === lineId) as (typeof lines)[number];
      await tx
        .update(saleLines)
        .set({ refundedQuantity: sql`${saleLines.refundedQuantity} + ${qty}` })
        .where(eq(saleLines.id, lineId));
      if (line.itemType === "product" && line.itemId !== null) {
        // A product deleted since is simply not restocked (no row to update).
        await tx
          .update(products)
          .set({ stock: sql`${products.stock} + ${qty}`, updatedAt: new Date() })
          .where(eq(products.id, line.itemId));
      }
    }
    const status: SaleStatus = kind === "void" ? "voided" : nothingLeft ? "refunded" : "completed";
    await tx.update(sales).set({ status, updatedAt: new Date() }).where(eq(sales.id, saleId));
    await recordAudit(tx, admin, {
      action: kind === "void" ? "sale.void" : "sale.refund",
      entity: "sale",
      entityId: saleId,
      details: {
        saleNumber: sale.saleNumber,
        amount: naira(amount),
        method,
        reason: input.reason,
        lines: [...perLine].map(([lineId, quantity]) => ({ lineId, quantity })),
      },
    });
  });
  const detail = await getSale(db, saleId);
  if (!detail) throw new HttpError(404, "Sale not found");
  return detail;
}

// ---------------------------------------------------------------------------------------------
// Daily sales and the day close

/**
 * GET /api/sales/daily/{date} (admin spec §3 "Daily sales response", §9): the Lagos day's POS
 * sales (every status: a refund or void is its own row on the day it was given) and paid shop
 * orders. Transaction summary: Services and Products (POS lines; products also the shop's order
 * lines), Shipping (orders with shipping), Gift cards, Memberships, Late cancellation fees and
 * No-show fees (not sold yet: 0), Refund amount (negative); refund qty are units given back that
 * day. Cash movement: collected (payments, tips included) and refunds by cash, other (card,
 * transfer, online, shop orders) and gift cards. Naira.
 * @throws HttpError 404 for a date that is not 'YYYY-MM-DD'.
 */
export async function dailySales(db: Db, date: string): Promise<DailySales> {
  const { from, to } = lagosDayRange(date);
  const onDay = and(gte(sales.soldAt, from), lt(sales.soldAt, to));
  const refundOnDay = and(gte(saleRefunds.createdAt, from), lt(saleRefunds.createdAt, to));
  const paidOnDay = and(
    gte(orders.paidAt, from),
    lt(orders.paidAt, to),
    inArray(orders.status, PAID_ORDER_STATUSES),
  );
  const [lineSums, saleSums, paymentSums, refundSums, refundQty, orderSums, orderQty, close] =
    await Promise.all([
      db
        .select({
          type: saleLines.itemType,
          qty: sql<number>`coalesce(sum(${saleLines.quantity}), 0)`.mapWith(Number),
          gross: sql<number>`coalesce(sum(${saleLines.lineTotalKobo}), 0)`.mapWith(Number),
        })
        .from(saleLines)
        .innerJoin(sales, eq(sales.id, saleLines.saleId))
        .where(onDay)
        .groupBy(saleLines.itemType),
      db
        .select({
          count: sql<number>`count(*)`.mapWith(Number),
          surcharges: sql<number>`coalesce(sum(${sales.surchargesKobo}), 0)`.mapWith(Number),
          discounts: sql<number>`coalesce(sum(${sales.discountKobo}), 0)`.mapWith(Number),
        })
        .from(sales)
        .where(onDay),
      db
        .select({
          method: salePayments.method,
          amount: sql<number>`coalesce(sum(${salePayments.amountKobo}), 0)`.mapWith(Number),
          tips: sql<number>`coalesce(sum(${salePayments.tipKobo}), 0)`.mapWith(Number),
        })
        .from(salePayments)
        .innerJoin(sales, eq(sales.id, salePayments.saleId))
        .where(onDay)
        .groupBy(salePayments.method),
      db
        .select({
          method: saleRefunds.method,
          amount: sql<number>`coalesce(sum(${saleRefunds.amountKobo}), 0)`.mapWith(Number),
        })
        .from(saleRefunds)
        .where(refundOnDay)
        .groupBy(saleRefunds.method),
      db
        .select({
          type: saleRefundLines.itemType,
          qty: sql<number>`coalesce(sum(${saleRefundLines.quantity}), 0)`.mapWith(Number),
        })
        .from(saleRefundLines)
        .innerJoin(saleRefunds, eq(saleRefunds.id, saleRefundLines.refundId))
        .where(refundOnDay)
        .groupBy(saleRefundLines.itemType),
      db
        .select({
          count: sql<number>`count(*)`.mapWith(Number),
          shipped: sql<number>`count(*) filter (where ${orders.shippingKobo} > 0)`.mapWith(Number),
          subtotal: sql<number>`coalesce(sum(${orders.subtotalKobo}), 0)`.mapWith(Number),
          shipping: sql<number>`coalesce(sum(${orders.shippingKobo}), 0)`.mapWith(Number),
          total: sql<number>`coalesce(sum(${orders.totalKobo}), 0)`.mapWith(Number),
        })
        .from(orders)
        .where(paidOnDay),
      db
        .select({
          qty: sql<number>`coalesce(sum(${orderItems.quantity}), 0)`.mapWith(Number),
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(paidOnDay),
      getDayClose(db, date),
    ]);

  const line = (type: string) => lineSums.find((l) => l.type === type) ?? { qty: 0, gross: 0 };
  const refunded = (type: string) => refundQty.find((r) => r.type === type)?.qty ?? 0;
  const order = orderSums[0] ?? { count: 0, shipped: 0, subtotal: 0, shipping: 0, total: 0 };
  const refundTotal = refundSums.reduce((s, r) => s + r.amount, 0);
  const kobo: Record<(typeof TRANSACTION_TYPES)[number], [number, number, number]> = {
    Services: [line("service").qty, refunded("service"), line("service").gross],
    Products: [
      line("product").qty + (orderQty[0]?.qty ?? 0),
      refunded("product"),
      line("product").gross + order.subtotal,
    ],
    Shipping: [order.shipped, 0, order.shipping],
    "Gift cards": [0, 0, 0],
    Memberships: [0, 0, 0],
    "Late cancellation fees": [0, 0, 0],
    "No-show fees": [0, 0, 0],
    "Refund amount": [0, 0, -refundTotal],
  };
  const transactionSummary: TransactionRow[] = TRANSACTION_TYPES.map((type) => ({
    type,
    salesQty: kobo[type][0],
    refundQty: kobo[type][1],
    grossTotal: naira(kobo[type][2]),
  }));
  const totalsKobo = TRANSACTION_TYPES.reduce<[number, number, number]>(
    (t, type) => [t[0] + kobo[type][0], t[1] + kobo[type][1], t[2] + kobo[type][2]],
    [0, 0, 0],
  );

  const collected = (methods: string[]) =>
    paymentSums
      .filter((p) => methods.includes(p.method))
      .reduce((s, p) => s + p.amount + p.tips, 0);
  const refundsBy = (methods: string[]) =>
    refundSums.filter((r) => methods.includes(r.method)).reduce((s, r) => s + r.amount, 0);
  const OTHER = ["card", "transfer", "online"];
  const cash = { collected: collected(["cash"]), refunds: refundsBy(["cash"]) };
  const other = { collected: collected(OTHER) + order.total, refunds: refundsBy(OTHER) };
  const giftCards = { collected: collected(["gift_card"]), refunds: refundsBy(["gift_card"]) };
  const tips = paymentSums.reduce((s, p) => s + p.tips, 0);
  const toNaira = (r: { collected: number; refunds: number }) => ({
    collected: naira(r.collected),
    refunds: naira(r.refunds),
  });
  return {
    date,
    transactionSummary,
    totals: {
      salesQty: totalsKobo[0],
      refundQty: totalsKobo[1],
      grossTotal: naira(totalsKobo[2]),
    },
    cashMovement: {
      cash: toNaira(cash),
      other: toNaira(other),
      giftCards: toNaira(giftCards),
      totalCollected: naira(cash.collected + other.collected + giftCards.collected),
      totalRefunds: naira(refundTotal),
      tips: naira(tips),
    },
    adjustments: {
      surcharges: naira(saleSums[0]?.surcharges ?? 0),
      discounts: naira(saleSums[0]?.discounts ?? 0),
    },
    saleCount: num(saleSums[0]?.count),
    orderCount: num(order.count),
    expectedCash: naira(cash.collected - cash.refunds),
    close,
  };
}

async function getDayClose(db: Db | Tx, date: string): Promise<DayClose | null> {
  const [row] = await db.select().from(saleDayCloses).where(eq(saleDayCloses.businessDate, date));
  if (!row) return null;
  return {
    date,
    expectedCash: naira(row.expectedCashKobo),
    countedCash: naira(row.countedCashKobo),
    difference: naira(row.countedCashKobo - row.expectedCashKobo),
    notes: row.notes,
    closedBy: row.closedByName,
    closedAt: row.closedAt.toISOString(),
  };
}

/**
 * POST /api/sales/daily/{date}/close: records the cash the front desk counted for a Lagos day
 * against the cash the day's figures expect (cash collected − cash refunds) at that moment, with
 * who and when. Written once: a closed day cannot be closed again or edited. Audited.
 * @throws HttpError 404 bad date; 400 a day that has not started; 409 already closed.
 */
export async function closeDay(
  db: Db,
  admin: AdminIdentity,
  date: string,
  input: { countedCash: number; notes: string | null },
  now: Date = new Date(),
): Promise<DayClose> {
  const { from } = lagosDayRange(date);
  if (from.getTime() > now.getTime()) {
    throw new HttpError(400, "A day can be closed only once it has started");
  }
  const daily = await dailySales(db, date);
  const expected = nairaToKobo(daily.expectedCash);
  const counted = nairaToKobo(input.countedCash);
  try {
    await db.transaction(async (tx) => {
      await tx.insert(saleDayCloses).values({
        businessDate: date,
        expectedCashKobo: expected,
        countedCashKobo: counted,
        notes: input.notes,
        closedBy: admin.id,
        closedByName: admin.username,
        closedAt: now,
      });
      await recordAudit(tx, admin, {
        action: "sales.day-close",
        entity: "sales-day",
        entityId: date,
        details: {
          expectedCash: naira(expected),
          countedCash: naira(counted),
          difference: naira(counted - expected),
        },
      });
    });
  } catch (err) {
    if (sqlState(err) === SQL_STATE.uniqueViolation) {
      throw new HttpError(409, "This day is already closed");
    }
    throw err;
  }
  return (await getDayClose(db, date)) as DayClose;
}

/** The CSV rows of a day: the two tables of the screen, amounts with 2 decimals. */
export function dailyCsvRows(daily: DailySales, dayLabel: string): string[][] {
  const amount = (n: number) => n.toFixed(2);
  const m = daily.cashMovement;
  return [
    ["Daily sales", dayLabel],
    [],
    ["Transaction summary"],
    ["Item type", "Sales qty", "Refund qty", "Gross total"],
    ...daily.transactionSummary.map((r) => [
      r.type,
      String(r.salesQty),
      String(r.refundQty),
      amount(r.grossTotal),
    ]),
    [
      "Total",
      String(daily.totals.salesQty),
      String(daily.totals.refundQty),
      amount(daily.totals.grossTotal),
    ],
    [],
    ["Cash movement summary"],
    ["Payment type", "Payments collected", "Refunds paid"],
    ["Cash", amount(m.cash.collected), amount(m.cash.refunds)],
    ["Other", amount(m.other.collected), amount(m.other.refunds)],
    ["Gift cards", amount(m.giftCards.collected), amount(m.giftCards.refunds)],
    ["Total", amount(m.totalCollected), amount(m.totalRefunds)],
    ["Of which tips", amount(m.tips), ""],
  ];
}

// ---------------------------------------------------------------------------------------------
// Receipts

/** The printable receipt of sale number `saleNumber`, or null. */
export async function receiptOf(db: Db, saleNumber: number): Promise<Receipt | null> {
  const sale = await getSaleByNumber(db, saleNumber);
  if (!sale) return null;
  return {
    sale,
    clinic: {
      name: BUSINESS.name,
      address: BUSINESS.address,
      phone: BUSINESS.phone,
      email: BUSINESS.email,
    },
  };
}

/** The text of a receipt, for the email (Lagos date and time, naira with 2 decimals). */
export function receiptText(receipt: Receipt, when: string): string {
  const s = receipt.sale;
  const n = (v: number) => formatNairaWithKobo(v);
  return [
    receipt.clinic.name,
    receipt.clinic.address,
    "",
    `Sale #${s.saleNumber}`,
    when,
    "",
    ...s.lines.map((l) => `${l.quantity} × ${l.name} @ ${n(l.unitPrice)} = ${n(l.lineTotal)}`),
    "",
    `Subtotal: ${n(s.subtotal)}`,
    ...s.surchargeLines.map((x) => `${x.name}: ${n(x.amount)}`),
    ...(s.discount > 0 ? [`Discount: -${n(s.discount)}`] : []),
    `Total: ${n(s.total)}`,
    ...s.payments.map(
      (p) => `Paid (${p.method}): ${n(p.amount)}${p.tip > 0 ? ` + tip ${n(p.tip)}` : ""}`,
    ),
    ...(s.cashReceived !== null ? [`Cash received: ${n(s.cashReceived)}`] : []),
    `Change: ${n(s.change)}`,
    ...(s.refunded > 0 ? [`Refunded: -${n(s.refunded)}`] : []),
    "",
    `Thank you for visiting ${receipt.clinic.name}.`,
  ].join("\n");
}

/**
 * POST /api/sales/{id}/email-receipt: the receipt to `to` (default the sale's customer email)
 * through the outbox (enqueued, then sent by the messages worker, whose outcome it waits for:
 * 'stored' without SMTP, 'sent' or 'failed'). Each call is one more email. Audited.
 * @throws HttpError 404 unknown sale; 400 no address to send to.
 */
export async function emailReceipt(
  deps: MessageDeps,
  admin: AdminIdentity,
  saleId: number,
  to?: string,
): Promise<{ to: string; status: SentNow }> {
  const sale = await getSale(deps.db, saleId);
  if (!sale) throw new HttpError(404, "Sale not found");
  const address = to ?? sale.customerEmail;
  if (!address) {
    throw new HttpError(400, POS_MESSAGES.customerEmail, { email: POS_MESSAGES.customerEmail });
  }
  const receipt = (await receiptOf(deps.db, sale.saleNumber)) as Receipt;
  const queued = await enqueueMessage(deps.db, {
    event: `sale-receipt:${saleId}:${randomUUID()}`,
    channel: "email",
    template: "sale-receipt",
    to: address,
    subject: `Your receipt from ${BUSINESS.shortName} – sale #${sale.saleNumber}`,
    text: receiptText(receipt, lagosDateTime(sale.soldAt)),
  });
  if (!queued) throw new Error("a new receipt email was already queued");
  await recordAudit(deps.db, admin, {
    action: "sale.email-receipt",
    entity: "sale",
    entityId: saleId,
    details: { saleNumber: sale.saleNumber, to: address, outboxId: queued.id },
  });
  return { to: address, status: await sendNow(deps.db, queued.id) };
}

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

/**
 * GET /api/pos/clients?q=: clients whose name, email or phone contain `q` (case-insensitive),
 * for the Complete Sale dialog's customer search; at most 8, by name. Read straight from the
 * clients table (the clients area owns its writes).
 */
export async function searchPosClients(db: Db, q: string): Promise<PosClient[]> {
  const text = q.trim();
  if (text.length < 2) return [];
  const pattern = likePattern(text);
  const rows = await db
    .select({
      id: clients.id,
      firstName: clients.firstName,
      lastName: clients.lastName,
      email: clients.email,
      phone: clients.phone,
    })
    .from(clients)
    .where(
      or(
        ilike(sql`${clients.firstName} || ' ' || ${clients.lastName}`, pattern),
        ilike(clients.email, pattern),
        ilike(clients.phone, pattern),
      ),
    )
    .orderBy(asc(clients.firstName), asc(clients.lastName), asc(clients.id))
    .limit(8);
  return rows.map((r) => ({
    id: r.id,
    name: `${r.firstName} ${r.lastName}`.trim(),
    email: r.email,
    phone: r.phone,
  }));
}

/**
 * POST /api/sales (admin spec §5 "Record sale", §7): one item sold from the customer dialog,
 * recorded like a till sale (priced by the server, stock taken, client linked, audited) and paid
 * in full by `paymentMethod` (cash without change). Answers the spec's sale record.
 * @throws HttpError as processSale: 409 a price or total that differs, short stock, unknown item.
 */
export async function recordCustomerSale(
  db: Db,
  admin: AdminIdentity,
  input: z.output<typeof recordSaleSchema>,
): Promise<SaleRecord> {
  const table = input.type === "service" ? services : products;
  const [item] = await db
    .select({ priceKobo: table.priceKobo })
    .from(table)
    .where(eq(table.id, input.itemId));
  const total =
    input.totalAmount ??
    (input.unitPrice !== undefined
      ? koboToNaira(nairaToKobo(input.unitPrice) * input.quantity)
      : item?.priceKobo != null
        ? koboToNaira(item.priceKobo * input.quantity)
        : undefined);
  const sale = await processSale(db, admin, {
    cart: [
      {
        id: input.itemId,
        type: input.type,
        name: input.itemName,
        price: input.unitPrice,
        quantity: input.quantity,
      },
    ],
    customerInfo: {
      name: input.customerName,
      email: input.customerEmail,
      phone: input.customerPhone,
    },
    appliedSurcharges: [],
    discountAmount: 0,
    splitPayments: [],
    // 'online' (a payment the shop took) is booked like card: one payment of the total.
    paymentMethod: input.paymentMethod as ParsedSaleInput["paymentMethod"],
    totalAmount: total,
    cashReceived: input.paymentMethod === "cash" ? (total ?? 0) : null,
    tipAmount: 0,
    notes: input.notes,
    soldAt: input.saleDate,
  });
  const [record] = await listSaleRecords(db, { saleId: sale.id });
  if (!record) throw new Error("recorded sale has no line");
  return record;
}
