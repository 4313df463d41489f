/**
 * Checking out a visit at the till (issue 29; docs/decisions/0187): what Start Checkout puts on
 * the till (the appointment, the client's other appointments of that Lagos day, their services,
 * prices and therapists), and, inside the sale's transaction, the check that the appointments a
 * sale names may be checked out and their completion (through calendar/client-records.ts, the
 * appointments table's writer). Money is kobo inside, naira in answers.
 */
import { and, eq, gte, inArray, lt, ne, or, sql } from "drizzle-orm";
import { lagosDate, lagosDayRange } from "#common/lagos-time.ts";
import type { PosStaff, VisitCheckout } from "#common/sales.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { saleLines, sales } from "#server/db/schema/sales.ts";
import { staff } from "#server/db/schema/staff.ts";
import { HttpError } from "#server/http.ts";
import { creditableDeposits } from "#server/modules/bookings/deposit-settle.ts";
import {
  completeCheckedOutAppointments,
  lockAppointmentsForCheckout,
} from "#server/modules/calendar/client-records.ts";
import { naira } from "./shared.ts";

/** Statuses an appointment can be checked out from. */
const OPEN_STATUSES = ["scheduled", "confirmed", "pending"];

/** Ids of the appointments among `ids` that a line of a sale not voided already names. */
async function checkedOut(db: Db | Tx, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ appointmentId: saleLines.appointmentId, saleNumber: sales.saleNumber })
    .from(saleLines)
    .innerJoin(sales, eq(sales.id, saleLines.saleId))
    .where(and(inArray(saleLines.appointmentId, [...ids]), ne(sales.status, "voided")));
  return new Map(rows.map((r) => [r.appointmentId as number, r.saleNumber]));
}

/**
 * What Start Checkout opens the till with (GET /api/pos/checkout/{appointmentId} and the POS
 * page's ?checkout=): the appointment and the same client's other appointments on its Lagos
 * day that are still open (scheduled, confirmed, pending) and not yet checked out, by start;
 * each with the appointment's price (else the catalogue's) and its therapist; and their paid
 * booking deposits, which the sale credits (issue 32; decision 0296).
 * @returns null when there is no such appointment.
 */
export async function visitCheckout(db: Db, appointmentId: number): Promise<VisitCheckout | null> {
  const [first] = await db.select().from(appointments).where(eq(appointments.id, appointmentId));
  if (!first) return null;
  const { from, to } = lagosDayRange(lagosDate(first.startsAt));
  const sameClient = first.clientId
    ? or(
        eq(appointments.clientId, first.clientId),
        sql`lower(${appointments.customerEmail}) = ${first.customerEmail.toLowerCase()}`,
      )
    : sql`lower(${appointments.customerEmail}) = ${first.customerEmail.toLowerCase()}`;
  const rows = await db
    .select({
      id: appointments.id,
      serviceId: appointments.serviceId,
      serviceName: appointments.serviceName,
      priceKobo: appointments.priceKobo,
      staffId: appointments.staffId,
      staffFirst: staff.firstName,
      staffLast: staff.lastName,
      startsAt: appointments.startsAt,
      status: appointments.status,
    })
    .from(appointments)
    .leftJoin(staff, eq(staff.id, appointments.staffId))
    .where(
      or(
        eq(appointments.id, appointmentId),
        and(
          sameClient,
          gte(appointments.startsAt, from),
          lt(appointments.startsAt, to),
          inArray(appointments.status, OPEN_STATUSES),
        ),
      ),
    )
    .orderBy(appointments.startsAt, appointments.id);
  const done = await checkedOut(
    db,
    rows.map((r) => r.id),
  );
  const open = rows.filter(
    (r) => !done.has(r.id) && (r.id === appointmentId || OPEN_STATUSES.includes(r.status)),
  );
  const deposits = await creditableDeposits(
    db,
    open.map((r) => r.id),
  );
  return {
    appointmentId,
    customer: {
      clientId: first.clientId,
      name: first.customerName,
      email: first.customerEmail,
      phone: first.customerPhone,
    },
    lines: open.map((r) => ({
      appointmentId: r.id,
      serviceId: r.serviceId,
      serviceName: r.serviceName,
      price: r.priceKobo === null ? null : naira(r.priceKobo),
      staffId: r.staffId,
      staffName: r.staffId === null ? null : `${r.staffFirst ?? ""} ${r.staffLast ?? ""}`.trim(),
      startsAt: r.startsAt.toISOString(),
    })),
    deposits: deposits.map((d) => ({
      appointmentId: d.appointmentId,
      reference: d.reference,
      amount: naira(d.amountKobo),
    })),
  };
}

/** Members the till may credit: active staff by first and last name. */
export async function posStaff(db: Db): Promise<PosStaff[]> {
  const rows = await db
    .select({ id: staff.id, firstName: staff.firstName, lastName: staff.lastName })
    .from(staff)
    .where(eq(staff.status, "active"))
    .orderBy(staff.firstName, staff.lastName, staff.id);
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`.trim() }));
}

/**
 * The appointments' prices (kobo; null when unpriced) and services, read before the sale's
 * transaction to price the lines that check them out (the appointment's price stands).
 */
export async function appointmentPrices(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { priceKobo: number | null; serviceId: number | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: appointments.id,
      priceKobo: appointments.priceKobo,
      serviceId: appointments.serviceId,
    })
    .from(appointments)
    .where(inArray(appointments.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { priceKobo: r.priceKobo, serviceId: r.serviceId }]));
}

/**
 * In the sale's transaction: locks the appointments the lines name, checks that each can be
 * checked out, and completes them at `soldAt` (decision 0187).
 * @param lines the cart's appointment ids by line index (undefined: the line names none).
 * @throws HttpError 400 an unknown appointment or one named twice; 409 one cancelled or a
 *   no-show, or already checked out by another sale (its number named).
 */
export async function completeVisit(
  tx: Tx,
  lines: ReadonlyArray<number | null | undefined>,
  soldAt: Date,
  clientId: number | null,
): Promise<number[]> {
  const ids = lines.filter((id): id is number => typeof id === "number");
  if (ids.length === 0) return [];
  const field = (id: number) => `cart.${lines.indexOf(id)}.appointmentId`;
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) {
    const message = "An appointment can be checked out on one line only";
    throw new HttpError(400, message, { [field(twice)]: message });
  }
  const rows = await lockAppointmentsForCheckout(tx, ids);
  const done = await checkedOut(tx, ids);
  for (const id of ids) {
    const row = rows.find((r) => r.id === id);
    if (!row)
      throw new HttpError(400, "Unknown appointment", { [field(id)]: "Unknown appointment" });
    const what = `${row.customerName}'s ${row.serviceName}`;
    if (row.status === "cancelled" || row.status === "no-show") {
      const message = `${what} is marked ${row.status} and cannot be checked out`;
      throw new HttpError(409, message, { [field(id)]: message });
    }
    const saleNumber = done.get(id);
    if (saleNumber !== undefined) {
      const message = `${what} was already checked out (Sale #${saleNumber})`;
      throw new HttpError(409, message, { [field(id)]: message });
    }
  }
  await completeCheckedOutAppointments(tx, ids, soldAt, clientId);
  return ids;
}
