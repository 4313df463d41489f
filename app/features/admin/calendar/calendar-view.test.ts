import { describe, expect, it } from "vitest";
import {
  assignLanes,
  parseCalendarParams,
  placeOnDay,
  rangeTitle,
  shiftDate,
  weekDays,
} from "./calendar-view.ts";

describe("calendar view rules", () => {
  it("reads the URL, defaulting to today in Lagos and no view", () => {
    const now = new Date("2026-11-22T23:30:00Z"); // already Monday 23 Nov in Lagos
    expect(parseCalendarParams(new URLSearchParams(""), now)).toEqual({
      view: null,
      date: "2026-11-23",
      staffId: null,
    });
    expect(
      parseCalendarParams(new URLSearchParams("view=day&date=2026-02-30&staff=x"), now),
    ).toEqual({ view: "day", date: "2026-11-23", staffId: null });
    expect(
      parseCalendarParams(new URLSearchParams("view=week&date=2026-12-15&staff=4"), now),
    ).toEqual({ view: "week", date: "2026-12-15", staffId: 4 });
  });

  it("weeks start on Monday and dates move by Lagos days", () => {
    expect(weekDays("2026-11-29")).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
    ]);
    expect(shiftDate("2026-12-31", 1)).toBe("2027-01-01");
    expect(shiftDate("2026-03-01", -7)).toBe("2026-02-22");
    expect(rangeTitle("week", "2026-11-25")).toBe("23 Nov – 29 Nov 2026");
    expect(rangeTitle("day", "2026-11-25")).toBe("Wednesday, 25 November 2026");
  });

  it("places a span on its Lagos day at 48 px per half hour, cut at the day's edges", () => {
    // 10:00–11:00 Lagos is 09:00–10:00 UTC.
    const start = new Date("2026-11-24T09:00:00Z");
    const end = new Date("2026-11-24T10:00:00Z");
    expect(placeOnDay("2026-11-24", start, end)).toEqual({ top: 192, height: 96 });
    expect(placeOnDay("2026-11-25", start, end)).toBeNull();
    // A block over two days: the second day shows 08:00 until it ends at 09:00.
    const long = placeOnDay(
      "2026-11-25",
      new Date("2026-11-24T15:00:00Z"),
      new Date("2026-11-25T08:00:00Z"),
    );
    expect(long).toEqual({ top: 0, height: 96 });
  });

  it("puts overlapping items side by side", () => {
    const laid = assignLanes([
      { id: "a", start: 0, end: 96 },
      { id: "b", start: 48, end: 144 },
      { id: "c", start: 96, end: 144 },
      { id: "d", start: 200, end: 248 },
    ]);
    const by = Object.fromEntries(laid.map((x) => [x.id, [x.lane, x.lanes]]));
    expect(by).toEqual({ a: [0, 2], b: [1, 2], c: [0, 2], d: [0, 1] });
  });
});
