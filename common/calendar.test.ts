import { describe, expect, it } from "vitest";
import {
  APPOINTMENT_MESSAGES,
  appointmentActions,
  appointmentInputSchema,
  appointmentPatchSchema,
  BLOCK_MESSAGES,
  blockedTimeInputSchema,
  CALENDAR_SLOTS,
  clashMessage,
  expandRecurrence,
  fitsSchedule,
  gridPosition,
  OUTSIDE_OPENING_HOURS_MESSAGE,
  openingHoursRefusal,
  parseAppointmentRef,
  queryRange,
} from "./calendar.ts";
import { formatLagosWallTime, lagosWeek, parseLagosDateTime } from "./lagos-time.ts";

const fieldsOf = (result: {
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("calendar grid (admin spec §9)", () => {
  it("has 30-minute slots from 08:00 to 19:30", () => {
    expect(CALENDAR_SLOTS).toHaveLength(24);
    expect(CALENDAR_SLOTS[0]).toBe("08:00");
    expect(CALENDAR_SLOTS[1]).toBe("08:30");
    expect(CALENDAR_SLOTS.at(-1)).toBe("19:30");
  });

  it("positions a block 48 px per 30 minutes from 08:00 Lagos", () => {
    // 10:00–11:30 Lagos = 09:00–10:30 UTC.
    expect(
      gridPosition(new Date("2030-01-07T09:00:00Z"), new Date("2030-01-07T10:30:00Z")),
    ).toEqual({ top: 192, height: 144 });
    // Starting before 08:00 is cut at the top.
    expect(
      gridPosition(new Date("2030-01-07T06:30:00Z"), new Date("2030-01-07T07:30:00Z")),
    ).toEqual({ top: 0, height: 48 });
  });

  it("finds the Monday-start Lagos week", () => {
    // Sunday 13 Jan 2030 23:30 Lagos is still the week of Monday 7 Jan.
    const week = lagosWeek(new Date("2030-01-13T22:30:00Z"));
    expect(week.monday).toBe("2030-01-07");
    expect(week.from.toISOString()).toBe("2030-01-06T23:00:00.000Z");
    expect(week.to.toISOString()).toBe("2030-01-13T23:00:00.000Z");
  });
});

describe("calendar times", () => {
  it("reads the reschedule prompt's 'YYYY-MM-DD HH:MM' as Lagos time, and ISO", () => {
    expect(parseLagosDateTime("2030-01-07 10:00")?.toISOString()).toBe("2030-01-07T09:00:00.000Z");
    expect(parseLagosDateTime("2030-01-07T10:00")?.toISOString()).toBe("2030-01-07T09:00:00.000Z");
    expect(parseLagosDateTime("2030-01-07T10:00:00+01:00")?.toISOString()).toBe(
      "2030-01-07T09:00:00.000Z",
    );
    expect(parseLagosDateTime("2030-02-30 10:00")).toBeNull();
    expect(parseLagosDateTime("2030-01-07 25:00")).toBeNull();
    expect(parseLagosDateTime("tomorrow")).toBeNull();
    expect(formatLagosWallTime("2030-01-07T09:00:00.000Z")).toBe("2030-01-07 10:00");
  });

  it("turns query dates into Lagos days, 'to' inclusive", () => {
    const { from, to } = queryRange({ from: "2030-01-07", to: "2030-01-13" });
    expect(from?.toISOString()).toBe("2030-01-06T23:00:00.000Z");
    expect(to?.toISOString()).toBe("2030-01-13T23:00:00.000Z");
  });

  it("tells stored ids from virtual booking ids", () => {
    expect(parseAppointmentRef("12")).toEqual({ kind: "appointment", id: 12 });
    expect(parseAppointmentRef("booking-7")).toEqual({ kind: "booking", id: 7 });
    expect(parseAppointmentRef("booking-0")).toBeNull();
    expect(parseAppointmentRef("01")).toBeNull();
    expect(parseAppointmentRef("99999999999")).toBeNull();
  });
});

describe("recurrence (admin spec §3)", () => {
  const first = new Date("2030-01-07T09:00:00Z"); // Monday 10:00 Lagos

  it("expands weekly every week through the end date, in Lagos time", () => {
    const dates = expandRecurrence(first, { type: "weekly", interval: 1, endDate: "2030-03-11" });
    expect(dates).toHaveLength(10);
    expect(dates.map((d) => formatLagosWallTime(d)).slice(0, 2)).toEqual([
      "2030-01-07 10:00",
      "2030-01-14 10:00",
    ]);
    expect(formatLagosWallTime(dates[9] as Date)).toBe("2030-03-11 10:00");
  });

  it("expands daily and every other day", () => {
    expect(
      expandRecurrence(first, { type: "daily", interval: 1, endDate: "2030-01-09" }),
    ).toHaveLength(3);
    expect(
      expandRecurrence(first, { type: "daily", interval: 2, endDate: "2030-01-12" }),
    ).toHaveLength(3);
  });

  it("keeps the day of month, clamping short months without drifting", () => {
    const jan31 = new Date("2030-01-31T09:00:00Z");
    const dates = expandRecurrence(jan31, { type: "monthly", interval: 1, endDate: "2030-04-30" });
    expect(dates.map((d) => formatLagosWallTime(d))).toEqual([
      "2030-01-31 10:00",
      "2030-02-28 10:00",
      "2030-03-31 10:00",
      "2030-04-30 10:00",
    ]);
  });

  it("stops at the cap", () => {
    expect(
      expandRecurrence(first, { type: "daily", interval: 1, endDate: "2031-01-01" }, 61),
    ).toHaveLength(61);
  });
});

describe("details dialog actions (admin spec §4)", () => {
  const labels = (status: string) => appointmentActions(status).map((a) => a.label);
  const always = ["Cancel", "No Show", "Duplicate", "Reschedule", "Delete"];

  it("offers Confirm Booking, Confirm or Mark Complete by status, and always the rest", () => {
    expect(labels("pending")).toEqual(["Confirm Booking", ...always]);
    expect(labels("scheduled")).toEqual(["Confirm", ...always]);
    expect(labels("confirmed")).toEqual(["Mark Complete", ...always]);
    expect(labels("completed")).toEqual(always);
    expect(appointmentActions("pending")[0]?.status).toBe("confirmed");
    expect(appointmentActions("confirmed")[0]?.status).toBe("completed");
  });
});

describe("schedules and clash messages", () => {
  const monday = [{ dayOfWeek: 1, startTime: "09:00:00", endTime: "17:00:00" }];
  const at = (wall: string) => parseLagosDateTime(wall) as Date;

  it("fits a member's schedule for that Lagos weekday; a weekday without one is a day off", () => {
    expect(fitsSchedule(at("2030-01-07 16:00"), at("2030-01-07 17:00"), monday).ok).toBe(true);
    expect(fitsSchedule(at("2030-01-07 16:30"), at("2030-01-07 17:30"), monday)).toEqual({
      ok: false,
      hours: ["09:00–17:00"],
    });
    // Issue 28 item 3: Tuesday has no period, so it is a day off; no schedule at all restricts nothing.
    expect(fitsSchedule(at("2030-01-08 11:00"), at("2030-01-08 12:00"), monday)).toEqual({
      ok: false,
      hours: [],
    });
    expect(fitsSchedule(at("2030-01-08 20:00"), at("2030-01-08 21:00"), []).ok).toBe(true);
  });

  it("keeps to the opening hours: Monday-Saturday from 10:00, closed on Sunday", () => {
    expect(openingHoursRefusal(at("2030-01-07 10:00"))).toBeNull();
    expect(openingHoursRefusal(at("2030-01-12 18:30"))).toBeNull();
    expect(openingHoursRefusal(at("2030-01-07 09:30"))).toBe(OUTSIDE_OPENING_HOURS_MESSAGE);
    expect(openingHoursRefusal(at("2030-01-07 19:00"))).toBe(OUTSIDE_OPENING_HOURS_MESSAGE);
    expect(openingHoursRefusal(at("2030-01-13 12:00"))).toBe("The clinic is closed on Sundays");
  });

  it("names the clash", () => {
    expect(
      clashMessage({
        kind: "appointment",
        staff: "Ngozi",
        service: "HydraFacial",
        customer: "Ada Obi",
        start: at("2030-01-07 10:00"),
        end: at("2030-01-07 11:00"),
      }),
    ).toBe("Ngozi already has HydraFacial with Ada Obi on Mon 7 Jan 2030, 10:00–11:00");
    expect(
      clashMessage({
        kind: "block",
        staff: null,
        title: "Staff meeting",
        start: at("2030-01-07 13:00"),
        end: at("2030-01-07 14:00"),
      }),
    ).toBe("All staff are blocked (Staff meeting) on Mon 7 Jan 2030, 13:00–14:00");
    expect(
      clashMessage({
        kind: "schedule",
        staff: "Ngozi",
        start: at("2030-01-07 17:00"),
        end: at("2030-01-07 18:00"),
        hours: ["09:00–17:00"],
      }),
    ).toBe(
      "Ngozi works 09:00–17:00 on Mondays: Mon 7 Jan 2030, 17:00–18:00 is outside those hours",
    );
  });
});

describe("form schemas (admin spec §5)", () => {
  it("gives the new appointment form's messages", () => {
    const result = appointmentInputSchema.safeParse({
      customerName: "",
      customerEmail: "nope",
      customerPhone: "",
      serviceId: 0,
      appointmentDate: "",
    });
    expect(fieldsOf(result)).toEqual({
      customerName: "Customer name is required",
      customerEmail: "Valid email is required",
      customerPhone: "Phone number is required",
      serviceId: "Service selection is required",
      appointmentDate: "Date and time is required",
    });
  });

  it("defaults group size 1, weekly every 1, scheduled; group size 1-10", () => {
    const ok = appointmentInputSchema.parse({
      customerName: "Ada Obi",
      customerEmail: "ada@example.com",
      customerPhone: "08031234567",
      serviceId: "3",
      appointmentDate: "2030-01-07 10:00",
    });
    expect(ok).toMatchObject({
      serviceId: 3,
      groupSize: 1,
      recurrenceType: "weekly",
      recurrenceInterval: 1,
      status: "scheduled",
      isRecurring: false,
    });
    const big = appointmentInputSchema.safeParse({ ...ok, groupSize: 11 });
    expect(fieldsOf(big).groupSize).toBe(APPOINTMENT_MESSAGES.groupSize);
    const series = appointmentInputSchema.safeParse({ ...ok, isRecurring: true });
    expect(fieldsOf(series).endDate).toBe(APPOINTMENT_MESSAGES.endDate);
  });

  it("gives the block time form's messages and defaults", () => {
    expect(fieldsOf(blockedTimeInputSchema.safeParse({}))).toEqual({
      title: "Title is required",
      startTime: "Start time is required",
      endTime: "End time is required",
    });
    const block = blockedTimeInputSchema.parse({
      title: "Lunch",
      startTime: "2030-01-07T12:00:00Z",
      endTime: "2030-01-07T13:00:00Z",
    });
    expect(block).toMatchObject({ blockType: "break", color: "#ff6b6b", isPaid: false });
    const reversed = blockedTimeInputSchema.safeParse({ ...block, endTime: block.startTime });
    expect(fieldsOf(reversed).endTime).toBe(BLOCK_MESSAGES.endAfterStart);
  });

  it("refuses an empty PATCH", () => {
    expect(appointmentPatchSchema.safeParse({}).success).toBe(false);
    expect(appointmentPatchSchema.parse({ staffId: null })).toEqual({ staffId: null });
  });
});
