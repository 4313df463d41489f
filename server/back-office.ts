/**
 * The contracts by which a module contributes to the back office's shared screens: the top-bar
 * search, Clear Admin Data (with its export) and the dashboard (admin spec §2). Each module
 * exports its own parts from `server/modules/<module>/back-office.ts`; server/modules/admin only
 * lists them, one line per part in each registry, and no module imports admin/.
 */
import type { PgTable } from "drizzle-orm/pg-core";
import type { ActivityItem, AppointmentItem } from "#common/dashboard.ts";
import type { SearchHit } from "#common/search.ts";
import type { Db } from "#server/db/client.ts";

/** The most hits one search source returns. */
export const SEARCH_LIMIT_PER_KIND = 8;

/**
 * One kind of record in the top-bar search. `pattern` is an ILIKE pattern with the user's text
 * escaped and wrapped in '%' (`likePattern` in common/paging.ts); `q` is the trimmed text itself, for links.
 * @returns at most SEARCH_LIMIT_PER_KIND hits, best first.
 */
export type SearchSource = (db: Db, pattern: string, q: string) => Promise<SearchHit[]>;

/** A table that Clear Admin Data exports, then empties. `name` is the export's key. */
export type ClearableTable = {
  name: string;
  table: PgTable;
  /**
   * False for sensitive data (client health records, NDPA 2023): cleared, but left out of the
   * admin data export and the backup kept before a clear. Default true.
   */
  exported?: boolean;
};

/** Something that earned money at `at`, for the dashboard's Recent sales (naira). */
export type RevenueItem = { at: Date; kind: "appointment" | "sale"; value: number };

/**
 * What a module adds to the dashboard (admin spec §2 "Dashboard"). Every range is [from, to)
 * in UTC instants; the admin module cuts Lagos days. Money is naira. All parts are optional.
 */
export type DashboardSource = {
  /** Completed appointments and sales in the range (Recent sales and the 7-day chart). */
  revenue?(db: Db, from: Date, to: Date): Promise<RevenueItem[]>;
  /** Appointments that take place in the range, by start (Upcoming, Today's next). */
  appointments?(db: Db, from: Date, to: Date): Promise<AppointmentItem[]>;
  /** The latest `limit` activity items (appointments, bookings or sales), newest first. */
  activity?(db: Db, limit: number): Promise<ActivityItem[]>;
  /** How often each service took place in the range (Top services). */
  serviceCounts?(db: Db, from: Date, to: Date): Promise<Array<{ name: string; count: number }>>;
  /** Team members by revenue in the range (Top team member). */
  staffRevenue?(db: Db, from: Date, to: Date): Promise<Array<{ name: string; revenue: number }>>;
  /**
   * Per team member: completed appointments (count) and completed POS sales they rang up
   * (naira) in the range (Top team member's figures).
   */
  teamFigures?(
    db: Db,
    from: Date,
    to: Date,
  ): Promise<Array<{ name: string; appointments: number; sales: number }>>;
};
