/**
 * Pay runs (admin spec §2 "Pay & Commissions", §7 /api/pay-runs; issue 13): computed here from
 * closed hours, commission and tips (./payroll.ts does the arithmetic), never taken from the
 * client; one member's pay runs never cover the same day twice. Money is kobo in the db and
 * naira in answers; periods are Lagos dates, inclusive. Changes write an audit row in their
 * transaction.
 */
import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AdminIdentity } from "#common/auth.ts";
import { lagosDayRange, lagosDayStart } from "#common/lagos-time.ts";
import { koboToNaira, nairaToKobo } from "#common/money.ts";
import {
  MAX_PAY_PERIOD_DAYS,
  PAY_RUNS_SHOWN,
  type PayRun,
  type PayRunSummary,
  type payRunInputSchema,
  STAFF_MESSAGES,
} from "#common/staff.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { payRuns, staff } from "#server/db/schema/staff.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { completedServices, memberSales } from "./member-sales.ts";
import { fullName } from "./members.ts";
import { computePay, minutesToHours } from "./payroll.ts";
import { workedEntries } from "./time-clock.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

type PayRunRow = typeof payRuns.$inferSelect & { firstName: string; lastName: string };

function toPayRun(r: PayRunRow): PayRun {
  return {
    id: r.id,
    staffId: r.staffId,
    staffName: fullName(r),
    payPeriodStart: String(r.payPeriodStart),
    payPeriodEnd: String(r.payPeriodEnd),
    regularHours: Number(r.regularHours),
    overtimeHours: Number(r.overtimeHours),
    regularPay: koboToNaira(r.regularPayKobo),
    overtimePay: koboToNaira(r.overtimePayKobo),
    commissionEarned: koboToNaira(r.commissionKobo),
    tips: koboToNaira(r.tipsKobo),
    deductions: koboToNaira(r.deductionsKobo),
    grossPay: koboToNaira(r.grossPayKobo),
    netPay: koboToNaira(r.netPayKobo),
    status: r.status,
    paidAt: r.paidAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

const payRunSelect = (db: Db | Tx) =>
  db
    .select({
      id: payRuns.id,
      staffId: payRuns.staffId,
      payPeriodStart: payRuns.payPeriodStart,
      payPeriodEnd: payRuns.payPeriodEnd,
      regularHours: payRuns.regularHours,
      overtimeHours: payRuns.overtimeHours,
      regularPayKobo: payRuns.regularPayKobo,
      overtimePayKobo: payRuns.overtimePayKobo,
      commissionKobo: payRuns.commissionKobo,
      tipsKobo: payRuns.tipsKobo,
      deductionsKobo: payRuns.deductionsKobo,
      grossPayKobo: payRuns.grossPayKobo,
      netPayKobo: payRuns.netPayKobo,
      status: payRuns.status,
      paidAt: payRuns.paidAt,
      createdAt: payRuns.createdAt,
      firstName: staff.firstName,
      lastName: staff.lastName,
    })
    .from(payRuns)
    .innerJoin(staff, eq(staff.id, payRuns.staffId));

/** The latest pay runs (of one member or everyone), newest first; default the spec's 10. */
export async function listPayRuns(
  db: Db,
  options: { staffId?: number; limit?: number } = {},
): Promise<PayRun[]> {
  const rows = await payRunSelect(db)
    .where(options.staffId === undefined ? undefined : eq(payRuns.staffId, options.staffId))
    .orderBy(desc(payRuns.createdAt), desc(payRuns.id))
    .limit(options.limit ?? PAY_RUNS_SHOWN);
  return rows.map(toPayRun);
}

/** One pay run, or null. */
export async function getPayRun(db: Db | Tx, id: number): Promise<PayRun | null> {
  const [row] = await payRunSelect(db).where(eq(payRuns.id, id));
  return row ? toPayRun(row) : null;
}

/** The four cards of Pay & Commissions over every pay run: net payroll, hours, counts. */
export async function payRunSummary(db: Db): Promise<PayRunSummary> {
  const [row] = await db
    .select({
      net: sql<number>`coalesce(sum(${payRuns.netPayKobo}), 0)::bigint`,
      hours: sql<string>`coalesce(sum(${payRuns.regularHours} + ${payRuns.overtimeHours}), 0)`,
      pending: sql<number>`count(*) filter (where ${payRuns.status} = 'pending')::int`,
      paid: sql<number>`count(*) filter (where ${payRuns.status} = 'paid')::int`,
    })
    .from(payRuns);
  return {
    totalPayroll: koboToNaira(Number(row?.net ?? 0)),
    totalHours: Math.round(Number(row?.hours ?? 0) * 100) / 100,
    pendingCount: Number(row?.pending ?? 0),
    paidCount: Number(row?.paid ?? 0),
  };
}

/** [from, to) instants of Lagos dates `start` to `end` inclusive; null for an impossible date. */
function periodRange(start: string, end: string): { from: Date; to: Date } | null {
  if (!lagosDayStart(start) || !lagosDayStart(end)) return null;
  return { from: lagosDayRange(start).from, to: lagosDayRange(end).to };
}

/**
 * Refuses a period (Lagos dates, inclusive) that touches a pay run `member` already has.
 * @throws HttpError 409 naming the member.
 */
async function refuseOverlap(
  tx: Tx,
  member: { id: number; firstName: string; lastName: string },
  start: string,
  end: string,
): Promise<void> {
  const [overlap] = await tx
    .select({ id: payRuns.id })
    .from(payRuns)
    .where(
      and(
        eq(payRuns.staffId, member.id),
        lte(payRuns.payPeriodStart, end),
        gte(payRuns.payPeriodEnd, start),
      ),
    )
    .limit(1);
  if (overlap) {
    const message = `${fullName(member)} ${STAFF_MESSAGES.periodOverlap}`;
    throw new HttpError(409, message, { payPeriodStart: message });
  }
}

/**
 * Creates a pending pay run for a member and a period (Lagos dates, inclusive), computed from
 * their closed time entries that began in it (unpaid breaks deducted; overtime beyond 40 hours
 * in a Sunday-first week at 1.5×), commission on the sale lines that name them (each line's
 * rate, net of refunds) plus their default rate on completed appointments no sale checked out,
 * the tips given to them at the till, and `deductions` (naira; docs/decisions/0215).
 * @throws HttpError 400 (bad period, deductions above gross), 404 (no member), 409 (the member
 * already has a pay run touching the period).
 */
export async function createPayRun(
  db: Db,
  admin: AdminIdentity,
  input: z.output<typeof payRunInputSchema>,
): Promise<PayRun> {
  const range = periodRange(input.payPeriodStart, input.payPeriodEnd);
  if (!range) {
    throw new HttpError(400, STAFF_MESSAGES.periodStart, {
      payPeriodStart: STAFF_MESSAGES.periodStart,
    });
  }
  if ((range.to.getTime() - range.from.getTime()) / DAY_MS > MAX_PAY_PERIOD_DAYS) {
    throw new HttpError(400, STAFF_MESSAGES.periodLength, {
      payPeriodEnd: STAFF_MESSAGES.periodLength,
    });
  }
  const id = await db.transaction(async (tx) => {
    const [member] = await tx.select().from(staff).where(eq(staff.id, input.staffId)).for("update");
    if (!member)
      throw new HttpError(404, STAFF_MESSAGES.notFound, { staffId: STAFF_MESSAGES.notFound });
    await refuseOverlap(tx, member, input.payPeriodStart, input.payPeriodEnd);
    const entries = await workedEntries(tx, [member.id], range.from, range.to);
    // Visits completed without a till checkout earn the default rate; sale lines carry their own.
    const services = await completedServices(tx, member.id, range.from, range.to, true);
    const sold = await memberSales(tx, member.id, range.from, range.to);
    const pay = computePay({
      entries,
      hourlyRateKobo: member.hourlyRateKobo,
      commissionRateBp: member.commissionRateBp,
      commissionBaseKobo: services.kobo,
      lineCommissionKobo: sold.commissionKobo,
      tipsKobo: sold.tipsKobo,
      deductionsKobo: nairaToKobo(input.deductions),
    });
    const [row] = await tx
      .insert(payRuns)
      .values({
        staffId: member.id,
        payPeriodStart: input.payPeriodStart,
        payPeriodEnd: input.payPeriodEnd,
        regularHours: minutesToHours(pay.regularMinutes),
        overtimeHours: minutesToHours(pay.overtimeMinutes),
        regularPayKobo: pay.regularPayKobo,
        overtimePayKobo: pay.overtimePayKobo,
        commissionKobo: pay.commissionKobo,
        tipsKobo: pay.tipsKobo,
        deductionsKobo: pay.deductionsKobo,
        grossPayKobo: pay.grossPayKobo,
        netPayKobo: pay.netPayKobo,
        status: "pending",
      })
      .returning({ id: payRuns.id });
    if (!row) throw new Error("insert returned no row");
    await recordAudit(tx, admin, {
      action: "pay-run.create",
      entity: "pay_run",
      entityId: row.id,
      details: {
        staffId: member.id,
        period: [input.payPeriodStart, input.payPeriodEnd],
        netPayKobo: pay.netPayKobo,
      },
    });
    return row.id;
  });
  return (await getPayRun(db, id)) as PayRun;
}

/**
 * Approves a pending pay run: status paid, paid now.
 * @throws HttpError 404 (no pay run), 409 (already paid).
 */
export async function approvePayRun(
  db: Db,
  admin: AdminIdentity,
  id: number,
  now = new Date(),
): Promise<PayRun> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(payRuns).where(eq(payRuns.id, id)).for("update");
    if (!row) throw new HttpError(404, STAFF_MESSAGES.payRunNotFound);
    if (row.status === "paid") throw new HttpError(409, STAFF_MESSAGES.alreadyPaid);
    await tx.update(payRuns).set({ status: "paid", paidAt: now }).where(eq(payRuns.id, id));
    await recordAudit(tx, admin, {
      action: "pay-run.approve",
      entity: "pay_run",
      entityId: id,
      details: { staffId: row.staffId, netPayKobo: row.netPayKobo },
    });
  });
  return (await getPayRun(db, id)) as PayRun;
}
