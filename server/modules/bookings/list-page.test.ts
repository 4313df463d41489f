/**
 * The admin bookings list on the server (admin spec §2 "Bookings management"): search, the time
 * filter on the creation date in Lagos days, 'N of M' counts, newest first, page boundaries.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingListQuerySchema } from "#common/booking.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { createTestApp, dbKinds } from "#server/testing/test-app.ts";
import { listBookingsPage } from "./service.ts";

// Wednesday 18 November 2026, 10:00 in Lagos.
const NOW = new Date("2026-11-18T09:00:00Z");

const query = (params: Record<string, unknown> = {}) => bookingListQuerySchema.parse(params);

describe.each(dbKinds)("listBookingsPage on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const row = (name: string, createdAt: string, extra: Record<string, unknown> = {}) => ({
      name,
      email: `${name.split(" ")[0]?.toLowerCase()}@example.com`,
      phone: "0803 123 4567",
      service: "1",
      serviceName: "HydraFacial",
      date: new Date("2026-12-01T10:00:00Z"),
      createdAt: new Date(createdAt),
      ...extra,
    });
    await t.db.insert(bookings).values([
      row("Adaeze Okafor", "2026-11-18T08:00:00Z"), // today
      // 23:30 UTC on the 17th is 00:30 on the 18th in Lagos: today.
      row("Bola Ahmed", "2026-11-17T23:30:00Z", { serviceName: "Chemical Peel" }),
      row("Chidi Eze", "2026-11-16T09:00:00Z"), // Monday: this week
      row("Dayo Bello", "2026-11-15T22:00:00Z", { message: "Sensitive 100% skin" }), // Sunday
      row("Efe Omoregie", "2026-11-01T00:00:00Z"), // this month
      row("Funmi Ade", "2026-10-31T12:00:00Z"), // last month
    ]);
    // 40 older ones, for paging.
    await t.db
      .insert(bookings)
      .values(
        Array.from({ length: 40 }, (_, i) =>
          row(`Old Client ${i + 1}`, new Date(Date.UTC(2026, 5, 1, 12, i)).toISOString()),
        ),
      );
  });
  afterAll(async () => {
    await t?.close();
  });

  it("counts every booking and those matching, newest first", async () => {
    const page = await listBookingsPage(t.db, query({ pageSize: 5 }), NOW);
    expect(page).toMatchObject({ total: 46, matching: 46, page: 1, pageSize: 5 });
    expect(page.rows.map((r) => r.name)).toEqual([
      "Adaeze Okafor",
      "Bola Ahmed",
      "Chidi Eze",
      "Dayo Bello",
      "Efe Omoregie",
    ]);
  });

  it("searches name, email, phone, service and message, case-insensitively", async () => {
    const names = async (q: string) =>
      (await listBookingsPage(t.db, query({ q }), NOW)).rows.map((r) => r.name);
    expect(await names("ADAEZE")).toEqual(["Adaeze Okafor"]);
    expect(await names("chidi@example")).toEqual(["Chidi Eze"]);
    expect(await names("chemical")).toEqual(["Bola Ahmed"]);
    expect(await names("100%")).toEqual(["Dayo Bello"]);
    // LIKE wildcards are taken literally.
    expect(await names("%")).toEqual(["Dayo Bello"]);
    expect(await names("_")).toEqual([]);
    const page = await listBookingsPage(t.db, query({ q: "123 4567" }), NOW);
    expect(page).toMatchObject({ total: 46, matching: 46 });
  });

  it("filters on the creation date in Lagos days, weeks from Monday", async () => {
    const names = async (period: string) =>
      (await listBookingsPage(t.db, query({ period }), NOW)).rows.map((r) => r.name);
    expect(await names("today")).toEqual(["Adaeze Okafor", "Bola Ahmed"]);
    expect(await names("week")).toEqual(["Adaeze Okafor", "Bola Ahmed", "Chidi Eze"]);
    expect(await names("month")).toEqual([
      "Adaeze Okafor",
      "Bola Ahmed",
      "Chidi Eze",
      "Dayo Bello",
      "Efe Omoregie",
    ]);
    const week = await listBookingsPage(t.db, query({ period: "week", q: "bola" }), NOW);
    expect(week).toMatchObject({ total: 46, matching: 1 });
  });

  it("pages without gaps or repeats and clamps a page past the end", async () => {
    const seen: string[] = [];
    for (let p = 1; p <= 5; p++) {
      const page = await listBookingsPage(t.db, query({ page: p, pageSize: 10 }), NOW);
      expect(page.page).toBe(p);
      seen.push(...page.rows.map((r) => r.name));
    }
    expect(seen).toHaveLength(46);
    expect(new Set(seen).size).toBe(46);
    const beyond = await listBookingsPage(t.db, query({ page: 99, pageSize: 10 }), NOW);
    expect(beyond.page).toBe(5);
    expect(beyond.rows).toHaveLength(6);
  });

  it("answers an empty page when nothing matches", async () => {
    const page = await listBookingsPage(t.db, query({ q: "nobody at all" }), NOW);
    expect(page).toEqual({ rows: [], total: 46, matching: 0, page: 1, pageSize: 30 });
  });
});
