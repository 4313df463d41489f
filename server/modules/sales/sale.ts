/**
 * Ringing up a sale (admin spec §2 "Point of sale", §3 "Sale payload", §4, §5, §7; issue 11):
 * POST /api/pos/process-sale and the customer dialog's POST /api/sales. Money is integer kobo
 * inside and naira in every answer.
 *
 * The rules that keep every naira accounted for:
 * - The server prices every line from the catalogue, applies the active surcharges and the
 *   discount itself; figures the till sends (line prices, subtotal, total, change) are compared
 *   and a difference is a 409, never trusted.
 * - Payments must add up to the total (settlement.ts); only cash may exceed it, and the excess
 *   is the change. A sale that checks out a visit credits the visit's paid booking deposits
 *   first, as 'deposit' payments with their references, up to the total (issue 32; decision
 *   0296); the till's payments settle what is left. Each deposit is marked applied in the
 *   sale's transaction, once (bookings/deposit-settle.ts `applyDeposit`).
 * - A sale, its lines, its payments and the stock it takes are one transaction; the stock is
 *   taken by catalog/stock.ts `takeStock` (products locked in id order, units held by pending
 *   checkouts honoured, never below zero: 409 naming the product).
 * - A sale taken offline (it carries the receipt number its device printed, `offlineReceipt`) is
 *   never refused for stock when it syncs (issue 35; decision 0314): the stock is taken down to
 *   0 and each short product is flagged for the manager (`stock_oversells`, audited
 *   'sale.oversell'). A sale rung up online keeps the 409.
 * - An idempotency key (header `Idempotency-Key` or field `idempotencyKey`) records one sale
 *   however often it is sent: an advisory lock on the key serialises concurrent attempts and the
 *   unique index is the last word; a repeat answers the stored sale (`replayed: true`).
 */

import { eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AdminIdentity } from "#common/auth.ts";
import type { ConsultationOverrideInput } from "#common/consultation.ts";
import { depositCredits } from "#common/deposits.ts";
import { lagosDate } from "#common/lagos-time.ts";
import { koboToNaira, nairaToKobo } from "#common/money.ts";
import { receiptPrefixIdOf } from "#common/offline.ts";
import {
  OFFLINE_SALE_MAX_AGE_DAYS,
  type ParsedSaleInput,
  type ProcessSaleResult,
  type recordSaleSchema,
  type SaleItemType,
  type SaleRecord,
  type SurchargeType,
  saleFigures,
} from "#common/sales.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { products, services } from "#server/db/schema/catalog.ts";
import {
  receiptPrefixes,
  saleLines,
  salePayments,
  sales,
  stockOversells,
  surcharges,
} from "#server/db/schema/sales.ts";
import { SQL_STATE, sqlState } from "#server/db/sql-state.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import {
  appliedDeposits,
  applyDeposit,
  type CreditableDeposit,
  creditableDeposits,
} from "#server/modules/bookings/deposit-settle.ts";
import { updateAppointment } from "#server/modules/calendar/appointments.ts";
import {
  availableUnits,
  type StockOversold,
  takeStock,
  takeStockOffline,
} from "#server/modules/catalog/stock.ts";
import { clientExists } from "#server/modules/clients/service.ts";
import {
  assertConsultationOnRecord,
  type ConsultationOverride,
  consultationOverride,
} from "#server/modules/consultation/service.ts";
import { enforceConsentGate } from "#server/modules/forms/gate.ts";
import { enforceHealthCheck } from "#server/modules/health/check.ts";
import { assertDayOpen } from "./day-lock.ts";
import { creditLines, type LineCredit } from "./line-credit.ts";
import { listSaleRecords } from "./records.ts";
import { saleClient } from "./sale-client.ts";
import { getSale } from "./sale-detail.ts";
import { type SettledPayment, type Settlement, settle } from "./settlement.ts";
import { DAY_MS, money, naira } from "./shared.ts";
import { addSaleToDay, storedTotalsOf } from "./stored-totals.ts";
import { appointmentPrices, completeVisit } from "./visit-checkout.ts";

/** Advisory-lock namespace of idempotency keys (the calendar uses 710010). */
const IDEMPOTENCY_LOCK = 710011;

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
 * @throws HttpError 400 bad payments, discount or surcharge, a sale dated on a closed day; 409 a
 *   product short of stock (named; not for a sale taken offline, which is flagged instead), an
 *   offline receipt number already on another sale,
 *   an item no longer sold, a price or total that differs from the server's, an inactive surcharge,
 *   a deposit credit that differs or a deposit credited by another sale meanwhile.
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
    // Two sales with one offline receipt at once: the unique index refused the second.
    if (input.offlineReceipt && sqlState(err) === SQL_STATE.uniqueViolation) {
      throw receiptTaken(input.offlineReceipt);
    }
    throw err;
  }
}

/**
 * One priced cart line: the catalogue's name, category and price (kobo; an appointment's own
 * price when the line checks one out), the till's quantity, and the appointment it checks out.
 */
type PricedLine = {
  type: SaleItemType;
  itemId: number;
  name: string;
  category: string;
  unitKobo: number;
  quantity: number;
  appointmentId: number | null;
};

type SurchargeRow = typeof surcharges.$inferSelect;

/** Everything a sale's rows are written from, checked before the transaction opens. */
type CheckedSale = {
  key: string | null;
  soldAt: Date;
  /** The applied surcharges in the order the till sent them (duplicates dropped). */
  applied: SurchargeRow[];
  priced: PricedLine[];
  figures: ReturnType<typeof saleFigures>;
  settlement: Settlement;
  /** Each line's member and commission rate (in cart order), and the tip's member. */
  credit: { lines: LineCredit[]; tipStaffId: number | null };
  /** The client on file the till picked (checked), or null: found or made by email. */
  clientId: number | null;
  /** A clinician's override of the consultation requirement (decision 0225). */
  consultation: ConsultationOverride;
  /** The service of the appointment the sale-level `appointmentId` checks out, if stored. */
  visitServiceId: number | null;
  /** The visit's paid deposits the sale credits, each with its credit (kobo, > 0). */
  deposits: Array<CreditableDeposit & { creditKobo: number }>;
};

/** The sale's idempotency key: the header's or the body's (400 when both are sent and differ). */
function idempotencyKeyOf(input: ParsedSaleInput, headerKey?: string): string | null {
  if (headerKey && input.idempotencyKey && headerKey !== input.idempotencyKey) {
    throw new HttpError(400, "The Idempotency-Key header and idempotencyKey field differ", {
      idempotencyKey: "The Idempotency-Key header and idempotencyKey field differ",
    });
  }
  return headerKey ?? input.idempotencyKey ?? null;
}

async function recordSale(
  db: Db,
  admin: AdminIdentity,
  input: ParsedSaleInput,
  headerKey?: string,
): Promise<ProcessSaleResult> {
  const key = idempotencyKeyOf(input, headerKey);
  if (key) {
    const existing = await saleIdByKey(db, key);
    if (existing !== null) return replay(db, existing);
  }
  const consultation = consultationOverride(admin, input);
  const checked = { ...(await checkSale(db, input, key)), consultation };
  const saleId = await db.transaction((tx) => writeSale(tx, admin, input, checked));
  if (saleId < 0) return replay(db, -saleId);

  let appointmentCompleted: boolean | null = null;
  if (checked.priced.some((l) => l.appointmentId !== null)) {
    appointmentCompleted = true;
  } else if (input.appointmentId) {
    // A till that names no appointment on its lines: the sale-level link of issue 11.
    appointmentCompleted = await completeAppointment(db, admin, saleId, input.appointmentId, {
      overrideConsultation: input.overrideConsultation,
      consultationOverrideReason: input.consultationOverrideReason,
    });
  }
  const detail = await getSale(db, saleId);
  if (!detail) throw new Error("sale vanished after commit");
  return { ...detail, replayed: false, appointmentCompleted };
}

/**
 * Reads and checks a sale before anything is written: surcharges, prices, a first stock check,
 * the figures and the payments.
 * @throws HttpError as processSale.
 */
async function checkSale(db: Db, input: ParsedSaleInput, key: string | null): Promise<CheckedSale> {
  const soldAt = saleInstant(input.soldAt, new Date());
  const applied = await appliedSurcharges(db, input.appliedSurcharges);
  const priced = await priceCart(db, input);
  const figures = saleFigures(
    priced,
    applied.map((s) => ({
      id: s.id,
      name: s.name,
      type: s.type as SurchargeType,
      amount: s.amount,
    })),
    nairaToKobo(input.discountAmount),
  );
  checkFigures(input, figures);
  const deposits = await visitDeposits(db, input, priced, figures.totalKobo);
  const settlement = settleWithDeposits(input, figures.totalKobo, deposits);
  if (
    settlement.paymentMethod === "cash" &&
    input.changeAmount !== undefined &&
    nairaToKobo(input.changeAmount) !== settlement.changeKobo
  ) {
    const message = `The change is ${money(settlement.changeKobo)}, not ${money(nairaToKobo(input.changeAmount))}`;
    throw new HttpError(409, message, { changeAmount: message });
  }
  const credit = await creditLines(db, input, priced);
  const clientId = input.clientId ?? null;
  if (clientId !== null && !(await clientExists(db, clientId))) {
    throw new HttpError(400, "Unknown client", { clientId: "Unknown client" });
  }
  const visitServiceId = await saleLevelVisitService(db, input.appointmentId);
  return {
    key,
    soldAt,
    applied,
    priced,
    figures,
    settlement,
    credit,
    clientId,
    consultation: null,
    visitServiceId,
    deposits,
  };
}

/**
 * The paid booking deposits of the appointments the sale checks out (its lines' and the
 * sale-level `appointmentId`), each credited up to what the total leaves (common/deposits.ts
 * `depositCredits`); a deposit with nothing left to cover is not credited and stays paid.
 * @throws HttpError 409 when the till's `depositCredit` differs from the server's.
 */
async function visitDeposits(
  db: Db,
  input: ParsedSaleInput,
  priced: readonly PricedLine[],
  totalKobo: number,
): Promise<CheckedSale["deposits"]> {
  const ids = new Set(priced.flatMap((l) => (l.appointmentId === null ? [] : [l.appointmentId])));
  if (input.appointmentId && /^\d+$/.test(input.appointmentId))
    ids.add(Number(input.appointmentId));
  const paid = await creditableDeposits(db, [...ids]);
  const credits = depositCredits(
    paid.map((d) => d.amountKobo),
    totalKobo,
  );
  const deposits = paid
    .map((d, i) => ({ ...d, creditKobo: credits[i] ?? 0 }))
    .filter((d) => d.creditKobo > 0);
  const creditKobo = deposits.reduce((s, d) => s + d.creditKobo, 0);
  if (input.depositCredit !== undefined && nairaToKobo(input.depositCredit) !== creditKobo) {
    // The usual cause: another sale credited it since the till opened the visit.
    const [taken] = await appliedDeposits(db, [...ids]);
    const [other] = taken?.saleId
      ? await db
          .select({ saleNumber: sales.saleNumber })
          .from(sales)
          .where(eq(sales.id, taken.saleId))
      : [];
    const message =
      taken && other && nairaToKobo(input.depositCredit) > creditKobo
        ? `The deposit ${taken.reference} was already credited to Sale #${other.saleNumber}; please review the sale`
        : `The deposit credited is ${money(creditKobo)}, not ${money(nairaToKobo(input.depositCredit))}; please review the sale`;
    throw new HttpError(409, message, { depositCredit: message });
  }
  return deposits;
}

/**
 * The sale's payments: the deposits' credits first ('deposit', with their references), then the
 * till's payments of what is left (settlement.ts). When the deposits pay the whole total the
 * till's method is moot: the sale is paid by 'deposit' (and a tip, having no payment to go
 * with, is refused).
 * @throws HttpError 400 as settle, or a tip on a sale the deposits pay in full.
 */
function settleWithDeposits(
  input: ParsedSaleInput,
  totalKobo: number,
  deposits: CheckedSale["deposits"],
): Settlement {
  const creditKobo = deposits.reduce((s, d) => s + d.creditKobo, 0);
  if (creditKobo === 0) return settle(input, totalKobo);
  const credited: SettledPayment[] = deposits.map((d) => ({
    method: "deposit",
    amountKobo: d.creditKobo,
    tipKobo: 0,
    reference: d.reference,
    payerName: null,
  }));
  const due = totalKobo - creditKobo;
  if (due === 0) {
    if (nairaToKobo(input.tipAmount) > 0) {
      const message = "The deposit pays this sale in full, so there is no payment to add a tip to";
      throw new HttpError(400, message, { tipAmount: message });
    }
    return { payments: credited, cashReceivedKobo: null, changeKobo: 0, paymentMethod: "deposit" };
  }
  const rest = settle(input, due, creditKobo);
  return { ...rest, payments: [...credited, ...rest.payments] };
}

/** The service of the stored appointment a sale-level `appointmentId` names (not a request). */
async function saleLevelVisitService(db: Db, ref: string | null | undefined) {
  if (!ref || !/^\d+$/.test(ref)) return null;
  const id = Number(ref);
  return (await appointmentPrices(db, [id])).get(id)?.serviceId ?? null;
}

/**
 * The services a sale sells anew, for the consultation gate: service lines that check out no
 * appointment (an appointment passed the gate when it was booked), the sale-level visit's
 * service aside.
 */
function servicesSold(sale: CheckedSale): number[] {
  return sale.priced
    .filter((l) => l.type === "service" && l.appointmentId === null)
    .map((l) => l.itemId)
    .filter((id) => id !== sale.visitServiceId);
}

/**
 * The surcharges of `ids` in that order, duplicates dropped.
 * @throws HttpError 400 an unknown one; 409 one no longer active.
 */
async function appliedSurcharges(db: Db, ids: readonly number[]): Promise<SurchargeRow[]> {
  const surchargeIds = [...new Set(ids)];
  const rows = surchargeIds.length
    ? await db.select().from(surcharges).where(inArray(surcharges.id, surchargeIds))
    : [];
  return surchargeIds.map((id) => {
    const s = rows.find((a) => a.id === id);
    if (!s) {
      throw new HttpError(400, "Unknown surcharge", { appliedSurcharges: "Unknown surcharge" });
    }
    if (!s.isActive) {
      throw new HttpError(409, `The surcharge ${s.name} is no longer active`, {
        appliedSurcharges: `The surcharge ${s.name} is no longer active`,
      });
    }
    return s;
  });
}

/**
 * Prices the cart from the catalogue (kobo) and checks, without a lock, that the products have
 * the units available (stock less live checkout reservations; not for a sale taken offline). The stock is taken at the end of
 * the transaction (takeStock), so the product rows stay locked only until the commit.
 * @throws HttpError 409 an item no longer sold or without a price, a price that differs, a
 *   product short of stock.
 */
async function priceCart(db: Db, input: ParsedSaleInput): Promise<PricedLine[]> {
  const serviceIds = input.cart.filter((l) => l.type === "service").map((l) => l.id);
  const productIds = [
    ...new Set(input.cart.filter((l) => l.type === "product").map((l) => l.id)),
  ].sort((a, b) => a - b);
  const [serviceRows, productRows] = await Promise.all([
    serviceIds.length
      ? db
          .select({
            id: services.id,
            name: services.name,
            category: services.category,
            priceKobo: services.priceKobo,
          })
          .from(services)
          .where(inArray(services.id, serviceIds))
      : [],
    productIds.length
      ? db
          .select({
            id: products.id,
            name: products.name,
            category: products.category,
            priceKobo: products.priceKobo,
          })
          .from(products)
          .where(inArray(products.id, productIds))
      : [],
  ]);
  const visits = await appointmentPrices(
    db,
    input.cart.flatMap((l) => (l.appointmentId ? [l.appointmentId] : [])),
  );
  const priced: PricedLine[] = input.cart.map((line, i) => {
    const found =
      line.type === "service"
        ? serviceRows.find((s) => s.id === line.id)
        : productRows.find((p) => p.id === line.id);
    // A visit is charged at its appointment's price (what the client was quoted), when it has one.
    const visit = line.appointmentId ? visits.get(line.appointmentId) : undefined;
    const item =
      found && visit?.priceKobo != null && visit.serviceId === found.id && line.type === "service"
        ? { ...found, priceKobo: visit.priceKobo }
        : found;
    return priceLine(line, i, item);
  });
  // A sale taken offline is recorded whatever the stock (flagged in writeSale).
  const available = input.offlineReceipt ? new Map() : await availableUnits(db, productIds);
  for (const [productId, quantity] of productUnits(priced)) {
    const units = available.get(productId);
    if (units && quantity > units.available) {
      throw shortage(input, { id: productId, name: units.name, stock: units.available });
    }
  }
  return priced;
}

/** One cart line priced from its catalogue `item` (409 when gone, unpriced or priced otherwise). */
function priceLine(
  line: ParsedSaleInput["cart"][number],
  i: number,
  item: { id: number; name: string; category: string; priceKobo: number | null } | undefined,
): PricedLine {
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
  if (line.appointmentId && line.type !== "service") {
    const message = "Only a service line can check out an appointment";
    throw new HttpError(400, message, { [`cart.${i}.appointmentId`]: message });
  }
  return {
    type: line.type,
    itemId: item.id,
    name: item.name,
    category: item.category ?? "",
    unitKobo: item.priceKobo,
    quantity: line.quantity,
    appointmentId: line.appointmentId ?? null,
  };
}

/** The units of each product the priced lines ask for, by product id. */
function productUnits(priced: readonly PricedLine[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const l of priced) {
    if (l.type === "product") units.set(l.itemId, (units.get(l.itemId) ?? 0) + l.quantity);
  }
  return units;
}

/**
 * The till's figures against the server's (kobo).
 * @throws HttpError 400 a discount above subtotal plus surcharges; 409 a subtotal or total that
 *   differs.
 */
function checkFigures(input: ParsedSaleInput, figures: ReturnType<typeof saleFigures>): void {
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
}

/**
 * Writes the checked sale in `tx`: the sale, its lines and payments, the audit entry, and last
 * the stock (no deadlock between sales sharing products: takeStock locks them in id order; short
 * stock rolls the whole sale back).
 * @returns the new sale's id, or minus the id of the sale the idempotency key already recorded.
 * @throws HttpError 409 a product short of stock (named).
 */
async function writeSale(
  tx: Tx,
  admin: AdminIdentity,
  input: ParsedSaleInput,
  sale: CheckedSale,
): Promise<number> {
  const { key, figures, settlement } = sale;
  if (key) {
    await tx.execute(sql`select pg_advisory_xact_lock(${IDEMPOTENCY_LOCK}, hashtext(${key}))`);
    const existing = await saleIdByKey(tx, key);
    if (existing !== null) return -existing;
  }
  // A sale dated on a closed day (an offline till syncing late, too) is refused: 400.
  await assertDayOpen(tx, lagosDate(sale.soldAt));
  if (input.offlineReceipt) await assertOfflineReceipt(tx, input.offlineReceipt);
  const clientId = await saleClient(tx, sale.clientId, input.customerInfo);
  await assertConsultationOnRecord(tx, admin, {
    clientId,
    serviceIds: servicesSold(sale),
    at: sale.soldAt,
    override: sale.consultation,
    place: "sale",
  });
  await enforceHealthCheck(tx, admin, {
    clientId,
    ids: {
      serviceIds: sale.priced.filter((l) => l.type === "service").map((l) => l.itemId),
      productIds: sale.priced.filter((l) => l.type === "product").map((l) => l.itemId),
    },
    overrideReason: input.healthOverrideReason,
    place: { kind: "sale" },
  });
  // Issue 31: charging a treatment needs a current signed consent for its category, or a
  // clinician's reason (the same reason field as the health check's prompt).
  await enforceConsentGate(tx, admin, {
    clientId,
    items: sale.priced
      .filter((l) => l.type === "service")
      .map((l) => ({ serviceId: l.itemId, appointmentId: l.appointmentId ?? null })),
    overrideReason: input.healthOverrideReason,
    place: "sale",
    now: sale.soldAt,
  });
  const visitIds = await completeVisit(
    tx,
    sale.priced.map((l) => l.appointmentId),
    sale.soldAt,
    clientId,
  );
  const startedFrom = Number(input.appointmentId);
  const [row] = await tx
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
      offlineReceipt: input.offlineReceipt ?? null,
      surchargeLines: figures.surchargeLines.map((l) => {
        const s = sale.applied.find((a) => a.id === l.surchargeId) as SurchargeRow;
        return { ...l, type: s.type, rate: s.amount };
      }),
      soldAt: sale.soldAt,
      ...storedTotalsOf(sale.priced, settlement.payments),
      createdBy: admin.id,
      appointmentId: visitIds.length
        ? visitIds.includes(startedFrom)
          ? startedFrom
          : (visitIds[0] ?? null)
        : null,
    })
    .returning({ id: sales.id, saleNumber: sales.saleNumber });
  if (!row) throw new Error("sale insert returned no row");
  await writeLinesAndPayments(tx, row.id, sale);
  for (const d of sale.deposits) {
    // Once: a second checkout (or a concurrent one) finds it applied and the sale rolls back.
    if (!(await applyDeposit(tx, d.id, row.id, d.creditKobo, new Date()))) {
      const message = `The deposit ${d.reference} was credited or settled meanwhile; please review the sale`;
      throw new HttpError(409, message, { depositCredit: message });
    }
  }
  await recordAudit(tx, admin, {
    action: "sale.create",
    entity: "sale",
    entityId: row.id,
    details: {
      saleNumber: row.saleNumber,
      total: naira(figures.totalKobo),
      paymentMethod: settlement.paymentMethod,
      ...(visitIds.length ? { appointmentsCompleted: visitIds } : {}),
      ...(sale.deposits.length
        ? {
            depositsCredited: sale.deposits.map((d) => ({
              reference: d.reference,
              amount: naira(d.creditKobo),
            })),
          }
        : {}),
    },
  });
  const units = [...productUnits(sale.priced)].map(([productId, quantity]) => ({
    productId,
    quantity,
  }));
  if (input.offlineReceipt) {
    await flagOversells(tx, admin, row, await takeStockOffline(tx, units));
  }
  const short = input.offlineReceipt ? null : await takeStock(tx, units);
  if (short) {
    // A product deleted since the check has no name left in the catalogue: the line keeps it.
    const name = short.name || sale.priced.find((l) => l.itemId === short.productId)?.name || "";
    throw shortage(input, { id: short.productId, name, stock: short.available });
  }
  await addSaleToDay(tx, lagosDate(sale.soldAt), {
    ...storedTotalsOf(sale.priced, settlement.payments),
    surchargesKobo: figures.surchargesKobo,
    discountKobo: figures.discountKobo,
  });
  return row.id;
}

/**
 * An offline receipt number must carry a prefix the server issued to a device
 * (GET /api/auth/offline-key): it is what lets a sale past the stock refusal (decision 0314), so
 * a made-up one is a 400. It is printed once: on another sale it is a 409 (a device's counter
 * reset with its prefix kept, which the till never does).
 */
async function assertOfflineReceipt(tx: Tx, receipt: string): Promise<void> {
  const [issued] = await tx
    .select({ id: receiptPrefixes.id })
    .from(receiptPrefixes)
    .where(eq(receiptPrefixes.id, receiptPrefixIdOf(receipt)));
  if (!issued) {
    const message = `The offline receipt ${receipt} was not printed by a device of this clinic`;
    throw new HttpError(400, message, { offlineReceipt: message });
  }
  const [other] = await tx
    .select({ saleNumber: sales.saleNumber })
    .from(sales)
    .where(eq(sales.offlineReceipt, receipt));
  if (other) throw receiptTaken(receipt, other.saleNumber);
}

/** 409: offline receipt `receipt` is already on sale number `saleNumber` (or on another sale). */
function receiptTaken(receipt: string, saleNumber?: number): HttpError {
  const message = `The offline receipt ${receipt} is already on ${saleNumber ? `Sale #${saleNumber}` : "another sale"}`;
  return new HttpError(409, message, { offlineReceipt: message });
}

/**
 * Records the oversells of a sale taken offline (decision 0314): one row per short product, and
 * one audit entry naming them, for the manager to count the shelf and correct the stock.
 */
async function flagOversells(
  tx: Tx,
  admin: AdminIdentity,
  sale: { id: number; saleNumber: number },
  oversold: readonly StockOversold[],
): Promise<void> {
  if (oversold.length === 0) return;
  await tx.insert(stockOversells).values(
    oversold.map((o) => ({
      saleId: sale.id,
      productId: o.productId,
      productName: o.name,
      unitsSold: o.sold,
      unitsShort: o.short,
    })),
  );
  await recordAudit(tx, admin, {
    action: "sale.oversell",
    entity: "sale",
    entityId: sale.id,
    details: {
      saleNumber: sale.saleNumber,
      oversold: oversold.map((o) => ({ product: o.name, sold: o.sold, short: o.short })),
    },
  });
}

/** The sale's lines and payments (kobo). */
async function writeLinesAndPayments(tx: Tx, saleId: number, sale: CheckedSale): Promise<void> {
  await tx.insert(saleLines).values(
    sale.priced.map((l, i) => ({
      saleId,
      itemType: l.type,
      itemId: l.itemId,
      itemName: l.name,
      unitPriceKobo: l.unitKobo,
      quantity: l.quantity,
      lineTotalKobo: l.unitKobo * l.quantity,
      staffId: sale.credit.lines[i]?.staffId ?? null,
      commissionRateBp: sale.credit.lines[i]?.commissionRateBp ?? null,
      appointmentId: l.appointmentId,
    })),
  );
  if (sale.settlement.payments.length) {
    await tx.insert(salePayments).values(
      sale.settlement.payments.map((p) => ({
        saleId,
        ...p,
        tipStaffId: p.tipKobo > 0 ? sale.credit.tipStaffId : null,
      })),
    );
  }
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
  consultation: ConsultationOverrideInput,
): Promise<boolean> {
  try {
    const appointment = await updateAppointment(db, admin, ref, {
      status: "completed",
      ...consultation,
    });
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
    overrideConsultation: input.overrideConsultation,
    consultationOverrideReason: input.consultationOverrideReason,
    paymentReference: input.paymentReference,
    payerName: input.payerName,
    healthOverrideReason: input.healthOverrideReason,
  });
  const [record] = await listSaleRecords(db, { saleId: sale.id });
  if (!record) throw new Error("recorded sale has no line");
  return record;
}
