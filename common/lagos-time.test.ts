import { describe, expect, it } from "vitest";
import {
  formatLagosLongDate,
  isRealDate,
  lagosDate,
  lagosDateTime,
  lagosDayRange,
  lagosDayStart,
  lagosDaysAgo,
  lagosMinutes,
  lagosMonth,
  lagosStartOfDay,
  lagosWeek,
  lagosWeekday,
  lagosWeekdayName,
  parseLagosDateTime,
  previousLagosMonth,
  shiftLagosDate,
} from "./lagos-time.ts";

describe("Lagos days", () => {
  it("counts 23:30 UTC as the next Lagos day, and its bounds run midnight to midnight Lagos", () => {
    const lateEvening = new Date("2026-11-30T23:30:00Z");
    expect(lagosDate(lateEvening)).toBe("2026-12-01");
    expect(lagosStartOfDay(lateEvening).toISOString()).toBe("2026-11-30T23:00:00.000Z");
    const { from, to } = lagosDayRange("2026-12-01");
    expect([from.toISOString(), to.toISOString()]).toEqual([
      "2026-11-30T23:00:00.000Z",
      "2026-12-01T23:00:00.000Z",
    ]);
  });

  it("refuses dates that do not exist", () => {
    expect(isRealDate("2026-02-29")).toBe(false);
    expect(isRealDate("2028-02-29")).toBe(true);
    expect(lagosDayStart("2026-13-01")).toBeNull();
    expect(() => lagosDayRange("2026-02-30")).toThrow(RangeError);
  });

  it("moves dates across months and years", () => {
    expect(shiftLagosDate("2026-03-01", -1)).toBe("2026-02-28");
    expect(shiftLagosDate("2026-12-31", 1)).toBe("2027-01-01");
    expect(lagosDaysAgo(1, new Date("2026-03-01T00:30:00+01:00"))).toBe("2026-02-28");
  });
});

describe("Lagos weeks and months", () => {
  it("starts the week on Monday in Lagos, even late on Sunday UTC", () => {
    // Sunday 29 Nov 2026 23:30 UTC is Monday 30 Nov 00:30 in Lagos.
    const week = lagosWeek(new Date("2026-11-29T23:30:00Z"));
    expect(week.monday).toBe("2026-11-30");
    expect(week.from.toISOString()).toBe("2026-11-29T23:00:00.000Z");
    expect(week.to.toISOString()).toBe("2026-12-06T23:00:00.000Z");
  });

  it("bounds this month and the one before in Lagos time", () => {
    // 31 Oct 23:30 UTC is already 1 November in Lagos.
    const now = new Date("2026-10-31T23:30:00Z");
    expect(lagosMonth(now)).toEqual({
      from: new Date("2026-10-31T23:00:00Z"),
      to: new Date("2026-11-30T23:00:00Z"),
    });
    expect(previousLagosMonth(now)).toEqual({
      from: new Date("2026-09-30T23:00:00Z"),
      to: new Date("2026-10-31T23:00:00Z"),
    });
  });
});

describe("Lagos wall clock", () => {
  it("reads 24-hour wall time as Lagos time and refuses impossible times", () => {
    expect(parseLagosDateTime("2026-12-01 09:30")?.toISOString()).toBe("2026-12-01T08:30:00.000Z");
    expect(parseLagosDateTime("2026-12-01T09:30")?.toISOString()).toBe("2026-12-01T08:30:00.000Z");
    expect(parseLagosDateTime("2026-12-01T09:30:00Z")?.toISOString()).toBe(
      "2026-12-01T09:30:00.000Z",
    );
    expect(parseLagosDateTime("2026-02-30 09:30")).toBeNull();
    expect(parseLagosDateTime("2026-12-01 24:00")).toBeNull();
    expect(parseLagosDateTime("tomorrow")).toBeNull();
  });

  it("gives the weekday and minutes of an instant in Lagos", () => {
    const sundayNight = new Date("2026-11-29T23:15:00Z"); // Monday 00:15 in Lagos
    expect(lagosWeekday(sundayNight)).toBe(1);
    expect(lagosWeekdayName(sundayNight)).toBe("Monday");
    expect(lagosWeekdayName(sundayNight, true)).toBe("Mon");
    expect(lagosMinutes(sundayNight)).toBe(15);
  });

  it("prints the receipt time as the en-GB formatter in Lagos did", () => {
    const instant = new Date("2026-11-23T06:15:00Z");
    const intl = new Intl.DateTimeFormat("en-GB", {
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hour12: false,
      timeZone: "Africa/Lagos",
    }).format(instant);
    expect(lagosDateTime(instant)).toBe("Mon, 23 Nov 2026, 07:15");
    expect(lagosDateTime(instant)).toBe(intl);
    expect(formatLagosLongDate(new Date("2026-11-20T23:30:00Z"))).toBe("21 November 2026");
  });
});
