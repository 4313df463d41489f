/** Dashboard rules and constants (admin spec §2, §9). */

/** The dashboard's figures are refreshed this often while it is open (admin spec §9: 30 s). */
export const DASHBOARD_REFRESH_MS = 30_000;

/** Dashboard fallback price in naira when a service's price is unknown (admin spec §9). */
export const FALLBACK_SERVICE_PRICE = 35000;

/** Built-in fallback prices by treatment name (admin spec §9); first match wins. */
const FALLBACK_PRICES: ReadonlyArray<[RegExp, number]> = [
  [/hydra ?facial/i, 180000],
  [/dental consultation/i, 15000],
  [/peel/i, 100000],
];

/** A service's value for the dashboard: its price, or the fallback for its name, or 35000. */
export function dashboardServicePrice(name: string, price: number | null): number {
  if (price !== null && price > 0) return price;
  for (const [pattern, value] of FALLBACK_PRICES) if (pattern.test(name)) return value;
  return FALLBACK_SERVICE_PRICE;
}

export type DayFigure = {
  /** 'YYYY-MM-DD' (Lagos). */
  date: string;
  /** Short weekday, e.g. 'Mon'. */
  label: string;
  /** Items that day: appointments plus sales. */
  appointments: number;
  sales: number;
  /** Naira: appointments plus sales. */
  revenue: number;
  /** Naira: the appointments part of `revenue`. */
  appointmentsRevenue: number;
  /** Naira: the sales (paid shop orders) part of `revenue`. */
  salesRevenue: number;
};

export type AppointmentItem = {
  id: string;
  customerName: string;
  serviceName: string;
  /** ISO 8601 UTC. */
  date: string;
  status: string;
  /** Naira (the service price or the §9 fallback). */
  value: number;
};

export type ActivityItem = {
  id: string;
  type: "appointment" | "booking" | "sale";
  title: string;
  detail: string;
  /** ISO 8601 UTC. */
  at: string;
};

export type Dashboard = {
  recentSales: {
    /** Naira: sales revenue plus appointments value. */
    totalRevenue: number;
    salesRevenue: number;
    appointmentsValue: number;
    days: DayFigure[];
  };
  upcoming: { count: number; value: number; items: AppointmentItem[] };
  activity: ActivityItem[];
  todayNext: AppointmentItem[];
  topServices: Array<{ name: string; thisMonth: number; lastMonth: number }>;
  /**
   * Up to 3 members by revenue this month (naira: completed appointments' value plus their POS
   * sales), with their completed appointments (count) and POS sales (naira) this month.
   * Empty until staff with appointments or sales are recorded.
   */
  topStaff: Array<{ name: string; revenue: number; appointments: number; sales: number }>;
};

/**
 * A therapist's own day on the dashboard (issue 28 item 6): their appointments today (Lagos)
 * and their counts; no money.
 */
export type MyDay = {
  /** Today's appointments with them, cancelled and no-shows left out, by start. */
  today: AppointmentItem[];
  figures: {
    /** Appointments today (as `today`). */
    today: number;
    /** Of those, completed. */
    completedToday: number;
    /** Appointments from now over the next 7 days. */
    nextSevenDays: number;
    /** Appointments completed this Lagos month. */
    completedThisMonth: number;
  };
};

/**
 * The dashboard as the signed-in role may see it (common/roles.ts CAPABILITIES): a manager the
 * whole `Dashboard` ('clinic'); the front desk the same without money ('desk': no recent sales,
 * upcoming value or team figures); a therapist their own day ('own': `myDay`, their upcoming
 * appointments, nothing of the clinic's or other members'). A part a role may not see is null;
 * appointment values are 0 where revenue is not shown.
 */
export type DashboardView = {
  scope: "clinic" | "desk" | "own";
  recentSales: Dashboard["recentSales"] | null;
  upcoming: { count: number; value: number | null; items: AppointmentItem[] };
  activity: ActivityItem[] | null;
  todayNext: AppointmentItem[];
  topServices: Dashboard["topServices"] | null;
  topStaff: Dashboard["topStaff"] | null;
  myDay: MyDay | null;
};

/** What the admin dashboard reads (server/modules/admin/dashboard-view.ts). */
export type DashboardPages = {
  /** The figures of admin spec §2 "Dashboard" as of now, as the signed-in role may see them. */
  get(): Promise<DashboardView>;
};
