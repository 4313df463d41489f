/**
 * Sales attributed to a staff member (issue 13, issue 29; docs/decisions/0187, 0215): the sale
 * lines that name them (the therapist of a service, who sold a product) of sales not voided, net
 * of refunded units, with the commission fixed on each line; the tips given to them; and the
 * completed appointments they were assigned. A completed appointment that a sale line checked
 * out is counted once, as that line. Read only; money in kobo; ranges are [from, to) instants.
 */
import { and, eq, gte, lt, ne, notExists, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { saleLines, salePayments, sales } from "#server/db/schema/sales.ts";

/** No line of a sale not voided names the appointment: the visit was not checked out. */
const notCheckedOut = (db: Db | Tx) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(saleLines)
      .innerJoin(sales, eq(sales.id, saleLines.saleId))
      .where(and(eq(saleLines.appointmentId, appointments.id), ne(sales.status, "voided"))),
  );

/**
 * Completed appointments' count and value (kobo) of a member in [from, to); with
 * `uncheckedOnly`, only those no sale line checked out (their value is not in memberSales).
 */
export async function completedServices(
  db: Db | Tx,
  staffId: number,
  from: Date,
  to: Date,
  uncheckedOnly = false,
) {
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
        uncheckedOnly ? notCheckedOut(db) : undefined,
      ),
    );
  return { count: Number(row?.count ?? 0), kobo: Number(row?.kobo ?? 0) };
}

/** Units of a line not refunded. */
const netUnits = sql`(${saleLines.quantity} - ${saleLines.refundedQuantity})`;

/**
 * The member's sale lines in [from, to) of sales not voided, net of refunds: their value, the
 * services' and products' value, product units, commission (each line's rate of its net value,
 * rounded half up to the kobo per line) and the tips given to the member.
 */
export async function memberSales(db: Db | Tx, staffId: number, from: Date, to: Date) {
  const inRange = and(ne(sales.status, "voided"), gte(sales.soldAt, from), lt(sales.soldAt, to));
  const [lines] = await db
    .select({
      kobo: sql<number>`coalesce(sum(${saleLines.unitPriceKobo} * ${netUnits}), 0)::bigint`,
      serviceKobo: sql<number>`coalesce(sum(${saleLines.unitPriceKobo} * ${netUnits}) filter (where ${saleLines.itemType} = 'service'), 0)::bigint`,
      productKobo: sql<number>`coalesce(sum(${saleLines.unitPriceKobo} * ${netUnits}) filter (where ${saleLines.itemType} = 'product'), 0)::bigint`,
      productQuantity: sql<number>`coalesce(sum(${netUnits}) filter (where ${saleLines.itemType} = 'product'), 0)::int`,
      serviceCount: sql<number>`count(*) filter (where ${saleLines.itemType} = 'service' and ${netUnits} > 0)::int`,
      commissionKobo: sql<number>`coalesce(sum(round((${saleLines.unitPriceKobo} * ${netUnits})::numeric * coalesce(${saleLines.commissionRateBp}, 0) / 10000)), 0)::bigint`,
    })
    .from(saleLines)
    .innerJoin(sales, eq(sales.id, saleLines.saleId))
    .where(and(inRange, eq(saleLines.staffId, staffId)));
  const [tips] = await db
    .select({ kobo: sql<number>`coalesce(sum(${salePayments.tipKobo}), 0)::bigint` })
    .from(salePayments)
    .innerJoin(sales, eq(sales.id, salePayments.saleId))
    .where(and(inRange, eq(salePayments.tipStaffId, staffId)));
  return {
    kobo: Number(lines?.kobo ?? 0),
    serviceKobo: Number(lines?.serviceKobo ?? 0),
    serviceCount: Number(lines?.serviceCount ?? 0),
    productQuantity: Number(lines?.productQuantity ?? 0),
    productKobo: Number(lines?.productKobo ?? 0),
    commissionKobo: Number(lines?.commissionKobo ?? 0),
    tipsKobo: Number(tips?.kobo ?? 0),
  };
}
