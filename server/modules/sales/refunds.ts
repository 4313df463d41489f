/**
 * Refunds and voids (admin spec §2 "Point of sale", §7 POST /api/sales/{id}/refund, /void):
 * they never delete: they are rows of their own, counted on the day they were given, and put
 * products back in stock. Money is kobo inside, naira in the answer.
 *
 * A sale that credited a booking deposit (issue 32; docs/decisions/0296): a void is a till
 * mistake, so the deposit is paid again (free for the corrected sale) and the void gives back
 * only what the till took, the deposit's part being a refund row of its own by 'deposit'; a
 * refund is money back to the client for a visit that took place, by the desk's tender, and
 * the deposit stays applied.
 */

import { and, asc, eq, sql } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import { lagosDate } from "#common/lagos-time.ts";
import { lineShares, unitsShare } from "#common/sale-shares.ts";
import type { PaymentMethod, RefundKind, SaleDetail, SaleStatus } from "#common/sales.ts";
import type { Db, Tx } from "#server/db/client.ts";
import {
  saleLines,
  salePayments,
  saleRefundLines,
  saleRefunds,
  sales,
} from "#server/db/schema/sales.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { restoreDeposits } from "#server/modules/bookings/deposit-settle.ts";
import { returnStock } from "#server/modules/catalog/stock.ts";
import { assertDayOpen } from "./day-lock.ts";
import { getSale } from "./sale-detail.ts";
import { naira } from "./shared.ts";

/** What the desk sends: why, optionally which units of which lines, and how money goes back. */
type RefundInput = {
  reason: string;
  lines?: Array<{ lineId: number; quantity: number }>;
  method?: PaymentMethod;
};

/**
 * POST /api/sales/{id}/refund and /void: gives money back and restocks products, in one
 * transaction with the sale locked. A refund takes `lines` (some units of some lines) or, without
 * them, everything left; its amount is the lines' value plus their share of the surcharges (VAT,
 * service charge) less their share of the discount, rounded per docs/decisions/0216 (the whole
 * remaining total when nothing is left afterwards), never more than was paid and not yet
 * refunded. A void gives back the whole sale and marks it voided; it is refused once
 * part of the sale was refunded. The money goes back by `method`, else cash when the sale took
 * cash, else its first payment's method. Audited.
 * @throws HttpError 404 unknown sale; 400 unknown line, today closed (decision 0230); 409 nothing left to refund, too many
 *   units, a voided sale.
 */
export async function refundSale(
  db: Db,
  admin: AdminIdentity,
  saleId: number,
  kind: RefundKind,
  input: RefundInput,
): Promise<SaleDetail> {
  await db.transaction(async (tx) => {
    // Money given back counts on the day it is given: refused while today is closed.
    await assertDayOpen(tx, lagosDate(new Date()));
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
    const perLine = unitsToGiveBack(
      sale.saleNumber,
      lines,
      kind === "refund" ? input.lines : undefined,
    );
    const nothingLeft = lines.every((l) => remaining(l) === (perLine.get(l.id) ?? 0));
    const left = sale.totalKobo - alreadyRefunded;
    const shares = refundShares(sale, lines, perLine);
    const value = shares.lines.reduce((s, l) => s + l.amount + l.surcharges - l.discount, 0);
    const given: GivenBack = {
      kind,
      amount: nothingLeft ? left : Math.min(value, left),
      method: input.method ?? (await defaultRefundMethod(tx, saleId)),
      perLine,
      shares,
      depositKobo: kind === "void" ? await depositsCredited(tx, saleId) : 0,
    };
    await writeRefund(tx, admin, sale, lines, given, input.reason);
    if (given.depositKobo > 0) await restoreDeposits(tx, saleId, new Date());
    const status: SaleStatus = kind === "void" ? "voided" : nothingLeft ? "refunded" : "completed";
    await tx.update(sales).set({ status, updatedAt: new Date() }).where(eq(sales.id, saleId));
  });
  const detail = await getSale(db, saleId);
  if (!detail) throw new HttpError(404, "Sale not found");
  return detail;
}

type SaleLineRow = typeof saleLines.$inferSelect;

/** What a refund or void gives back: kobo, by which method, units per sale line id. */
type GivenBack = {
  kind: RefundKind;
  amount: number;
  method: PaymentMethod;
  perLine: Map<number, number>;
  shares: RefundShares;
  /** Of `amount`, what goes back to booking deposits (a void of a sale that credited one). */
  depositKobo: number;
};

/** Per refunded line its value, surcharge and discount shares; per surcharge its share (kobo). */
type RefundShares = {
  lines: Array<{
    lineId: number;
    quantity: number;
    amount: number;
    surcharges: number;
    discount: number;
  }>;
  surchargeLines: Array<{ surchargeId: number; name: string; amountKobo: number }>;
  discount: number;
};

type SaleForShares = {
  surchargeLines: Array<{ surchargeId: number; name: string; amountKobo: number }>;
  discountKobo: number;
};

/**
 * The shares of the sale's surcharges and discount that go with the units of `perLine`
 * (common/sale-shares.ts: each surcharge and the discount shared over the lines by their value,
 * then over each line's units, rounded half up on running sums; docs/decisions/0216). Units
 * refunded before count, so a line refunded bit by bit gives back exactly its share.
 */
function refundShares(
  sale: SaleForShares,
  lines: readonly SaleLineRow[],
  perLine: Map<number, number>,
): RefundShares {
  const totals = lines.map((l) => l.lineTotalKobo);
  const bySurcharge = (sale.surchargeLines ?? []).map((s) => ({
    s,
    shares: lineShares(totals, s.amountKobo),
  }));
  const discountShares = lineShares(totals, sale.discountKobo);
  const surchargeLines = bySurcharge.map(({ s }) => ({
    surchargeId: s.surchargeId,
    name: s.name,
    amountKobo: 0,
  }));
  const out: RefundShares["lines"] = [];
  lines.forEach((line, i) => {
    const units = perLine.get(line.id);
    if (!units) return;
    const part = (share: number) => unitsShare(share, line.quantity, line.refundedQuantity, units);
    let surchargesKobo = 0;
    bySurcharge.forEach(({ shares }, k) => {
      const given = part(shares[i] ?? 0);
      (surchargeLines[k] as { amountKobo: number }).amountKobo += given;
      surchargesKobo += given;
    });
    out.push({
      lineId: line.id,
      quantity: units,
      amount: line.unitPriceKobo * units,
      surcharges: surchargesKobo,
      discount: part(discountShares[i] ?? 0),
    });
  });
  return {
    lines: out,
    surchargeLines: surchargeLines.filter((s) => s.amountKobo > 0),
    discount: out.reduce((s, l) => s + l.discount, 0),
  };
}

const remaining = (l: SaleLineRow) => l.quantity - l.refundedQuantity;
const lineOf = (lines: readonly SaleLineRow[], id: number) =>
  lines.find((l) => l.id === id) as SaleLineRow;

/**
 * The units to give back per sale line id: the `wanted` lines, or without them every unit not
 * yet refunded.
 * @throws HttpError 400 unknown line; 409 nothing left, or more units than are left on a line.
 */
function unitsToGiveBack(
  saleNumber: number,
  lines: readonly SaleLineRow[],
  wanted: RefundInput["lines"],
): Map<number, number> {
  const asked = wanted
    ? wanted.map((w) => {
        const line = lines.find((l) => l.id === w.lineId);
        if (!line) {
          throw new HttpError(400, "Unknown sale line", { lines: "Unknown sale line" });
        }
        return { line, quantity: w.quantity };
      })
    : lines.filter((l) => remaining(l) > 0).map((line) => ({ line, quantity: remaining(line) }));
  if (asked.length === 0) {
    throw new HttpError(409, `Sale #${saleNumber} is already fully refunded`);
  }
  const perLine = new Map<number, number>();
  for (const w of asked) perLine.set(w.line.id, (perLine.get(w.line.id) ?? 0) + w.quantity);
  for (const [lineId, qty] of perLine) {
    const line = lineOf(lines, lineId);
    if (qty > remaining(line)) {
      throw new HttpError(
        409,
        remaining(line) === 0
          ? `${line.itemName} was already refunded`
          : `Only ${remaining(line)} of ${line.itemName} can still be refunded`,
      );
    }
  }
  return perLine;
}

/**
 * How money goes back when the desk names no method: cash if the sale took cash, else its first
 * payment's method at the till (a booking deposit is never a refund's tender: decision 0296),
 * else cash.
 */
async function defaultRefundMethod(tx: Tx, saleId: number): Promise<PaymentMethod> {
  const payments = await tx
    .select({ method: salePayments.method })
    .from(salePayments)
    .where(eq(salePayments.saleId, saleId))
    .orderBy(asc(salePayments.id));
  const atTill = payments.filter((p) => p.method !== "deposit");
  return atTill.some((p) => p.method === "cash")
    ? "cash"
    : ((atTill[0]?.method as PaymentMethod | undefined) ?? "cash");
}

/** The kobo of booking deposits sale `saleId` credited (its 'deposit' payments). */
async function depositsCredited(tx: Tx, saleId: number): Promise<number> {
  const [row] = await tx
    .select({ kobo: sql<number>`coalesce(sum(${salePayments.amountKobo}), 0)`.mapWith(Number) })
    .from(salePayments)
    .where(and(eq(salePayments.saleId, saleId), eq(salePayments.method, "deposit")));
  return row?.kobo ?? 0;
}

/**
 * Writes the refund row and its lines, counts the units refunded on the sale lines, puts the
 * products back in stock and audits it, in `tx`. The part given back to booking deposits (a
 * void's) is a row of its own by 'deposit', so the day counts it apart from the till's money;
 * the lines and shares go with the first row.
 */
async function writeRefund(
  tx: Tx,
  admin: AdminIdentity,
  sale: { id: number; saleNumber: number },
  lines: readonly SaleLineRow[],
  given: GivenBack,
  reason: string,
): Promise<void> {
  const atTill = given.amount - given.depositKobo;
  const parts: Array<{ method: PaymentMethod; amountKobo: number }> = [
    ...(atTill > 0 || given.depositKobo === 0
      ? [{ method: given.method, amountKobo: atTill }]
      : []),
    ...(given.depositKobo > 0
      ? [{ method: "deposit" as const, amountKobo: given.depositKobo }]
      : []),
  ];
  const rowOf = (p: (typeof parts)[number], first: boolean) => ({
    saleId: sale.id,
    kind: given.kind,
    amountKobo: p.amountKobo,
    method: p.method,
    reason,
    surchargeLines: first ? given.shares.surchargeLines : [],
    discountKobo: first ? given.shares.discount : 0,
    createdBy: admin.id,
    createdByName: admin.username,
  });
  const [head, ...rest] = parts as [(typeof parts)[number], ...typeof parts];
  const [refund] = await tx
    .insert(saleRefunds)
    .values(rowOf(head, true))
    .returning({ id: saleRefunds.id });
  if (!refund) throw new Error("refund insert returned no row");
  for (const p of rest) await tx.insert(saleRefunds).values(rowOf(p, false));
  await tx.insert(saleRefundLines).values(
    given.shares.lines.map((l) => ({
      refundId: refund.id,
      saleLineId: l.lineId,
      itemType: lineOf(lines, l.lineId).itemType,
      quantity: l.quantity,
      amountKobo: l.amount,
      surchargesKobo: l.surcharges,
      discountKobo: l.discount,
    })),
  );
  for (const [lineId, qty] of given.perLine) {
    const line = lineOf(lines, lineId);
    await tx
      .update(saleLines)
      .set({ refundedQuantity: sql`${saleLines.refundedQuantity} + ${qty}` })
      .where(eq(saleLines.id, lineId));
    // A product deleted since is simply not restocked (no row to update).
    if (line.itemType === "product" && line.itemId !== null) {
      await returnStock(tx, line.itemId, qty);
    }
  }
  await recordAudit(tx, admin, {
    action: given.kind === "void" ? "sale.void" : "sale.refund",
    entity: "sale",
    entityId: sale.id,
    details: {
      saleNumber: sale.saleNumber,
      amount: naira(given.amount),
      method: given.method,
      ...(given.depositKobo > 0 ? { toDeposit: naira(given.depositKobo) } : {}),
      reason,
      surcharges: given.shares.surchargeLines.map((s) => ({
        name: s.name,
        amount: naira(s.amountKobo),
      })),
      lines: [...given.perLine].map(([lineId, quantity]) => ({ lineId, quantity })),
    },
  });
}
