import { describe, expect, it } from "vitest";
import type { Appointment, BlockedTime, CalendarStaff } from "#common/calendar.ts";
import { dayLanes, dropPatch, STEP_PX, stepsOf } from "./lanes.ts";

const appt = (over: Partial<Appointment>): Appointment => ({
  id: "1",
  customerName: "Ada Obi",
  customerEmail: "ada@example.com",
  customerPhone: "08031234567",
  clientId: null,
  serviceId: 1,
  serviceName: "HydraFacial",
  appointmentDate: "2030-04-01T09:00:00.000Z", // 10:00 Lagos, a Monday
  endTime: "2030-04-01T10:00:00.000Z",
  status: "scheduled",
  notes: null,
  staffId: 1,
  staffName: "Ngozi Okafor",
  duration: 60,
  price: 180000,
  isGroupBooking: false,
  groupSize: 1,
  isRecurring: false,
  recurrenceType: null,
  recurrenceInterval: null,
  endDate: null,
  seriesId: null,
  bookingId: null,
  virtual: false,
  createdAt: "2030-01-01T00:00:00.000Z",
  updatedAt: "2030-01-01T00:00:00.000Z",
  ...over,
});

const block = (over: Partial<BlockedTime>): BlockedTime => ({
  id: 1,
  title: "Lunch",
  description: null,
  startTime: "2030-04-01T12:00:00.000Z",
  endTime: "2030-04-01T13:00:00.000Z",
  staffId: null,
  staffName: null,
  blockType: "break",
  isPaid: false,
  isRecurring: false,
  color: "#ff6b6b",
  createdAt: "2030-01-01T00:00:00.000Z",
  updatedAt: "2030-01-01T00:00:00.000Z",
  ...over,
});

const STAFF: CalendarStaff[] = [
  { id: 1, name: "Ngozi Okafor", calendarColor: "#3b82f6", workDays: [1, 2, 3, 4, 5] },
  { id: 2, name: "Tunde Bello", calendarColor: "#3b82f6", workDays: [6] },
  { id: 3, name: "Bola Ade", calendarColor: "#3b82f6", workDays: [1] },
];

describe("day view lanes (issue 28 item 10)", () => {
  it("has a column per member working that weekday or busy that day, Unassigned first", () => {
    const lanes = dayLanes(
      "2030-04-01",
      STAFF,
      [
        appt({ id: "1" }),
        appt({ id: "2", staffId: null, staffName: null }),
        appt({ id: "3", staffId: 2, staffName: "Tunde Bello" }),
        appt({
          id: "4",
          appointmentDate: "2030-04-02T09:00:00.000Z",
          endTime: "2030-04-02T10:00:00.000Z",
        }),
      ],
      [block({ id: 7 }), block({ id: 8, staffId: 3, staffName: "Bola Ade" })],
      null,
    );
    expect(lanes.map((l) => [l.label, l.staffId])).toEqual([
      ["Unassigned", null],
      ["Ngozi Okafor", 1],
      ["Tunde Bello", 2],
      ["Bola Ade", 3],
    ]);
    expect(lanes.map((l) => l.appointments.map((a) => a.id))).toEqual([["2"], ["1"], ["3"], []]);
    // The all-staff block has one button (first member column) and shadows elsewhere.
    expect(lanes.map((l) => l.blocks.map((b) => b.id))).toEqual([[], [7], [], [8]]);
    expect(lanes.map((l) => l.shadowBlocks.map((b) => b.id))).toEqual([[7], [], [7], [7]]);
  });

  it("shows one column for the filtered member, and one unnamed column on an empty day", () => {
    const one = dayLanes("2030-04-01", STAFF, [appt({})], [], 2);
    expect(one.map((l) => [l.label, l.staffId, l.appointments.length])).toEqual([
      ["Tunde Bello", 2, 1],
    ]);
    const sunday = dayLanes(
      "2030-03-31",
      STAFF,
      [],
      [block({ startTime: "2030-03-31T09:00:00.000Z", endTime: "2030-03-31T10:00:00.000Z" })],
      null,
    );
    expect(sunday.map((l) => [l.label, l.staffId, l.blocks.length])).toEqual([
      [null, undefined, 1],
    ]);
  });
});

describe("what a drop asks for", () => {
  const lane = { date: "2030-04-01", staffId: 1 };
  it("moves by 15-minute steps, across members and days, inside the grid's hours", () => {
    expect(stepsOf(STEP_PX * 2 + 5)).toBe(2);
    expect(dropPatch(appt({}), "move", 1, lane)).toEqual({ appointmentDate: "2030-04-01 10:15" });
    expect(dropPatch(appt({}), "move", -2, { ...lane, staffId: 2 })).toEqual({
      appointmentDate: "2030-04-01 09:30",
      staffId: 2,
    });
    expect(dropPatch(appt({}), "move", 0, { date: "2030-04-03", staffId: undefined })).toEqual({
      appointmentDate: "2030-04-03 10:00",
    });
    expect(dropPatch(appt({}), "move", -40, lane)).toEqual({ appointmentDate: "2030-04-01 08:00" });
    expect(dropPatch(appt({}), "move", 0, { ...lane, staffId: null })).toEqual({ staffId: null });
    expect(dropPatch(appt({}), "move", 0, lane)).toBeNull();
  });

  it("resizes the duration, never under 15 minutes", () => {
    expect(dropPatch(appt({}), "resize", 2, lane)).toEqual({ duration: 90 });
    expect(dropPatch(appt({}), "resize", -10, lane)).toEqual({ duration: 15 });
    expect(dropPatch(appt({}), "resize", 0, lane)).toBeNull();
  });
});
