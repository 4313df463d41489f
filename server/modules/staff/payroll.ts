/**
 * Pay arithmetic (issue 13 "Pay & Commissions"), pure and in whole kobo and minutes: worked time
 * of closed entries less unpaid breaks, overtime beyond OVERTIME_WEEKLY_THRESHOLD_HOURS in each
 * Sunday-first Lagos week (admin spec §9 "hours week starts on Sunday") at OVERTIME_MULTIPLIER,
 * commission as basis points of a sales base, tips, deductions.
 */
import { lagosSundayWeek } from "#common/lagos-time.ts";
import {
  OVERTIME_MULTIPLIER,
  OVERTIME_WEEKLY_THRESHOLD_HOURS,
  STAFF_MESSAGES,
} from "#common/staff.ts";
import { HttpError } from "#server/http.ts";

/** One closed time entry: its instants and the unpaid break time inside it (ms). */
export type WorkedEntry = { clockIn: Date; clockOut: Date; unpaidBreakMs: number };

export type PayFigures = {
  regularMinutes: number;
  overtimeMinutes: number;
  regularPayKobo: number;
  overtimePayKobo: number;
  commissionKobo: number;
  tipsKobo: number;
  deductionsKobo: number;
  grossPayKobo: number;
  netPayKobo: number;
};

/** Whole minutes worked in one entry: clock-out − clock-in − unpaid breaks, rounded, ≥ 0. */
export function workedMinutes(entry: WorkedEntry): number {
  const ms = entry.clockOut.getTime() - entry.clockIn.getTime() - entry.unpaidBreakMs;
  return Math.max(0, Math.round(ms / 60_000));
}

/** Regular and overtime minutes: each week's minutes beyond the threshold are overtime. */
export function splitOvertime(entries: WorkedEntry[]): {
  regularMinutes: number;
  overtimeMinutes: number;
} {
  const byWeek = new Map<string, number>();
  for (const e of entries) {
    const week = lagosSundayWeek(e.clockIn).sunday;
    byWeek.set(week, (byWeek.get(week) ?? 0) + workedMinutes(e));
  }
  const threshold = OVERTIME_WEEKLY_THRESHOLD_HOURS * 60;
  let regularMinutes = 0;
  let overtimeMinutes = 0;
  for (const minutes of byWeek.values()) {
    regularMinutes += Math.min(minutes, threshold);
    overtimeMinutes += Math.max(0, minutes - threshold);
  }
  return { regularMinutes, overtimeMinutes };
}

/**
 * The pay of one member for one period. `hourlyRateKobo` per hour; `commissionRateBp` basis
 * points of `commissionBaseKobo` (completed visits no sale checked out) plus
 * `lineCommissionKobo` (the commission fixed on their sale lines, issue 29); all kobo.
 * gross = regular + overtime + commission + tips; net = gross − deductions.
 * @throws HttpError 400 when deductions exceed gross pay.
 */
export function computePay(input: {
  entries: WorkedEntry[];
  hourlyRateKobo: number;
  commissionRateBp: number;
  commissionBaseKobo: number;
  lineCommissionKobo?: number;
  tipsKobo: number;
  deductionsKobo: number;
}): PayFigures {
  const { regularMinutes, overtimeMinutes } = splitOvertime(input.entries);
  const regularPayKobo = Math.round((regularMinutes * input.hourlyRateKobo) / 60);
  const overtimePayKobo = Math.round(
    (overtimeMinutes * input.hourlyRateKobo * OVERTIME_MULTIPLIER) / 60,
  );
  const commissionKobo =
    Math.round((input.commissionBaseKobo * input.commissionRateBp) / 10_000) +
    (input.lineCommissionKobo ?? 0);
  const grossPayKobo = regularPayKobo + overtimePayKobo + commissionKobo + input.tipsKobo;
  if (input.deductionsKobo > grossPayKobo) {
    throw new HttpError(400, STAFF_MESSAGES.deductionsTooHigh, {
      deductions: STAFF_MESSAGES.deductionsTooHigh,
    });
  }
  return {
    regularMinutes,
    overtimeMinutes,
    regularPayKobo,
    overtimePayKobo,
    commissionKobo,
    tipsKobo: input.tipsKobo,
    deductionsKobo: input.deductionsKobo,
    grossPayKobo,
    netPayKobo: grossPayKobo - input.deductionsKobo,
  };
}

/** Hours with two decimals from whole minutes (what the pay_runs numeric(7,2) columns hold). */
export function minutesToHours(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}
