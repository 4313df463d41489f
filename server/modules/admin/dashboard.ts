/**
 * Dashboard figures from the database (admin spec §2 "Dashboard", §9): recent sales of the last
 * 7 Lagos days with a per-day series, upcoming appointments of the next 7 days, the latest
 * activity, today's next appointments, top services this month against last month, and top team
 * members. No random numbers: what is not recorded yet (sales, appointments, staff) reads as
 * zero or empty, and plugs in through the `DashboardSource` hooks below when those tables exist.
 * Money is naira.
 */
import { TZDate } from "@date-fns/tz";
import { addDays, format, startOfDay, startOfMonth, subMonths } from "date-fns";
import { and, asc, desc, gte, lt, notInArray, sql } from "drizzle-orm";
import { BUSINESS_TIME_ZONE } from "#common/business.ts";
import { CONSULTATION_PRICE } from "#common/catalog.ts";
import { dashboardServicePrice } from "#common/dashboard.ts";
import { koboToNaira } from "#common/money.ts";
import type { Db } from "#server/db/client.ts";
import { bookings } from "#server/db/schema/bookings.ts";
import { services } from "#server/db/schema/catalog.ts";
import { orders } from "#server/db/schema/orders.ts";

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
  /** Empty until staff and sales are recorded. */
  topStaff: Array<{ name: string; revenue: number }>;
};

/** Booking statuses that do not take place. */
const NOT_HAPPENING = ["cancelled", "no-show"];

function lagosStartOfDay(now: Date): Date {
  return new Date(startOfDay(new TZDate(now, BUSINESS_TIME_ZONE)).getTime());
}

async function bookingsBetween(db: Db, from: Date, to: Date) {
  return db
    .select({
      id: bookings.id,
      name: bookings.name,
      service: bookings.service,
      serviceName: bookings.serviceName,
      date: bookings.date,
      status: bookings.status,
      processed: bookings.processed,
      priceKobo: services.priceKobo,
    })
    .from(bookings)
    .leftJoin(
      services,
      // Compared as text: a consultation booking's service ('consultation-facial') is no id.
      sql`${services.id}::text = ${bookings.service}`,
    )
    .where(
      and(
        gte(bookings.date, from),
        lt(bookings.date, to),
        notInArray(bookings.status, NOT_HAPPENING),
      ),
    )
    .orderBy(asc(bookings.date));
}

function toItem(b: Awaited<ReturnType<typeof bookingsBetween>>[number]): AppointmentItem {
  return {
    id: `booking-${b.id}`,
    customerName: b.name,
    serviceName: b.serviceName,
    date: b.date.toISOString(),
    status: b.processed ? "completed" : b.status,
    // A consultation request has the fixed consultation price (storefront spec §9).
    value: b.service.startsWith("consultation-")
      ? CONSULTATION_PRICE
      : dashboardServicePrice(
          b.serviceName,
          b.priceKobo === null ? null : koboToNaira(b.priceKobo),
        ),
  };
}

/** Computes the dashboard at `now`. */
export async function dashboard(db: Db, now: Date = new Date()): Promise<Dashboard> {
  const today = lagosStartOfDay(now);
  const weekAgo = new Date(addDays(new TZDate(today, BUSINESS_TIME_ZONE), -6).getTime());
  const tomorrow = new Date(addDays(new TZDate(today, BUSINESS_TIME_ZONE), 1).getTime());

  // Recent sales: completed (processed) appointments of the last 7 days by their date, and paid
  // shop orders by the day they were paid (point-of-sale sales join here when recorded).
  const past = (await bookingsBetween(db, weekAgo, tomorrow)).filter((b) => b.processed);
  const paidOrders = await db
    .select({ paidAt: orders.paidAt, totalKobo: orders.totalKobo })
    .from(orders)
    .where(
      and(
        gte(orders.paidAt, weekAgo),
        lt(orders.paidAt, tomorrow),
        notInArray(orders.status, ["pending", "refund-required", "cancelled"]),
      ),
    );
  const days: DayFigure[] = [];
  for (let i = 0; i < 7; i++) {
    const day = new TZDate(addDays(new TZDate(weekAgo, BUSINESS_TIME_ZONE), i), BUSINESS_TIME_ZONE);
    const key = format(day, "yyyy-MM-dd");
    const ofDay = past.filter(
      (b) => format(new TZDate(b.date, BUSINESS_TIME_ZONE), "yyyy-MM-dd") === key,
    );
    const ordersOfDay = paidOrders.filter(
      (o) => o.paidAt && format(new TZDate(o.paidAt, BUSINESS_TIME_ZONE), "yyyy-MM-dd") === key,
    );
    const appointmentsRevenue = ofDay.reduce((sum, b) => sum + toItem(b).value, 0);
    const ordersRevenue = ordersOfDay.reduce((sum, o) => sum + koboToNaira(o.totalKobo), 0);
    days.push({
      date: key,
      label: format(day, "EEE"),
      appointments: ofDay.length,
      sales: ordersOfDay.length,
      revenue: appointmentsRevenue + ordersRevenue,
      appointmentsRevenue,
      salesRevenue: ordersRevenue,
    });
  }
  const appointmentsValue = days.reduce((sum, d) => sum + d.appointmentsRevenue, 0);
  const salesRevenue = days.reduce((sum, d) => sum + d.salesRevenue, 0);

  const upcomingRows = await bookingsBetween(db, now, new Date(now.getTime() + 7 * 86_400_000));
  const upcomingItems = upcomingRows.map(toItem);

  const todayNext = (await bookingsBetween(db, now, tomorrow)).slice(0, 5).map(toItem);

  const recent = await db
    .select({
      id: bookings.id,
      name: bookings.name,
      serviceName: bookings.serviceName,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(5);
  const activity: ActivityItem[] = recent.map((b) => ({
    id: `booking-${b.id}`,
    type: "booking",
    title: `${b.name} requested ${b.serviceName}`,
    detail: b.serviceName,
    at: b.createdAt.toISOString(),
  }));

  const monthStart = new Date(startOfMonth(new TZDate(now, BUSINESS_TIME_ZONE)).getTime());
  const lastMonthStart = new Date(
    subMonths(new TZDate(monthStart, BUSINESS_TIME_ZONE), 1).getTime(),
  );
  const nextMonthStart = new Date(
    startOfMonth(addDays(new TZDate(monthStart, BUSINESS_TIME_ZONE), 40)).getTime(),
  );
  const countsOf = async (from: Date, to: Date) =>
    db
      .select({ name: bookings.serviceName, n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(
        and(
          gte(bookings.date, from),
          lt(bookings.date, to),
          notInArray(bookings.status, NOT_HAPPENING),
        ),
      )
      .groupBy(bookings.serviceName);
  const thisMonth = await countsOf(monthStart, nextMonthStart);
  const lastMonth = new Map(
    (await countsOf(lastMonthStart, monthStart)).map((r) => [r.name, Number(r.n)]),
  );
  const topServices = thisMonth
    .map((r) => ({ name: r.name, thisMonth: Number(r.n), lastMonth: lastMonth.get(r.name) ?? 0 }))
    .sort((a, b) => b.thisMonth - a.thisMonth || a.name.localeCompare(b.name))
    .slice(0, 3);

  return {
    recentSales: {
      totalRevenue: salesRevenue + appointmentsValue,
      salesRevenue,
      appointmentsValue,
      days,
    },
    upcoming: {
      count: upcomingItems.length,
      value: upcomingItems.reduce((sum, i) => sum + i.value, 0),
      items: upcomingItems,
    },
    activity,
    todayNext,
    topServices,
    topStaff: [],
  };
}
