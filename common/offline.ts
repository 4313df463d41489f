/**
 * The back office offline (issue 35; docs/decisions/0275, 0276): which pages a device keeps for
 * offline work, and the names its service worker and pages share. Pure data and functions, used
 * by the service worker (app/service-worker/admin-sw.ts) and the shell (app/lib/offline-*.ts).
 */
import { lagosDate, shiftLagosDate } from "./lagos-date.ts";

/** Work done offline is dated by the device within this many days back (as offline sales). */
export const OFFLINE_MAX_AGE_DAYS = 7;

/** The service worker's script and scope: the back office only, never the public site. */
export const ADMIN_SW_URL = "/admin-sw.js";
export const ADMIN_SW_SCOPE = "/admin";

/** The Cache Storage cache of sealed (AES-GCM) copies of the back office's pages and data. */
export const OFFLINE_PAGE_CACHE = "glow-haven-admin-pages-v1";
/** The Cache Storage cache of React Router's route manifest answers (no client data). */
export const OFFLINE_MANIFEST_CACHE = "glow-haven-admin-manifest-v1";
/** At most this many sealed pages are kept (the oldest go first): bounded device storage. */
export const OFFLINE_PAGE_LIMIT = 60;

/** The IndexedDB database holding the device's offline key and identity. */
export const OFFLINE_VAULT_DB = "glow-haven-offline";

/** The header a response carries when its session cookie names an ended session (server). */
export const SESSION_ENDED_HEADER = "X-Session-Ended";

/**
 * Whether the service worker may keep a sealed copy of `url` (a page or its `.data`): the shell,
 * the till, the calendar, the time clock and the clients list. Never a client's detail (`client=`:
 * health data), a receipt, or any other screen (issue 35 "What to build").
 * @param url an absolute or root-relative URL of this site.
 */
export function isOfflinePage(url: string): boolean {
  const u = new URL(url, "http://x");
  const path = u.pathname.replace(/\.data$/, "").replace(/\/_root$/, "");
  if (u.searchParams.has("client") || u.searchParams.has("checkout")) return false;
  return /^\/admin(\/(sales|calendar|clients|staff))?\/?$/.test(path);
}

/**
 * The cache key of `url`: React Router's `_routes` parameter (which loaders a client navigation
 * asks for) is dropped, so one stored `.data` answers every navigation to that page.
 */
export function offlineCacheKey(url: string): string {
  const u = new URL(url);
  u.searchParams.delete("_routes");
  u.searchParams.sort();
  u.hash = "";
  return u.toString();
}

/**
 * The pages a signed-in device fetches ahead for offline work (issue 35): the dashboard, the till
 * (catalogue and prices), today's and tomorrow's calendar, the clients list and the time clock,
 * each as a page and as its `.data` (React Router's client navigations). The server's role gates
 * decide: a page the member may not open answers 403 and is not kept.
 * @param now the instant whose Lagos date is "today".
 */
export function offlinePages(now: Date = new Date()): string[] {
  const today = lagosDate(now);
  const tomorrow = shiftLagosDate(today, 1);
  const pages = [
    "/admin",
    "/admin/sales",
    "/admin/calendar",
    `/admin/calendar?date=${tomorrow}`,
    `/admin/calendar?view=day&date=${today}`,
    `/admin/calendar?view=day&date=${tomorrow}`,
    "/admin/clients",
    "/admin/staff?tab=time",
  ];
  return pages.flatMap((page) => [page, dataUrlOf(page)]);
}

/** React Router's single-fetch URL of a page: '/admin/sales' -> '/admin/sales.data'. */
export function dataUrlOf(page: string): string {
  const [path = "", query] = page.split("?");
  const data = `${path.replace(/\/$/, "")}.data`;
  return query ? `${data}?${query}` : data;
}

/**
 * The instant a write queued offline is recorded at: the device's `at` when it lies within the
 * last OFFLINE_MAX_AGE_DAYS and not after `now`; `now` otherwise (a wrong device clock cannot
 * date work in the future or months back).
 * @param at ISO 8601 instant sent by the device, if any.
 */
export function offlineInstant(at: string | undefined, now: Date): Date {
  if (!at) return now;
  const t = new Date(at).getTime();
  const oldest = now.getTime() - OFFLINE_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;
  return Number.isNaN(t) || t > now.getTime() || t < oldest ? now : new Date(t);
}

/**
 * A receipt number printed offline (issue 35; decision 0314): the device's prefix ('D' and the
 * server-issued number in base 36) and the device's own counter, e.g. 'D1F-0007'.
 */
export const OFFLINE_RECEIPT_PATTERN = /^D[0-9A-Z]{1,8}-\d{1,9}$/;

/** The receipt number of the `counter`th sale a device with `prefix` printed offline. */
export function offlineReceiptNumber(prefix: string, counter: number): string {
  return `${prefix}-${String(counter).padStart(4, "0")}`;
}

/** The device prefix of receipt prefix row `id` (server/db/schema/sales.ts receiptPrefixes). */
export function receiptPrefixOf(id: number): string {
  return `D${id.toString(36).toUpperCase()}`;
}

/** The receipt prefix row id of an offline receipt number (OFFLINE_RECEIPT_PATTERN). */
export function receiptPrefixIdOf(receipt: string): number {
  return Number.parseInt(receipt.slice(1, receipt.indexOf("-")), 36);
}
