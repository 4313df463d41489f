/** What a device keeps for offline work and how offline work is dated (issue 35). */
import { describe, expect, it } from "vitest";
import {
  dataUrlOf,
  isOfflinePage,
  offlineCacheKey,
  offlineInstant,
  offlinePages,
} from "./offline.ts";

describe("isOfflinePage", () => {
  it("keeps the shell, till, calendar, clients list and time clock, pages and .data", () => {
    for (const url of [
      "/admin",
      "/admin.data",
      "/admin/sales",
      "/admin/sales.data?_routes=admin-sales",
      "/admin/calendar?view=day&date=2026-11-27",
      "/admin/calendar.data?date=2026-11-28",
      "/admin/clients",
      "/admin/staff?tab=time",
      "http://127.0.0.1:3000/admin/sales",
    ]) {
      expect(isOfflinePage(url), url).toBe(true);
    }
  });
  it("never a client's detail (health data), a checkout, a receipt or another screen", () => {
    for (const url of [
      "/admin/clients?client=12",
      "/admin/clients.data?client=12",
      "/admin/sales?checkout=4",
      "/admin/sales/receipt/12",
      "/admin/audit",
      "/admin/account",
      "/admin/salesx",
      "/",
      "/shop",
      "/api/products",
    ]) {
      expect(isOfflinePage(url), url).toBe(false);
    }
  });
});

describe("offlineCacheKey", () => {
  it("drops React Router's _routes and orders the query, so one copy answers every navigation", () => {
    expect(
      offlineCacheKey("http://x/admin/calendar.data?view=day&_routes=a,b&date=2026-11-27"),
    ).toBe("http://x/admin/calendar.data?date=2026-11-27&view=day");
  });
});

describe("offlinePages", () => {
  it("today's and tomorrow's calendar in Lagos, each page with its .data", () => {
    // 23:30 UTC on 27 Nov is 00:30 on 28 Nov in Lagos.
    const pages = offlinePages(new Date("2026-11-27T23:30:00Z"));
    expect(pages).toContain("/admin/calendar?view=day&date=2026-11-28");
    expect(pages).toContain("/admin/calendar.data?view=day&date=2026-11-29");
    expect(pages).toContain("/admin/sales.data");
    expect(pages.every((p) => isOfflinePage(p))).toBe(true);
    expect(dataUrlOf("/admin")).toBe("/admin.data");
  });
});

describe("offlineInstant", () => {
  const now = new Date("2026-11-27T12:00:00Z");
  it("takes the device's time within the last week, and now otherwise", () => {
    expect(offlineInstant("2026-11-27T09:15:00+01:00", now).toISOString()).toBe(
      "2026-11-27T08:15:00.000Z",
    );
    expect(offlineInstant(undefined, now)).toBe(now);
    expect(offlineInstant("2026-11-27T13:00:00Z", now)).toBe(now);
    expect(offlineInstant("2026-11-10T12:00:00Z", now)).toBe(now);
  });
});
