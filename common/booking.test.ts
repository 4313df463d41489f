import { describe, expect, it } from "vitest";
import {
  adminBookingFormSchema,
  BOOKING_MESSAGES,
  bookingFormSchema,
  bookingPeriodStart,
  bookingWindow,
  CLOSED_DAY_MESSAGE,
  checkBookingDate,
  composeBookingDate,
  parseBookingDate,
  TIME_SLOTS,
} from "./booking.ts";
import { lagosDate } from "./lagos-time.ts";

// 10:00 Lagos time on 21 November 2026.
const now = new Date("2026-11-21T09:00:00Z");

function check(value: string, staff = false) {
  const parsed = parseBookingDate(value);
  return parsed.ok ? checkBookingDate(parsed, { now, staff }) : parsed.field;
}

describe("time slots (spec §9)", () => {
  it("has 16 half-hour slots from 10:00 AM to 6:30 PM and no 1 PM slot", () => {
    expect(TIME_SLOTS).toHaveLength(16);
    expect(TIME_SLOTS[0]).toBe("10:00 AM");
    expect(TIME_SLOTS.at(-1)).toBe("6:30 PM");
    expect(TIME_SLOTS.some((s) => s.startsWith("1:"))).toBe(false);
  });
});

describe("parseBookingDate", () => {
  it("reads the composed text as Lagos time (UTC+1)", () => {
    const parsed = parseBookingDate("2026-12-01 at 10:30 AM");
    expect(parsed).toMatchObject({ ok: true, date: "2026-12-01", minutes: 630 });
    expect(parsed.ok && parsed.instant.toISOString()).toBe("2026-12-01T09:30:00.000Z");
  });

  it("reads PM and 12 o'clock slots", () => {
    const pm = parseBookingDate(composeBookingDate("2026-12-01", "6:30 PM"));
    expect(pm.ok && pm.instant.toISOString()).toBe("2026-12-01T17:30:00.000Z");
    const noon = parseBookingDate("2026-12-01 at 12:00 PM");
    expect(noon.ok && noon.instant.toISOString()).toBe("2026-12-01T11:00:00.000Z");
  });

  it("accepts an ISO 8601 date-time with an offset", () => {
    const parsed = parseBookingDate("2026-12-01T15:00:00+01:00");
    expect(parsed).toMatchObject({ ok: true, date: "2026-12-01", minutes: 900 });
  });

  it("says which part is unreadable", () => {
    expect(parseBookingDate("2026-02-30 at 10:00 AM")).toEqual({ ok: false, field: "date" });
    expect(parseBookingDate("tomorrow")).toEqual({ ok: false, field: "date" });
    expect(parseBookingDate("2026-12-01 at 25:00 PM")).toEqual({ ok: false, field: "time" });
    expect(parseBookingDate("2026-12-01")).toEqual({ ok: false, field: "time" });
  });
});

describe("checkBookingDate (public rules)", () => {
  it("accepts a slot later today and the 90th day ahead", () => {
    expect(check("2026-11-21 at 10:30 AM")).toBeNull();
    expect(check(`${bookingWindow(now).max} at 6:30 PM`)).toBeNull();
    expect(bookingWindow(now)).toEqual({ min: "2026-11-21", max: "2027-02-19" });
  });

  it("opens the window on the Lagos day: 23:00 UTC is already tomorrow in Lagos", () => {
    expect(bookingWindow(new Date("2026-12-31T22:59:59Z"))).toEqual({
      min: "2026-12-31",
      max: "2027-03-31",
    });
    expect(bookingWindow(new Date("2026-12-31T23:00:00Z"))).toEqual({
      min: "2027-01-01",
      max: "2027-04-01",
    });
    // Across a leap day, the 90 days count 29 February.
    expect(bookingWindow(new Date("2027-12-31T12:00:00Z")).max).toBe("2028-03-30");
  });

  it("gives the same Lagos day and window as Intl's Africa/Lagos calendar at every 17th minute of 2026-2028", () => {
    const lagosDay = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Africa/Lagos",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    const differing: string[] = [];
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2029, 0, 1); t += 17 * 60 * 1000) {
      const at = new Date(t);
      const ahead = new Date(t + 90 * 24 * 60 * 60 * 1000);
      const window = bookingWindow(at);
      const day = lagosDay.format(at);
      if (lagosDate(at) !== day || window.min !== day || window.max !== lagosDay.format(ahead)) {
        differing.push(at.toISOString());
      }
    }
    expect(differing).toEqual([]);
  });

  it("refuses a past date, a date beyond 90 days, a past slot today and a non-slot time", () => {
    expect(check("2026-11-20 at 10:30 AM")).toBe("date");
    expect(check("2027-02-20 at 10:30 AM")).toBe("date");
    expect(check("2026-11-21 at 10:00 AM")).toBe("time");
    expect(check("2026-12-01 at 1:00 PM")).toBe("time");
    expect(check("2026-12-01 at 10:15 AM")).toBe("time");
    expect(check("2026-12-01 at 8:00 AM")).toBe("time");
  });

  it("lets staff book any half hour from 08:00 to 19:30, on any date", () => {
    expect(check("2026-12-01 at 8:00 AM", true)).toBeNull();
    expect(check("2026-12-01 at 7:30 PM", true)).toBeNull();
    expect(check("2026-11-01 at 1:00 PM", true)).toBeNull();
    expect(check("2026-12-01 at 7:30 AM", true)).toBe("time");
    expect(check("2026-12-01 at 8:00 PM", true)).toBe("time");
    expect(check("2026-12-01T09:15:00+01:00", true)).toBe("time");
  });
});

describe("bookingFormSchema messages (spec §5)", () => {
  const valid = {
    name: "Ada Obi",
    email: "ada@example.com",
    phone: "08031234567",
    category: "facial",
    service: "1",
    date: "2026-12-01",
    time: "10:30 AM",
    message: "",
  };

  it("accepts a complete form", () => {
    expect(bookingFormSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ["name", "Al", BOOKING_MESSAGES.name],
    ["email", "ada@", BOOKING_MESSAGES.email],
    ["phone", "080312", BOOKING_MESSAGES.phone],
    ["category", "", BOOKING_MESSAGES.category],
    ["service", "", BOOKING_MESSAGES.service],
    ["date", "", BOOKING_MESSAGES.date],
    ["time", "", BOOKING_MESSAGES.time],
  ])("%s %j → %s", (field, value, message) => {
    const result = bookingFormSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });

  it("counts the name's characters after trimming", () => {
    expect(bookingFormSchema.safeParse({ ...valid, name: "  Al  " }).success).toBe(false);
  });
});

describe("bookings list time filter (admin spec §2)", () => {
  // Wednesday 18 November 2026, 00:30 in Lagos (23:30 UTC the day before).
  const NOW = new Date("2026-11-17T23:30:00Z");

  it("starts today, this week (Monday) and this month at Lagos midnight", () => {
    expect(bookingPeriodStart("all", NOW)).toBeNull();
    expect(bookingPeriodStart("today", NOW)?.toISOString()).toBe("2026-11-17T23:00:00.000Z");
    expect(bookingPeriodStart("week", NOW)?.toISOString()).toBe("2026-11-15T23:00:00.000Z");
    expect(bookingPeriodStart("month", NOW)?.toISOString()).toBe("2026-10-31T23:00:00.000Z");
  });
});

describe("admin booking dialog schema (admin spec §5)", () => {
  it("gives the spec's messages for an empty form", () => {
    const result = adminBookingFormSchema.safeParse({
      name: "",
      email: "",
      phone: "",
      service: "",
      date: "",
      time: "10:00 AM",
      message: "",
    });
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]),
    );
    expect(messages).toEqual({
      name: "Name is required",
      email: "Valid email is required",
      phone: "Phone is required",
      service: "Service is required",
      date: "Date is required",
    });
  });
});

describe("closed days (storefront spec §9, issue 28 item 3)", () => {
  it("refuses a Sunday on the public form and its schema, not on the staff's", () => {
    expect(check("2026-11-29 at 10:30 AM")).toBe("closed");
    expect(check("2026-11-28 at 10:30 AM")).toBeNull();
    expect(check("2026-11-29 at 10:30 AM", true)).toBeNull();
    const values = {
      name: "Ada Obi",
      email: "ada@example.com",
      phone: "08031234567",
      category: "facials",
      service: "1",
      date: "2026-11-29",
      time: "10:30 AM",
    };
    const sunday = bookingFormSchema.safeParse(values);
    expect(sunday.success).toBe(false);
    expect(sunday.error?.issues[0]?.message).toBe(CLOSED_DAY_MESSAGE);
    expect(bookingFormSchema.safeParse({ ...values, date: "2026-11-30" }).success).toBe(true);
  });
});
