import { describe, expect, it } from "vitest";
import { matchesSearch, matchesTime } from "./filters";

const booking = (createdAt: string) => ({
  name: "Adaeze Okafor",
  email: "ada@example.com",
  phone: "0803 123 4567",
  serviceName: "HydraFacial",
  message: null,
  createdAt,
});

// Wednesday 18 November 2026, 00:30 in Lagos (23:30 UTC the day before).
const NOW = new Date("2026-11-17T23:30:00Z");

describe("bookings filters", () => {
  it("searches name, email, phone and service, case-insensitively", () => {
    const b = booking("2026-11-17T10:00:00Z");
    expect(matchesSearch(b, "ADAEZE")).toBe(true);
    expect(matchesSearch(b, "hydra")).toBe(true);
    expect(matchesSearch(b, "123 4567")).toBe(true);
    expect(matchesSearch(b, "peel")).toBe(false);
  });

  it("uses Lagos days for Today, a Monday week and the month", () => {
    // 23:10 UTC on the 17th is already the 18th in Lagos: today.
    expect(matchesTime(booking("2026-11-17T23:10:00Z"), "today", NOW)).toBe(true);
    expect(matchesTime(booking("2026-11-17T22:50:00Z"), "today", NOW)).toBe(false);
    // Monday 16 November 00:00 Lagos = 15 November 23:00 UTC.
    expect(matchesTime(booking("2026-11-15T23:00:00Z"), "week", NOW)).toBe(true);
    expect(matchesTime(booking("2026-11-15T22:59:00Z"), "week", NOW)).toBe(false);
    expect(matchesTime(booking("2026-11-01T00:00:00Z"), "month", NOW)).toBe(true);
    expect(matchesTime(booking("2026-10-31T22:00:00Z"), "month", NOW)).toBe(false);
    expect(matchesTime(booking("2020-01-01T00:00:00Z"), "all", NOW)).toBe(true);
  });
});
