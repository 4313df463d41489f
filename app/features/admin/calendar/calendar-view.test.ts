import { describe, expect, it } from "vitest";
import type { Appointment, BlockedTime } from "#common/calendar.ts";
import {
  assignLanes,
  layoutDays,
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

  it("lays out a week in one pass: header counts, placed and side-by-side blocks, blocked times", () => {
    const appt = (id: string, start: string, end: string) =>
      ({ id, appointmentDate: start, endTime: end }) as Appointment;
    const days = weekDays("2026-11-25");
    const layout = layoutDays(
      days,
      [
        // Tue 24 Nov 10:00–11:00 and 10:30–11:30 Lagos: side by side.
        appt("a", "2026-11-24T09:00:00Z", "2026-11-24T10:00:00Z"),
        appt("b", "2026-11-24T09:30:00Z", "2026-11-24T10:30:00Z"),
        // Sun 29 Nov 19:00 Lagos, into Monday (outside the week): counted on Sunday only.
        appt("c", "2026-11-29T18:00:00Z", "2026-11-30T09:00:00Z"),
      ],
      [
        {
          id: 1,
          startTime: "2026-11-23T07:00:00Z",
          endTime: "2026-11-24T08:00:00Z",
        } as BlockedTime,
      ],
    );
    expect(days.map((d) => layout.get(d)?.count)).toEqual([0, 2, 0, 0, 0, 0, 1]);
    const tuesday = layout.get("2026-11-24")?.appointments ?? [];
    expect(tuesday.map((p) => [p.appointment.id, p.top, p.height, p.lane, p.lanes])).toEqual([
      ["a", 192, 96, 0, 2],
      ["b", 240, 96, 1, 2],
    ]);
    // The block runs from Monday 08:00 to Tuesday 09:00 Lagos: both columns show their part.
    expect(layout.get("2026-11-23")?.blocks.map((b) => [b.top, b.height])).toEqual([[0, 1152]]);
    expect(layout.get("2026-11-24")?.blocks.map((b) => [b.top, b.height])).toEqual([[0, 96]]);
  });

  it("draws at most maxLanes side by side and puts the rest behind '+N more'", () => {
    const at = (id: string) =>
      ({
        id,
        appointmentDate: "2026-11-24T09:00:00Z",
        endTime: "2026-11-24T10:00:00Z",
      }) as Appointment;
    const day = layoutDays(["2026-11-24"], ["a", "b", "c", "d", "e", "f"].map(at), [], 4).get(
      "2026-11-24",
    );
    expect(day?.count).toBe(6);
    expect(day?.appointments.map((p) => [p.lane, p.lanes])).toEqual([
      [0, 4],
      [1, 4],
      [2, 4],
    ]);
    expect(day?.more).toHaveLength(1);
    expect(day?.more[0]).toMatchObject({ top: 192, height: 96, lane: 3, lanes: 4 });
    expect(day?.more[0]?.hidden).toHaveLength(3);
  });
});
