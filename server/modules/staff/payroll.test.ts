/** Pay arithmetic (issue 13): minutes, breaks, weekly overtime, kobo rounding. */
import { describe, expect, it } from "vitest";
import { lagosSundayWeek } from "#common/lagos-time.ts";
import { computePay, minutesToHours, splitOvertime, workedMinutes } from "./payroll.ts";

/** Lagos wall time 'YYYY-MM-DD HH:MM' (UTC+1) as an instant. */
const at = (text: string) => new Date(`${text.replace(" ", "T")}:00+01:00`);
const entry = (day: string, from: string, to: string, breakMinutes = 0) => ({
  clockIn: at(`${day} ${from}`),
  clockOut: at(`${day} ${to}`),
  unpaidBreakMs: breakMinutes * 60_000,
});

describe("pay arithmetic", () => {
  it("counts whole minutes less unpaid breaks", () => {
    expect(workedMinutes(entry("2030-01-07", "09:00", "17:30", 45))).toBe(465);
    expect(minutesToHours(465)).toBe(7.75);
    expect(workedMinutes(entry("2030-01-07", "09:00", "09:10", 30))).toBe(0);
  });

  it("groups weeks from Sunday in Lagos time", () => {
    // Sunday 00:30 Lagos is Saturday 23:30 UTC: still the week starting that Sunday.
    expect(lagosSundayWeek(at("2030-01-06 00:30")).sunday).toBe("2030-01-06");
    expect(lagosSundayWeek(at("2030-01-05 23:30")).sunday).toBe("2029-12-30");
  });

  it("pays overtime beyond 40 hours in each week, not across weeks", () => {
    const week1 = ["07", "08", "09", "10", "11"].map((d) =>
      entry(`2030-01-${d}`, "09:00", "18:00"),
    );
    const week2 = [entry("2030-01-14", "09:00", "17:00")];
    expect(splitOvertime([...week1, ...week2])).toEqual({
      regularMinutes: (40 + 8) * 60,
      overtimeMinutes: 5 * 60,
    });
  });

  it("computes a fixed example in kobo: overtime, a break, commission, tips, deductions", () => {
    const entries = [
      entry("2030-01-07", "09:00", "18:00", 60), // 8 h after a 1 h unpaid break
      ...["08", "09", "10", "11"].map((d) => entry(`2030-01-${d}`, "09:00", "18:00")), // 4 × 9 h
    ];
    const pay = computePay({
      entries,
      hourlyRateKobo: 200_000, // ₦2,000 an hour
      commissionRateBp: 1_000, // 10%
      commissionBaseKobo: 4_500_000 + 1_000_000, // ₦45,000 service + ₦10,000 products
      tipsKobo: 50_000,
      deductionsKobo: 500_000,
    });
    expect(pay).toEqual({
      regularMinutes: 40 * 60,
      overtimeMinutes: 4 * 60,
      regularPayKobo: 8_000_000, // 40 h × ₦2,000
      overtimePayKobo: 1_200_000, // 4 h × ₦2,000 × 1.5
      commissionKobo: 550_000,
      tipsKobo: 50_000,
      deductionsKobo: 500_000,
      grossPayKobo: 9_800_000,
      netPayKobo: 9_300_000,
    });
  });

  it("rounds pay to the nearest kobo", () => {
    const pay = computePay({
      entries: [entry("2030-01-07", "09:00", "17:30", 45)],
      hourlyRateKobo: 150_050, // ₦1,500.50
      commissionRateBp: 0,
      commissionBaseKobo: 0,
      tipsKobo: 0,
      deductionsKobo: 0,
    });
    // 465 min × 150,050 / 60 = 1,162,887.5 kobo
    expect(pay.regularPayKobo).toBe(1_162_888);
    expect(pay.netPayKobo).toBe(1_162_888);
  });

  it("refuses deductions above gross pay", () => {
    expect(() =>
      computePay({
        entries: [],
        hourlyRateKobo: 100_000,
        commissionRateBp: 0,
        commissionBaseKobo: 0,
        tipsKobo: 0,
        deductionsKobo: 1,
      }),
    ).toThrow("Deductions cannot be more than gross pay");
  });
});
