/**
 * Commission rates by member and by service or product category (issue 29;
 * docs/decisions/0215): the only writer of `staff_commission_rates`. A category without a rate
 * falls back to the member's default rate (`staff.commission_rate_bp`). The till reads
 * `commissionRateOf` to fix each sale line's rate when it is sold. Rates are percent in the API
 * and basis points (1000 = 10%) in the database.
 */
import { asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { AdminIdentity } from "#common/auth.ts";
import { type CommissionRates, type commissionRatesSchema, STAFF_MESSAGES } from "#common/staff.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { products, services } from "#server/db/schema/catalog.ts";
import { staff, staffCommissionRates } from "#server/db/schema/staff.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";

const percent = (bp: number) => bp / 100;
const basisPoints = (rate: number) => Math.round(rate * 100);

/**
 * GET /api/staff/{id}/commission-rates: the member's default rate, category rates (percent, by
 * type then category) and the catalogue's categories.
 * @throws HttpError 404 unknown member.
 */
export async function getCommissionRates(db: Db, staffId: number): Promise<CommissionRates> {
  const [member] = await db
    .select({ rate: staff.commissionRateBp })
    .from(staff)
    .where(eq(staff.id, staffId));
  if (!member) throw new HttpError(404, STAFF_MESSAGES.notFound);
  const [rows, serviceCats, productCats] = await Promise.all([
    db
      .select()
      .from(staffCommissionRates)
      .where(eq(staffCommissionRates.staffId, staffId))
      .orderBy(asc(staffCommissionRates.itemType), asc(staffCommissionRates.category)),
    db.selectDistinct({ c: services.category }).from(services).orderBy(asc(services.category)),
    db.selectDistinct({ c: products.category }).from(products).orderBy(asc(products.category)),
  ]);
  return {
    staffId,
    defaultRate: percent(member.rate),
    rates: rows.map((r) => ({
      itemType: r.itemType as "service" | "product",
      category: r.category,
      rate: percent(r.rateBp),
    })),
    categories: {
      service: serviceCats.map((r) => r.c).filter(Boolean),
      product: productCats.map((r) => r.c).filter(Boolean),
    },
  };
}

/**
 * PUT /api/staff/{id}/commission-rates: replaces the member's category rates, in one
 * transaction with the member locked; audited (pay data: managers only, by the route).
 * @throws HttpError 404 unknown member.
 */
export async function setCommissionRates(
  db: Db,
  admin: AdminIdentity,
  staffId: number,
  input: z.output<typeof commissionRatesSchema>,
): Promise<CommissionRates> {
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(eq(staff.id, staffId))
      .for("update");
    if (!member) throw new HttpError(404, STAFF_MESSAGES.notFound);
    await tx.delete(staffCommissionRates).where(eq(staffCommissionRates.staffId, staffId));
    if (input.rates.length) {
      await tx.insert(staffCommissionRates).values(
        input.rates.map((r) => ({
          staffId,
          itemType: r.itemType,
          category: r.category,
          rateBp: basisPoints(r.rate),
        })),
      );
    }
    await recordAudit(tx, admin, {
      action: "staff.commission-rates",
      entity: "staff",
      entityId: staffId,
      details: { rates: input.rates },
    });
  });
  return getCommissionRates(db, staffId);
}

/** A line to find the commission rate of: its member, item type and category. */
export type RateQuery = { staffId: number; itemType: "service" | "product"; category: string };

/**
 * The commission rate (basis points) of each of `lines`, in order: the member's rate for the
 * item's category, else the member's default rate; 0 for a member not found. Two queries.
 */
export async function commissionRatesOf(
  db: Db | Tx,
  lines: readonly RateQuery[],
): Promise<number[]> {
  const ids = [...new Set(lines.map((l) => l.staffId))];
  if (ids.length === 0) return [];
  const [members, rates] = await Promise.all([
    db
      .select({ id: staff.id, rate: staff.commissionRateBp })
      .from(staff)
      .where(inArray(staff.id, ids)),
    db.select().from(staffCommissionRates).where(inArray(staffCommissionRates.staffId, ids)),
  ]);
  return lines.map((l) => {
    const byCategory = rates.find(
      (r) => r.staffId === l.staffId && r.itemType === l.itemType && r.category === l.category,
    );
    return byCategory?.rateBp ?? members.find((m) => m.id === l.staffId)?.rate ?? 0;
  });
}
