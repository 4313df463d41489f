/**
 * Calendar week benchmark (issue 10, issue 28; ARCHITECTURE.md "Performance budgets": the calendar
 * week in p99 <= 50 ms with 2,000 appointments in a week; the week view interactive in <= 1.5 s).
 * Seeds 2,000 appointments over 12 therapists working Mon–Sat (and 200 waiting booking requests,
 * 100 blocks) into one Lagos week, starts the production server the way
 * `npm start` does (node server/main.ts, NODE_ENV=production), signs in and measures
 * GET /api/appointments and GET /api/blocked-time for that week (one client, then
 * BENCH_CONCURRENCY at once; and the first answer after a change), each beside a reference
 * figure: a static file of the same bytes served by the same server. Then the week view's render
 * time in Debian's Chromium (document to all blocks, to interactive — New Booking opens — and a
 * week switch) beside an empty week; and a drag-and-drop move in the day view's 12 columns saved
 * (mouse up to the block settled after the PATCH and the reload of the day) beside the PATCH alone.
 * On PGlite (DATA_DIR) and, when
 * TEST_DATABASE_URL is set or a local server answers at postgres://postgres@127.0.0.1:5432/test,
 * on PostgreSQL (a throwaway database).
 *
 * Run: `npm run bench -- calendar` (builds first if there is no build). Env: BENCH_REQUESTS
 * (default 300), BENCH_CONCURRENCY (default 8). Prints figures; asserts nothing.
 */
import { randomBytes } from "node:crypto";
import { existsSync, unlinkSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import type { Page } from "@playwright/test";
import { bookings } from "#server/db/schema/bookings.ts";
import { appointments, blockedTimes } from "#server/db/schema/calendar.ts";
import { services } from "#server/db/schema/catalog.ts";
import { staff, staffSchedules } from "#server/db/schema/staff.ts";
import {
  type BenchDb,
  type Latency,
  loadGets,
  onEachDatabase,
  printTable,
  recorder,
  root,
  run,
  signIn,
  timedGet,
} from "./harness.ts";

const APPOINTMENTS = 2000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const STAFF = 12;
const WEEK = { from: "2030-01-07", to: "2030-01-13" };
const EMPTY_WEEK = "2030-02-04";
const CHANGE_ROUNDS = 20;
const RENDER_RUNS = 5;
const DRAG_RUNS = 6;
/** Member 0's Monday 10:30 half hour is left free, so its 10:00 visit can be dragged 15 min. */
const FREE_SLOT = 5 * 7; // slot index: day 0 (Monday), half hour 5 (10:30)
const DRAGGED_SLOT = 4 * 7; // Monday 10:00
/** Member 0's appointment at DRAGGED_SLOT (the seed names appointment i 'Client i'). */
const DRAGGED = `Client ${DRAGGED_SLOT * STAFF}`;
const MONDAY_UTC = Date.parse("2030-01-06T23:00:00Z"); // Mon 7 Jan 2030 00:00 Lagos

/**
 * 2,000 appointments over 12 members, Monday to Sunday 08:00–19:30 Lagos, none overlapping
 * (the exclusion constraint would refuse them), but member 0's Monday 10:30 left free; members
 * work Monday to Saturday 08:00–20:00; plus waiting bookings and blocks.
 */
async function seed(db: BenchDb): Promise<void> {
  const [service] = await db
    .insert(services)
    .values({
      name: "HydraFacial",
      description: "Bench",
      category: "facial",
      priceKobo: 18_000_000,
      duration: "30m",
    })
    .returning();
  if (!service) throw new Error("no service");
  const members = await db
    .insert(staff)
    .values(
      Array.from({ length: STAFF }, (_, i) => ({
        firstName: `Member${i}`,
        lastName: "Bench",
        email: `member${i}@bench.example`,
        startDate: "2024-01-01",
      })),
    )
    .returning({ id: staff.id });
  await db.insert(staffSchedules).values(
    members.flatMap((m) =>
      [1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
        staffId: m.id,
        dayOfWeek,
        startTime: "08:00",
        endTime: "20:00",
      })),
    ),
  );
  const rows = Array.from({ length: APPOINTMENTS }, (_, i) => {
    const member = members[i % STAFF] as { id: number };
    const nth = Math.floor(i / STAFF); // 0..166 per member: 7 days × 24 half hours
    const slot = i % STAFF === 0 && nth >= FREE_SLOT ? nth + 1 : nth;
    const day = slot % 7;
    const halfHour = Math.floor(slot / 7);
    const startsAt = new Date(MONDAY_UTC + day * 86_400_000 + (8 * 60 + halfHour * 30) * 60_000);
    return {
      staffId: member.id,
      serviceId: service.id,
      serviceName: service.name,
      customerName: `Client ${i}`,
      customerEmail: `client${i}@example.com`,
      customerPhone: "08031234567",
      status: i % 10 === 0 ? "completed" : "scheduled",
      priceKobo: service.priceKobo,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      durationMinutes: 30,
    };
  });
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(appointments).values(rows.slice(i, i + 500));
  }
  await db.insert(bookings).values(
    Array.from({ length: 200 }, (_, i) => ({
      name: `Request ${i}`,
      email: `request${i}@example.com`,
      phone: "08031234567",
      service: String(service.id),
      serviceName: service.name,
      serviceId: service.id,
      date: new Date(MONDAY_UTC + (i % 7) * 86_400_000 + 10 * 3_600_000),
    })),
  );
  await db.insert(blockedTimes).values(
    Array.from({ length: 100 }, (_, i) => ({
      title: "Lunch",
      staffId: (members[i % STAFF] as { id: number }).id,
      startsAt: new Date(MONDAY_UTC + (i % 7) * 86_400_000 + 20 * 3_600_000),
      endsAt: new Date(MONDAY_UTC + (i % 7) * 86_400_000 + 21 * 3_600_000),
    })),
  );
}

const load = (port: number, urlPath: string, cookie: string, concurrency: number) =>
  loadGets(port, urlPath, cookie, { requests: REQUESTS, concurrency });

/**
 * The first answer after a change: each round moves one appointment's notes through the API
 * (so the week's fingerprint changes) and then times one GET of the week.
 */
async function afterChange(port: number, urlPath: string, cookie: string, id: string) {
  const timed = recorder(new http.Agent({ keepAlive: true }), port, urlPath, cookie);
  for (let i = 0; i < CHANGE_ROUNDS; i++) {
    const patch = await fetch(`http://127.0.0.1:${port}/api/appointments/${id}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", cookie },
      body: JSON.stringify({ notes: `bench round ${i}` }),
    });
    if (!patch.ok) throw new Error(`PATCH answered ${patch.status}: ${await patch.text()}`);
    await timed.round();
  }
  return timed.summary();
}

type Row = string[];
const figures = (label: string, bytes: number, f: Latency) => [
  label,
  String(bytes),
  f.p50.toFixed(1),
  f.p99.toFixed(1),
  String(f.errors),
];

async function measureApi(port: number, cookie: string): Promise<Row[]> {
  const rows: Row[] = [["request", "bytes", "p50 ms", "p99 ms", "errors"]];
  for (const urlPath of [
    `/api/appointments?from=${WEEK.from}&to=${WEEK.to}`,
    `/api/blocked-time?from=${WEEK.from}&to=${WEEK.to}`,
  ]) {
    const sample = await timedGet(new http.Agent(), port, urlPath, cookie, false);
    if (sample.status !== 200) throw new Error(`${urlPath} answered ${sample.status}`);
    const items = JSON.parse(sample.body) as Array<{ id: string }>;
    const bytes = sample.body.length;
    const name = urlPath.split("?")[0];
    // The reference: a static file of the same bytes from the same server.
    const file = `bench-calendar-${randomBytes(4).toString("hex")}.json`;
    writeFileSync(path.join(root, "build/client", file), sample.body);
    try {
      for (const concurrency of [1, CONCURRENCY]) {
        const api = await load(port, urlPath, cookie, concurrency);
        const ref = await load(port, `/${file}`, cookie, concurrency);
        rows.push(
          figures(`GET ${name} (week, ${items.length} items), ${concurrency} at once`, bytes, api),
        );
        rows.push(figures("  reference: static file, same bytes", bytes, ref));
      }
      if (name === "/api/appointments") {
        const stored = items.find((a) => /^\d+$/.test(a.id));
        if (stored) {
          const cold = await afterChange(port, urlPath, cookie, stored.id);
          rows.push(figures(`  first GET after a change (${CHANGE_ROUNDS} rounds)`, bytes, cold));
        }
      }
    } finally {
      unlinkSync(path.join(root, "build/client", file));
    }
  }
  return rows;
}

/**
 * The week view in Debian's Chromium at 1280 px, signed in: the document load until every block
 * of the week is in the page, and a client-side switch to the next week and back. Median of
 * RENDER_RUNS; the reference is the same view of an empty week.
 */
async function measureRender(port: number, cookie: string): Promise<Row[]> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [name, value] = cookie.split("=") as [string, string];
    await context.addCookies([{ name, value, domain: "127.0.0.1", path: "/" }]);
    const page = await context.newPage();
    // Rendered: the day headers add up to the week's appointments (the grid draws at most four
    // side by side per group, the rest behind '+N more'). The count is its own line of the
    // header: the header's whole text also holds the date's screen-reader label, whose year
    // ('… 2030') ran into the count ('2030286 appointments') and made every wait time out.
    const headersSum = () =>
      page.evaluate(() => {
        const headers = document.querySelectorAll('[data-testid^="day-header-"]');
        let sum = 0;
        for (const h of headers)
          for (const p of h.querySelectorAll("p"))
            sum += Number(/^(\d+) appointments?$/.exec(p.textContent?.trim() ?? "")?.[1] ?? 0);
        return { headers: headers.length, sum, url: location.href, title: document.title };
      });
    const headersTotal = (n: number) =>
      page
        .waitForFunction((expected) => {
          const headers = document.querySelectorAll('[data-testid^="day-header-"]');
          let sum = 0;
          for (const h of headers)
            for (const p of h.querySelectorAll("p"))
              sum += Number(/^(\d+) appointments?$/.exec(p.textContent?.trim() ?? "")?.[1] ?? 0);
          return headers.length === 7 && sum === expected;
        }, n)
        .catch(async (error: Error) => {
          // Say what the page showed instead, so a timeout can be told from a wrong count.
          throw new Error(
            `${error.message} (expected ${n}; ${JSON.stringify(await headersSum())})`,
          );
        });
    const drawn = () =>
      page.evaluate(() => ({
        blocks: document.querySelectorAll('[data-testid="appointment-block"]').length,
        more: document.querySelectorAll('[data-testid="more-appointments"]').length,
      }));
    const timeWeek = async (date: string, expected: number) => {
      const load: number[] = [];
      const ready: number[] = [];
      const switchWeek: number[] = [];
      for (let i = 0; i < RENDER_RUNS; i++) {
        let t0 = performance.now();
        await page.goto(`http://127.0.0.1:${port}/admin/calendar?view=week&date=${date}`);
        await headersTotal(expected);
        load.push(performance.now() - t0);
        await untilInteractive(page);
        ready.push(performance.now() - t0);
        t0 = performance.now();
        await page.getByRole("button", { name: "Next" }).click();
        await page.waitForFunction((d) => !location.search.includes(d), date);
        await page.getByRole("button", { name: "Previous" }).click();
        await page.waitForFunction((d) => location.search.includes(d), date);
        await headersTotal(expected);
        switchWeek.push(performance.now() - t0);
      }
      const median = (xs: number[]) =>
        [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
      return {
        load: median(load),
        ready: median(ready),
        switchWeek: median(switchWeek),
        ...(await drawn()),
      };
    };
    const full = await timeWeek(WEEK.from, APPOINTMENTS + 200);
    const empty = await timeWeek(EMPTY_WEEK, 0);
    const week = (label: string, f: typeof full) => [
      label,
      `${f.blocks} (+${f.more})`,
      f.load.toFixed(0),
      f.ready.toFixed(0),
      f.switchWeek.toFixed(0),
    ];
    return [
      [
        "week view in Chromium, 1280 px",
        "blocks (+N more)",
        "drawn ms",
        "interactive ms",
        "next+previous ms",
      ],
      week(`  week of ${WEEK.from}, ${APPOINTMENTS + 200} appointments`, full),
      week(`  reference: empty week of ${EMPTY_WEEK}`, empty),
      [],
      ...(await timeDrag(page, port, cookie)),
    ];
  } finally {
    await browser.close();
  }
}

/**
 * Waits until the page answers a click: New Booking opens its dialog (a click before hydration
 * does nothing, so it is retried), then closes it.
 */
async function untilInteractive(page: Page): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "New Booking" });
  for (;;) {
    // A click that opened the dialog slower than the wait below must not be followed by another:
    // the open dialog hides the page behind it, so that click would wait for a button the page
    // no longer shows and time out (every browser step failed so on a loaded machine).
    if (await dialog.isVisible()) break;
    await page
      .getByRole("button", { name: "New Booking" })
      .click({ timeout: 1000 })
      .catch(() => {});
    try {
      await dialog.waitFor({ state: "visible", timeout: 100 });
      break;
    } catch {
      // Not hydrated yet: click again.
    }
  }
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
}

/** Median and largest of `xs` (ms). */
const spread = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return [sorted[Math.floor(sorted.length / 2)] ?? 0, sorted[sorted.length - 1] ?? 0];
};

/**
 * A drag-and-drop move saved: in the day view of the bench's Monday (12 therapist columns and
 * Unassigned), member 0's 10:00 visit (DRAGGED) is dragged 15 minutes down and back up,
 * DRAG_RUNS times; each is timed from mouse up until the block has settled (the PATCH answered and
 * the day reloaded). Reference: the same PATCH alone over HTTP.
 */
async function timeDrag(page: Page, port: number, cookie: string): Promise<Row[]> {
  // The bench server's PUBLIC_URL is http://127.0.0.1 (its port is only known once it listens),
  // so the browser's Origin (with the port) is refused, and Chromium does not let a route
  // rewrite Origin: the drop's PATCH is sent from Node with the page's headers but no Origin
  // (allowed: server-to-server) and its answer handed back to the page.
  await page.route("**/api/appointments/*", async (route) => {
    if (route.request().method() !== "PATCH") return route.continue();
    const { origin: _origin, ...headers } = await route.request().allHeaders();
    await route.fulfill({ response: await route.fetch({ headers }) });
  });
  await page.goto(`http://127.0.0.1:${port}/admin/calendar?view=day&date=${WEEK.from}`);
  const block = page.getByRole("button", { name: new RegExp(`^${DRAGGED}\\s*,`) });
  await block.waitFor();
  // The blocks are drawn by the server before React answers them: a drag then is lost, and the
  // click that ends it (handled once hydrated) opens the details dialog instead (app/root.tsx
  // marks <html> when hydrated).
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const saved: number[] = [];
  for (let i = 0; i < DRAG_RUNS; i++) {
    const box = await block.boundingBox();
    if (!box) throw new Error("the dragged block is not on screen");
    const dy = i % 2 === 0 ? 24 : -24;
    const [x, y] = [box.x + box.width / 2, box.y + 8];
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let k = 1; k <= 4; k++) await page.mouse.move(x, y + (dy * k) / 4);
    const t0 = performance.now();
    await page.mouse.up();
    await page.waitForFunction(() => !document.querySelector('[data-dragging="true"]'));
    saved.push(performance.now() - t0);
    const after = await block.boundingBox();
    if (Math.abs((after?.y ?? 0) - (box.y + dy)) > 2) {
      const said = await page.evaluate(() =>
        document.body.innerText
          .split("\n")
          .filter((l) => /fail|refus|outside|closed|already|not allow/i.test(l))
          .join(" / "),
      );
      throw new Error(`the drop was not saved (${i + 1} of ${DRAG_RUNS}; the page says: ${said})`);
    }
  }
  const patchAlone: number[] = [];
  const list = (await (
    await fetch(`http://127.0.0.1:${port}/api/appointments?from=${WEEK.from}&to=${WEEK.from}`, {
      headers: { cookie },
    })
  ).json()) as Array<{ id: string; customerName: string }>;
  const target = list.find((a) => a.customerName === DRAGGED);
  if (!target) throw new Error(`${DRAGGED} not found`);
  for (let i = 0; i < DRAG_RUNS; i++) {
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/appointments/${target.id}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", cookie },
      body: JSON.stringify({ appointmentDate: `${WEEK.from} ${i % 2 === 0 ? "10:15" : "10:00"}` }),
    });
    if (!res.ok) throw new Error(`PATCH answered ${res.status}: ${await res.text()}`);
    patchAlone.push(performance.now() - t0);
  }
  const [dragP50, dragMax] = spread(saved);
  const [patchP50, patchMax] = spread(patchAlone);
  return [
    ["drag-and-drop move saved, day view (12 columns)", "runs", "p50 ms", "max ms"],
    [
      "  mouse up to block settled (PATCH + day reload)",
      String(DRAG_RUNS),
      f0(dragP50),
      f0(dragMax),
    ],
    ["  reference: the PATCH alone", String(DRAG_RUNS), f0(patchP50), f0(patchMax)],
  ];
}

const f0 = (n: number | undefined) => (n ?? 0).toFixed(0);

async function measure(kind: string, port: number): Promise<void> {
  const cookie = await signIn(port);
  const api = process.env.BENCH_BROWSER_ONLY ? [] : await measureApi(port, cookie);
  console.log(
    `\n${kind}: ${APPOINTMENTS} appointments in the week of ${WEEK.from}, ${REQUESTS} requests per row, keep-alive, gzip`,
  );
  printTable(api);
  console.log("budget: p99 <= 50 ms for the calendar week (ARCHITECTURE.md)");
  if (existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium")) {
    console.log("");
    // A browser step that times out (a loaded machine) is reported, and PostgreSQL still runs.
    try {
      printTable(await measureRender(port, cookie));
    } catch (error) {
      console.log(`week view / drag in Chromium failed: ${(error as Error).message}`);
    }
  } else {
    console.log("week view render skipped: no Chromium at /usr/bin/chromium (CHROMIUM_PATH)");
  }
}

run(() => onEachDatabase("calendar", seed, (kind, port) => measure(kind, port)));
