/**
 * Sales attributed to a staff member (issue 13; commission and the dashboard's team figures):
 * completed appointments they were assigned, and completed POS sales rung up by their own
 * account (sales.created_by → admin_users.staff_id). Read only; money in kobo; ranges are
 * [from, to) instants.
 */
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { adminUsers } from "#server/db/schema/access.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { saleLines, salePayments, sales } from "#server/db/schema/sales.ts";

/** Completed appointments' count and value (kobo) of a member in [from, to). */
export async function completedServices(db: Db | Tx, staffId: number, from: Date, to: Date) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      kobo: sql<number>`coalesce(sum(${appointments.priceKobo}), 0)::bigint`,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.staffId, staffId),
        eq(appointments.status, "completed"),
        gte(appointments.startsAt, from),
        lt(appointments.startsAt, to),
      ),
    );
  return { count: Number(row?.count ?? 0), kobo: Number(row?.kobo ?? 0) };
}

/** Completed POS sales rung up by the member's account in [from, to): value, product lines, tips. */
export async function memberSales(db: Db | Tx, staffId: number, from: Date, to: Date) {
  const mine = and(
    eq(adminUsers.staffId, staffId),
    eq(sales.status, "completed"),
    gte(sales.soldAt, from),
    lt(sales.soldAt, to),
  );
  const [totals] = await db
    .select({
      count: sql<number>`count(*)::int`,
      kobo: sql<number>`coalesce(sum(${sales.totalKobo}), 0)::bigint`,
    })
    .from(sales)
    .innerJoin(adminUsers, eq(adminUsers.id, sales.createdBy))
    .where(mine);
  const [products] = await db
    .select({
      quantity: sql<number>`coalesce(sum(${saleLines.quantity}), 0)::int`,
      kobo: sql<number>`coalesce(sum(${saleLines.lineTotalKobo}), 0)::bigint`,
    })
    .from(saleLines)
    .innerJoin(sales, eq(sales.id, saleLines.saleId))
    .innerJoin(adminUsers, eq(adminUsers.id, sales.createdBy))
    .where(and(mine, eq(saleLines.itemType, "product")));
  const [tips] = await db
    .select({ kobo: sql<number>`coalesce(sum(${salePayments.tipKobo}), 0)::bigint` })
    .from(salePayments)
    .innerJoin(sales, eq(sales.id, salePayments.saleId))
    .innerJoin(adminUsers, eq(adminUsers.id, sales.createdBy))
    .where(mine);
  return {
    count: Number(totals?.count ?? 0),
    kobo: Number(totals?.kobo ?? 0),
    productQuantity: Number(products?.quantity ?? 0),
    productKobo: Number(products?.kobo ?? 0),
    tipsKobo: Number(tips?.kobo ?? 0),
  };
}
