/**
 * The day close per tender (issue 29; docs/decisions/0230-the-day-closes-per-tender-and-locks.md): GET /api/sales/daily/{date}/close
 * (the close sheet), POST …/close (close and lock the day), POST …/reopen (a manager's, audited)
 * and POST …/cash-movements (the opening float, pay-ins and pay-outs). Tenders: cash (the drawer:
 * float + cash taken − cash refunds + pay-ins − pay-outs, counted by note), card on the POS
 * terminal and bank transfer (expected from the day's payments less refunds, counted from the
 * terminal's end-of-day total and the bank statement), Paystack online (the day's online sales
 * and paid shop orders, matched by reference against Paystack's transactions with their fees,
 * and the settlement that paid each out; Paystack's refunds and chargebacks of the day matched to
 * their sale or order and taken off its figure, docs/decisions/0281), and booking deposits
 * (issue 32; docs/decisions/0296): those taken online that day count in the online tender (and
 * are matched at Paystack by their 'GHD-' reference), those refunded to clients come off it,
 * and those credited at the till are the 'deposit' tender, never new money in the drawer or on
 * the terminal; the sheet lists taken, credited, returned by a void, refunded and forfeited by
 * tender (deposit-day.ts). Kobo inside, naira in every answer; a day is a Lagos calendar day.
 */

import { and, asc, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import { nairaToKobo } from "#common/money.ts";
import {
  CASH_NOTES,
  type CashCount,
  type CashDrawer,
  type CashMovement,
  type CashMovementKind,
  type CloseSheet,
  cashCountKobo,
  DAY_CLOSE_MESSAGES,
  type DayClose,
  type dayCloseInputSchema,
  type PaystackMatch,
  type PaystackMatchStatus,
  type PaystackReconciliation,
  type PaystackReversal,
  TENDER_LABELS,
  TENDERS,
  type Tender,
  type TenderLine,
} from "#common/sales.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { bookingDeposits } from "#server/db/schema/deposits.ts";
import { orders } from "#server/db/schema/orders.ts";
import {
  type StoredPaystackMatch,
  type StoredPaystackReversal,
  type StoredTender,
  saleCashMovements,
  saleDayCloses,
  salePayments,
  saleRefunds,
  sales,
} from "#server/db/schema/sales.ts";
import { SQL_STATE, sqlState } from "#server/db/sql-state.ts";
import { HttpError } from "#server/http.ts";
import type {
  LedgerReversal,
  LedgerSettlement,
  LedgerTransaction,
  PaystackLedger,
} from "#server/integrations/paystack.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { assertDayOpen, lockDay } from "./day-lock.ts";
import { type DepositDaySums, depositDayOf, depositDaySums } from "./deposit-day.ts";
import { DAY_MS, naira, tillDayRange } from "./shared.ts";

/** Shop orders that were paid and stand (admin spec §4 order statuses). */
const PAID_ORDER_STATUSES = ["processing", "shipped", "completed"];
/** How long after the day Paystack's settlements of its payments are looked for. */
const SETTLEMENT_DAYS = 7;

type DayCloseInput = ReturnType<typeof dayCloseInputSchema.parse>;

/** A payment Paystack should have: its reference, what it is here and its kobo. */
type RecordedOnline = { reference: string; recordedAs: string; kobo: number };

/** The day's figures by tender, in kobo. */
type DaySums = {
  payments: Map<string, { kobo: number; count: number; withoutReference: number }>;
  refunds: Map<string, number>;
  orders: { kobo: number; count: number };
  online: RecordedOnline[];
  movements: Array<typeof saleCashMovements.$inferSelect>;
  deposits: DepositDaySums;
};

/** What Paystack reported for the day: its transactions and the settlements that paid them. */
type LedgerDay = {
  configured: boolean;
  error: string | null;
  transactions: LedgerTransaction[];
  settlements: LedgerSettlement[];
  /** Refunds and chargebacks Paystack recorded during the day (docs/decisions/0281). */
  reversals: LedgerReversal[];
};

/** What Paystack stored at the close: its error, the payments matched, the reversals. */
type StoredPaystack = {
  error: string | null;
  matches: StoredPaystackMatch[];
  reversals?: StoredPaystackReversal[];
};

/** The sums of the Lagos day `date`: payments, refunds, paid shop orders, cash movements. */
async function daySums(db: Db | Tx, date: string): Promise<DaySums> {
  const { from, to } = tillDayRange(date);
  const soldOnDay = and(gte(sales.soldAt, from), lt(sales.soldAt, to));
  const [payments, onlineSales, refunds, paidOrders, movements, deposits] = await Promise.all([
    db
      .select({
        method: salePayments.method,
        kobo: sql<number>`coalesce(sum(${salePayments.amountKobo} + ${salePayments.tipKobo}), 0)`.mapWith(
          Number,
        ),
        count: sql<number>`count(*)`.mapWith(Number),
        withoutReference:
          sql<number>`count(*) filter (where ${salePayments.reference} is null)`.mapWith(Number),
      })
      .from(salePayments)
      .innerJoin(sales, eq(sales.id, salePayments.saleId))
      .where(soldOnDay)
      .groupBy(salePayments.method),
    db
      .select({
        reference: salePayments.reference,
        kobo: sql<number>`${salePayments.amountKobo} + ${salePayments.tipKobo}`.mapWith(Number),
        saleNumber: sales.saleNumber,
      })
      .from(salePayments)
      .innerJoin(sales, eq(sales.id, salePayments.saleId))
      .where(and(soldOnDay, eq(salePayments.method, "online")))
      .orderBy(asc(salePayments.id)),
    db
      .select({
        method: saleRefunds.method,
        kobo: sql<number>`coalesce(sum(${saleRefunds.amountKobo}), 0)`.mapWith(Number),
      })
      .from(saleRefunds)
      .where(and(gte(saleRefunds.createdAt, from), lt(saleRefunds.createdAt, to)))
      .groupBy(saleRefunds.method),
    db
      .select({ id: orders.id, reference: orders.paymentReference, kobo: orders.totalKobo })
      .from(orders)
      .where(
        and(
          gte(orders.paidAt, from),
          lt(orders.paidAt, to),
          inArray(orders.status, PAID_ORDER_STATUSES),
        ),
      )
      .orderBy(asc(orders.id)),
    db
      .select()
      .from(saleCashMovements)
      .where(eq(saleCashMovements.businessDate, date))
      .orderBy(asc(saleCashMovements.id)),
    depositDaySums(db, { from, to }),
  ]);
  return {
    payments: new Map(payments.map((p) => [p.method, p])),
    refunds: new Map(refunds.map((r) => [r.method, r.kobo])),
    orders: {
      kobo: paidOrders.reduce((s, o) => s + o.kobo, 0),
      count: paidOrders.length,
    },
    online: [
      ...onlineSales.flatMap((p) =>
        p.reference
          ? [{ reference: p.reference, recordedAs: `Sale #${p.saleNumber}`, kobo: p.kobo }]
          : [],
      ),
      ...paidOrders.map((o) => ({
        reference: o.reference,
        recordedAs: `Order #${o.id}`,
        kobo: o.kobo,
      })),
      ...deposits.taken.map((d) => ({
        reference: d.reference,
        recordedAs: `Booking deposit #${d.id}`,
        kobo: d.kobo,
      })),
    ],
    movements,
    deposits,
  };
}

/** The drawer's figures in kobo: float, cash taken, cash refunds, pay-ins, pay-outs, expected. */
function drawerKobo(sums: DaySums) {
  const of = (kind: CashMovementKind) =>
    sums.movements.filter((m) => m.kind === kind).reduce((s, m) => s + m.amountKobo, 0);
  const float = of("float");
  const taken = sums.payments.get("cash")?.kobo ?? 0;
  const refunds = sums.refunds.get("cash") ?? 0;
  const payIns = of("pay_in");
  const payOuts = of("pay_out");
  return {
    float,
    taken,
    refunds,
    payIns,
    payOuts,
    expected: float + taken - refunds + payIns - payOuts,
  };
}

/** Each tender's expected kobo (cash: the drawer), with counts, and what was counted. */
function tendersOf(sums: DaySums, counted: Partial<Record<Tender, number | null>>): StoredTender[] {
  return TENDERS.map((tender) => {
    const paid = sums.payments.get(tender) ?? { kobo: 0, count: 0, withoutReference: 0 };
    const refunds = sums.refunds.get(tender) ?? 0;
    // Deposits taken online that day are Paystack's money as orders are; refunded ones leave it.
    const taken = sums.deposits.taken;
    const expectedKobo =
      tender === "cash"
        ? drawerKobo(sums).expected
        : tender === "online"
          ? paid.kobo +
            sums.orders.kobo +
            taken.reduce((s, d) => s + d.kobo, 0) -
            refunds -
            sums.deposits.refundedKobo
          : paid.kobo - refunds;
    return {
      tender,
      expectedKobo,
      // Nothing to count for credited deposits: they were taken (and counted) online before.
      countedKobo: tender === "deposit" ? null : (counted[tender] ?? null),
      payments: paid.count + (tender === "online" ? sums.orders.count + taken.length : 0),
      // Cash needs no reference.
      withoutReference: tender === "cash" || tender === "deposit" ? 0 : paid.withoutReference,
    };
  });
}

/** A stored tender as the API answers it (naira; variance = counted − expected). */
function tenderLine(t: StoredTender): TenderLine {
  const tender = t.tender as Tender;
  return {
    tender,
    label: TENDER_LABELS[tender] ?? t.tender,
    expected: naira(t.expectedKobo),
    counted: t.countedKobo === null ? null : naira(t.countedKobo),
    variance: t.countedKobo === null ? null : naira(t.countedKobo - t.expectedKobo),
    payments: t.payments,
    withoutReference: t.withoutReference,
  };
}

/**
 * Asks Paystack for the day's successful transactions and the settlements of the following
 * week. Never throws: without a ledger (no keys) `configured` is false; a Paystack failure is
 * kept as `error` and nothing is matched.
 */
async function readLedger(ledger: PaystackLedger | null, date: string): Promise<LedgerDay> {
  const none = { transactions: [], settlements: [], reversals: [] };
  if (!ledger) return { configured: false, error: null, ...none };
  const { from, to } = tillDayRange(date);
  try {
    const [transactions, settlements, reversals] = await Promise.all([
      ledger.transactions(from, to),
      ledger.settlements(from, new Date(to.getTime() + SETTLEMENT_DAYS * DAY_MS)),
      ledger.reversals(from, to),
    ]);
    return { configured: true, error: null, transactions, settlements, reversals };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { configured: true, error: `Paystack could not be asked: ${message}`, ...none };
  }
}

/**
 * Matches the references we recorded with Paystack's transactions: same reference and amount
 * 'matched'; same reference, other amount 'amount differs'; ours only 'not at Paystack';
 * Paystack's only 'not recorded here'. Kobo.
 */
function matchPaystack(recorded: RecordedOnline[], day: LedgerDay): StoredPaystackMatch[] {
  if (!day.configured || day.error) return [];
  const settlementOf = (reference: string) => {
    const s = day.settlements.find((x) => x.references.includes(reference));
    return s ? { id: s.id, status: s.status, date: s.date } : null;
  };
  const byRef = new Map(day.transactions.map((t) => [t.reference, t]));
  const seen = new Set<string>();
  const matches: StoredPaystackMatch[] = recorded.map((r) => {
    seen.add(r.reference);
    const tx = byRef.get(r.reference);
    const status: PaystackMatchStatus = !tx
      ? "not at Paystack"
      : tx.amountKobo === r.kobo
        ? "matched"
        : "amount differs";
    return {
      reference: r.reference,
      recordedAs: r.recordedAs,
      expectedKobo: r.kobo,
      amountKobo: tx?.amountKobo ?? null,
      feesKobo: tx?.feesKobo ?? null,
      status,
      settlement: tx ? settlementOf(r.reference) : null,
    };
  });
  for (const tx of day.transactions) {
    if (seen.has(tx.reference)) continue;
    matches.push({
      reference: tx.reference,
      recordedAs: null,
      expectedKobo: null,
      amountKobo: tx.amountKobo,
      feesKobo: tx.feesKobo,
      status: "not recorded here",
      settlement: settlementOf(tx.reference),
    });
  }
  return matches;
}

/**
 * Whether a reversal took money out of the clinic's Paystack balance: a processed refund, or a
 * chargeback resolved against the clinic ('merchant-accepted'). A pending refund or an open or
 * won dispute has not (docs/decisions/0281).
 */
function isDeducted(r: LedgerReversal): boolean {
  return r.kind === "refund" ? r.status === "processed" : r.resolution === "merchant-accepted";
}

/**
 * Matches the day's Paystack refunds and chargebacks to the sale (an online payment with that
 * reference, any day) or shop order (its payment reference) they reverse. Kobo.
 */
async function matchReversals(db: Db | Tx, day: LedgerDay): Promise<StoredPaystackReversal[]> {
  if (!day.configured || day.error || day.reversals.length === 0) return [];
  const references = [...new Set(day.reversals.map((r) => r.reference).filter(Boolean))];
  const [saleRows, orderRows, depositRows] =
    references.length === 0
      ? [[], [], []]
      : await Promise.all([
          db
            .select({ reference: salePayments.reference, saleNumber: sales.saleNumber })
            .from(salePayments)
            .innerJoin(sales, eq(sales.id, salePayments.saleId))
            // A deposit credited at the till carries its 'GHD-' reference: that is the deposit's.
            .where(
              and(inArray(salePayments.reference, references), ne(salePayments.method, "deposit")),
            ),
          db
            .select({ reference: orders.paymentReference, id: orders.id })
            .from(orders)
            .where(inArray(orders.paymentReference, references)),
          db
            .select({ reference: bookingDeposits.reference, id: bookingDeposits.id })
            .from(bookingDeposits)
            .where(inArray(bookingDeposits.reference, references)),
        ]);
  const recorded = new Map<string, string>();
  for (const d of depositRows) recorded.set(d.reference, `Booking deposit #${d.id}`);
  for (const o of orderRows) recorded.set(o.reference, `Order #${o.id}`);
  for (const p of saleRows) if (p.reference) recorded.set(p.reference, `Sale #${p.saleNumber}`);
  return day.reversals.map((r) => ({
    kind: r.kind,
    id: r.id,
    reference: r.reference,
    recordedAs: recorded.get(r.reference) ?? null,
    amountKobo: r.amountKobo,
    status: r.status,
    resolution: r.resolution,
    deducted: isDeducted(r),
    at: r.at,
  }));
}

/** A stored reversal as the API answers it (naira). */
function reversalOf(r: StoredPaystackReversal): PaystackReversal {
  return {
    kind: r.kind,
    id: r.id,
    reference: r.reference,
    recordedAs: r.recordedAs,
    amount: naira(r.amountKobo),
    status: r.status,
    resolution: r.resolution,
    deducted: r.deducted,
    at: r.at,
  };
}

/** Paystack's matching as the API answers it (naira; fees and net over what Paystack took). */
function paystackOf(stored: StoredPaystack | null): PaystackReconciliation {
  if (!stored) {
    return {
      configured: false,
      error: null,
      amount: 0,
      fees: 0,
      net: 0,
      matches: [],
      reversals: [],
      refunded: 0,
      chargebacks: 0,
    };
  }
  const atPaystack = stored.matches.filter((m) => m.amountKobo !== null);
  const amount = atPaystack.reduce((s, m) => s + (m.amountKobo ?? 0), 0);
  const fees = atPaystack.reduce((s, m) => s + (m.feesKobo ?? 0), 0);
  const reversals = stored.reversals ?? [];
  const deducted = (kind: StoredPaystackReversal["kind"]) =>
    reversals.filter((r) => r.kind === kind && r.deducted).reduce((s, r) => s + r.amountKobo, 0);
  return {
    configured: true,
    error: stored.error,
    amount: naira(amount),
    fees: naira(fees),
    net: naira(amount - fees),
    reversals: reversals.map(reversalOf),
    refunded: naira(deducted("refund")),
    chargebacks: naira(deducted("chargeback")),
    matches: stored.matches.map(
      (m): PaystackMatch => ({
        reference: m.reference,
        recordedAs: m.recordedAs,
        expected: m.expectedKobo === null ? null : naira(m.expectedKobo),
        amount: m.amountKobo === null ? null : naira(m.amountKobo),
        fees: m.feesKobo === null ? null : naira(m.feesKobo),
        net: m.amountKobo === null ? null : naira(m.amountKobo - (m.feesKobo ?? 0)),
        status: m.status as PaystackMatchStatus,
        settlement: m.settlement,
      }),
    ),
  };
}

/**
 * Paystack's total for the day: what it took less the refunds and chargebacks that left the
 * balance that day (docs/decisions/0281), or null when it was not asked.
 */
function paystackCountedKobo(day: LedgerDay): number | null {
  if (!day.configured || day.error) return null;
  const taken = day.transactions.reduce((s, t) => s + t.amountKobo, 0);
  const given = day.reversals.filter(isDeducted).reduce((s, r) => s + r.amountKobo, 0);
  return taken - given;
}

function movementOf(m: typeof saleCashMovements.$inferSelect): CashMovement {
  return {
    id: m.id,
    kind: m.kind as CashMovementKind,
    amount: naira(m.amountKobo),
    reason: m.reason,
    by: m.createdByName,
    createdAt: m.createdAt.toISOString(),
  };
}

function drawerOf(sums: DaySums): CashDrawer {
  const d = drawerKobo(sums);
  return {
    float: naira(d.float),
    taken: naira(d.taken),
    refunds: naira(d.refunds),
    payIns: naira(d.payIns),
    payOuts: naira(d.payOuts),
    expected: naira(d.expected),
    movements: sums.movements.map(movementOf),
  };
}

function countOf(stored: { notes: Record<string, number>; coinsKobo: number } | null) {
  if (!stored) return null;
  const notes = Object.fromEntries(
    CASH_NOTES.map((n) => [String(n), stored.notes[String(n)] ?? 0]),
  ) as CashCount["notes"];
  return { notes, coins: naira(stored.coinsKobo) };
}

/** The stored close of `date`, or null while the day is open. */
export async function getDayClose(db: Db | Tx, date: string): Promise<DayClose | null> {
  const [row] = await db.select().from(saleDayCloses).where(eq(saleDayCloses.businessDate, date));
  return row ? dayCloseOf(date, row) : null;
}

/** A stored close row of `date` as the API answers it (naira; variance = counted − expected). */
export function dayCloseOf(date: string, row: typeof saleDayCloses.$inferSelect): DayClose {
  return {
    date,
    expectedCash: naira(row.expectedCashKobo),
    countedCash: naira(row.countedCashKobo),
    difference: naira(row.countedCashKobo - row.expectedCashKobo),
    tenders: row.tenders.map(tenderLine),
    cashCount: countOf(row.cashCount ?? null),
    paystack: row.paystack ? paystackOf(row.paystack) : null,
    notes: row.notes,
    closedBy: row.closedByName,
    closedAt: row.closedAt.toISOString(),
  };
}

/**
 * GET /api/sales/daily/{date}/close: the close sheet. An open day: each tender's expected figure
 * now (cash: the drawer), the drawer's movements and Paystack's matching (Paystack asked now); a
 * closed day: the close's stored figures.
 * @throws HttpError 404 for a date that is not 'YYYY-MM-DD'.
 */
export async function closeSheet(
  db: Db,
  ledger: PaystackLedger | null,
  date: string,
): Promise<CloseSheet> {
  tillDayRange(date);
  const [sums, close] = await Promise.all([daySums(db, date), getDayClose(db, date)]);
  if (close) {
    return {
      date,
      close,
      tenders: close.tenders,
      cash: { ...drawerOf(sums), expected: close.expectedCash },
      paystack: close.paystack ?? paystackOf(null),
      deposits: depositDayOf(sums.deposits),
    };
  }
  const day = await readLedger(ledger, date);
  const stored = day.configured
    ? {
        error: day.error,
        matches: matchPaystack(sums.online, day),
        reversals: await matchReversals(db, day),
      }
    : null;
  return {
    date,
    close: null,
    tenders: tendersOf(sums, { online: paystackCountedKobo(day) }).map(tenderLine),
    cash: drawerOf(sums),
    paystack: paystackOf(stored),
    deposits: depositDayOf(sums.deposits),
  };
}

/**
 * POST /api/sales/daily/{date}/close: closes a Lagos day. Cash counted (a total, or by note:
 * Σ notes + coins) against the drawer expected (float + cash taken − cash refunds + pay-ins −
 * pay-outs); card and transfer counted as typed (null: not counted); Paystack matched by
 * reference (its total is the online tender's counted figure). The figures are added up under
 * the day's exclusive lock, so no sale, refund or movement slips in; from then on the day is
 * locked (day-lock.ts). Audited with each tender's variance.
 * @throws HttpError 404 bad date; 400 a day that has not started; 409 already closed.
 */
export async function closeDay(
  db: Db,
  ledger: PaystackLedger | null,
  admin: AdminIdentity,
  date: string,
  input: DayCloseInput,
  now: Date = new Date(),
): Promise<DayClose> {
  const { from } = tillDayRange(date);
  if (from.getTime() > now.getTime()) {
    throw new HttpError(400, "A day can be closed only once it has started");
  }
  const day = await readLedger(ledger, date);
  const countedCash = input.cashCount
    ? cashCountKobo(input.cashCount)
    : nairaToKobo(input.countedCash ?? 0);
  const kobo = (n: number | null | undefined) =>
    n === null || n === undefined ? null : nairaToKobo(n);
  try {
    await db.transaction(async (tx) => {
      await lockDay(tx, date);
      if (await getDayClose(tx, date)) throw new HttpError(409, DAY_CLOSE_MESSAGES.alreadyClosed);
      const sums = await daySums(tx, date);
      const tenders = tendersOf(sums, {
        cash: countedCash,
        card: kobo(input.counted.card),
        transfer: kobo(input.counted.transfer),
        online: paystackCountedKobo(day),
      });
      const expectedCash = drawerKobo(sums).expected;
      await tx.insert(saleDayCloses).values({
        businessDate: date,
        expectedCashKobo: expectedCash,
        countedCashKobo: countedCash,
        tenders,
        cashCount: input.cashCount
          ? {
              notes: { ...input.cashCount.notes },
              coinsKobo: nairaToKobo(input.cashCount.coins),
            }
          : null,
        paystack: day.configured
          ? {
              error: day.error,
              matches: matchPaystack(sums.online, day),
              reversals: await matchReversals(tx, day),
            }
          : null,
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
          expectedCash: naira(expectedCash),
          countedCash: naira(countedCash),
          difference: naira(countedCash - expectedCash),
          tenders: tenders.map((t) => {
            const line = tenderLine(t);
            return {
              tender: t.tender,
              expected: line.expected,
              counted: line.counted,
              variance: line.variance,
            };
          }),
        },
      });
    });
  } catch (err) {
    if (sqlState(err) === SQL_STATE.uniqueViolation) {
      throw new HttpError(409, DAY_CLOSE_MESSAGES.alreadyClosed);
    }
    throw err;
  }
  return (await getDayClose(db, date)) as DayClose;
}

/**
 * POST /api/sales/daily/{date}/reopen (capability day.reopen: managers): opens a closed day
 * again so a sale, refund or movement can be recorded on it; the close is removed and the audit
 * log keeps its figures, who reopened and why.
 * @throws HttpError 404 bad date; 409 the day is not closed.
 */
export async function reopenDay(
  db: Db,
  admin: AdminIdentity,
  date: string,
  reason: string,
): Promise<CloseSheet["close"]> {
  tillDayRange(date);
  await db.transaction(async (tx) => {
    await lockDay(tx, date);
    const close = await getDayClose(tx, date);
    if (!close) throw new HttpError(409, DAY_CLOSE_MESSAGES.notClosed);
    await tx.delete(saleDayCloses).where(eq(saleDayCloses.businessDate, date));
    await recordAudit(tx, admin, {
      action: "sales.day-reopen",
      entity: "sales-day",
      entityId: date,
      details: {
        reason,
        closedBy: close.closedBy,
        closedAt: close.closedAt,
        expectedCash: close.expectedCash,
        countedCash: close.countedCash,
        tenders: close.tenders.map((t) => ({
          tender: t.tender,
          expected: t.expected,
          counted: t.counted,
          variance: t.variance,
        })),
      },
    });
  });
  return null;
}

/**
 * POST /api/sales/daily/{date}/cash-movements: records the opening float (one a day), a pay-in
 * or a pay-out (with its reason) on an open day that has started. Audited.
 * @returns the movement (naira).
 * @throws HttpError 404 bad date; 400 a day not started or closed; 409 a second float.
 */
export async function recordCashMovement(
  db: Db,
  admin: AdminIdentity,
  date: string,
  input: { kind: CashMovementKind; amount: number; reason: string },
  now: Date = new Date(),
): Promise<CashMovement> {
  const { from } = tillDayRange(date);
  if (from.getTime() > now.getTime()) {
    throw new HttpError(400, "Cash can be recorded only on a day that has started");
  }
  try {
    const row = await db.transaction(async (tx) => {
      await assertDayOpen(tx, date);
      const [inserted] = await tx
        .insert(saleCashMovements)
        .values({
          businessDate: date,
          kind: input.kind,
          amountKobo: nairaToKobo(input.amount),
          reason: input.reason || "Opening float",
          createdBy: admin.id,
          createdByName: admin.username,
          createdAt: now,
        })
        .returning();
      if (!inserted) throw new Error("cash movement insert returned no row");
      await recordAudit(tx, admin, {
        action: "sales.cash-movement",
        entity: "sales-day",
        entityId: date,
        details: { kind: input.kind, amount: input.amount, reason: inserted.reason },
      });
      return inserted;
    });
    return movementOf(row);
  } catch (err) {
    if (sqlState(err) === SQL_STATE.uniqueViolation) {
      throw new HttpError(409, DAY_CLOSE_MESSAGES.floatTwice, {
        kind: DAY_CLOSE_MESSAGES.floatTwice,
      });
    }
    throw err;
  }
}
