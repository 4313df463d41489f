/**
 * Booking deposits in a Lagos day's figures (issue 32 "the daily close shows deposits taken,
 * applied, refunded and forfeited per tender"; docs/decisions/0296): what was taken online
 * (by Paystack's channel, or the test dialog), credited at the till (the 'deposit' tender),
 * returned to the deposit by a void, refunded to the client and forfeited, each dated when it
 * happened. Read by the close sheet (close-sheet.ts) and, for the online tender, by the close
 * itself. Kobo inside, naira in `DepositDay`.
 */
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import {
  DEPOSIT_CHANNEL_LABELS,
  DEPOSIT_MOVEMENTS,
  type DepositDay,
  type DepositDayRow,
  type DepositMovement,
} from "#common/sales.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { bookingDeposits } from "#server/db/schema/deposits.ts";
import { salePayments, saleRefunds, sales } from "#server/db/schema/sales.ts";
import { naira } from "./shared.ts";

/** One movement by one tender, in kobo. */
type Sum = { movement: DepositMovement; tender: string; count: number; kobo: number };

/** The day's deposits in kobo: each movement by tender, what Paystack took, what is owed. */
export type DepositDaySums = {
  sums: Sum[];
  /** Each deposit paid that day (for Paystack's matching by reference). */
  taken: Array<{ id: number; reference: string; kobo: number }>;
  /** Kobo of deposits refunded to clients that day (through the payment provider). */
  refundedKobo: number;
  leftToReturnKobo: number;
};

const count = sql<number>`count(*)`.mapWith(Number);
const amount = sql<number>`coalesce(sum(${bookingDeposits.amountKobo}), 0)`.mapWith(Number);
/** Paystack's channel, or 'paystack' when none was recorded. */
const channel = sql<string>`coalesce(${bookingDeposits.channel}, 'paystack')`;

/**
 * The deposit movements of the Lagos day [from, to) (kobo): taken = paid in the day (whatever
 * happened since); refunded and forfeited = settled so in the day; applied = 'deposit' payments
 * of the day's sales; restored = 'deposit' refund rows of the day (voids).
 */
export async function depositDaySums(
  db: Db | Tx,
  range: { from: Date; to: Date },
): Promise<DepositDaySums> {
  const { from, to } = range;
  const settledIn = (status: string) =>
    and(
      eq(bookingDeposits.status, status),
      gte(bookingDeposits.settledAt, from),
      lt(bookingDeposits.settledAt, to),
    );
  const soldOnDay = and(gte(sales.soldAt, from), lt(sales.soldAt, to));
  const [taken, refunded, forfeited, applied, restored, left] = await Promise.all([
    db
      .select({
        id: bookingDeposits.id,
        reference: bookingDeposits.reference,
        kobo: bookingDeposits.amountKobo,
        channel,
      })
      .from(bookingDeposits)
      .where(and(gte(bookingDeposits.paidAt, from), lt(bookingDeposits.paidAt, to)))
      .orderBy(asc(bookingDeposits.id)),
    db
      .select({ tender: channel, count, kobo: amount })
      .from(bookingDeposits)
      .where(settledIn("refunded"))
      .groupBy(channel),
    db
      .select({ tender: channel, count, kobo: amount })
      .from(bookingDeposits)
      .where(settledIn("forfeited"))
      .groupBy(channel),
    db
      .select({
        count,
        kobo: sql<number>`coalesce(sum(${salePayments.amountKobo}), 0)`.mapWith(Number),
      })
      .from(salePayments)
      .innerJoin(sales, eq(sales.id, salePayments.saleId))
      .where(and(soldOnDay, eq(salePayments.method, "deposit"))),
    db
      .select({
        count,
        kobo: sql<number>`coalesce(sum(${saleRefunds.amountKobo}), 0)`.mapWith(Number),
      })
      .from(saleRefunds)
      .where(
        and(
          eq(saleRefunds.method, "deposit"),
          gte(saleRefunds.createdAt, from),
          lt(saleRefunds.createdAt, to),
        ),
      ),
    db
      .select({
        kobo: sql<number>`coalesce(sum(${bookingDeposits.amountKobo} - ${bookingDeposits.appliedKobo}), 0)`.mapWith(
          Number,
        ),
      })
      .from(bookingDeposits)
      .innerJoin(sales, eq(sales.id, bookingDeposits.appliedSaleId))
      .where(and(soldOnDay, eq(bookingDeposits.status, "applied"))),
  ]);
  const byChannel = new Map<string, { count: number; kobo: number }>();
  for (const d of taken) {
    const c = byChannel.get(d.channel) ?? { count: 0, kobo: 0 };
    byChannel.set(d.channel, { count: c.count + 1, kobo: c.kobo + d.kobo });
  }
  const till = (movement: DepositMovement, row: { count: number; kobo: number } | undefined) =>
    row && row.count > 0 ? [{ movement, tender: "till", count: row.count, kobo: row.kobo }] : [];
  const sums: Sum[] = [
    ...[...byChannel].map(([tender, c]) => ({ movement: "taken" as const, tender, ...c })),
    ...till("applied", applied[0]),
    ...till("restored", restored[0]),
    ...refunded.map((r) => ({ movement: "refunded" as const, ...r })),
    ...forfeited.map((r) => ({ movement: "forfeited" as const, ...r })),
  ];
  return {
    sums,
    taken: taken.map(({ id, reference, kobo }) => ({ id, reference, kobo })),
    refundedKobo: refunded.reduce((s, r) => s + r.kobo, 0),
    leftToReturnKobo: left[0]?.kobo ?? 0,
  };
}

/** The day's deposits as the close sheet answers them (naira), movements in their order. */
export function depositDayOf(d: DepositDaySums): DepositDay {
  const order = (m: DepositMovement) => DEPOSIT_MOVEMENTS.indexOf(m);
  const rows: DepositDayRow[] = [...d.sums]
    .sort((a, b) => order(a.movement) - order(b.movement) || a.tender.localeCompare(b.tender))
    .map((s) => ({
      movement: s.movement,
      tender: s.tender,
      label: DEPOSIT_CHANNEL_LABELS[s.tender] ?? "Paystack",
      count: s.count,
      amount: naira(s.kobo),
    }));
  const totals = Object.fromEntries(
    DEPOSIT_MOVEMENTS.map((m) => [
      m,
      naira(d.sums.filter((s) => s.movement === m).reduce((t, s) => t + s.kobo, 0)),
    ]),
  ) as Record<DepositMovement, number>;
  return { rows, totals, leftToReturn: naira(d.leftToReturnKobo) };
}
