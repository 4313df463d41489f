/**
 * Who a sale credits (issue 29; docs/decisions/0187, 0215): the member on each line (the
 * therapist of a service, who sold a product) with the commission rate fixed when it is sold,
 * and the member a tip is for. Read before the sale's transaction; the member ids are checked.
 */
import { inArray } from "drizzle-orm";
import { type ParsedSaleInput, POS_MESSAGES, type SaleItemType } from "#common/sales.ts";
import type { Db } from "#server/db/client.ts";
import { staff } from "#server/db/schema/staff.ts";
import { HttpError } from "#server/http.ts";
import { commissionRatesOf } from "#server/modules/staff/commission-rates.ts";

/** A priced line's credit: its member (or null) and their rate on it (basis points, or null). */
export type LineCredit = { staffId: number | null; commissionRateBp: number | null };

/**
 * The credit of each cart line (in order) and the tip's member: the line's `staffId`, at the
 * member's rate for the item's category, else their default rate; the tip goes to
 * `tipStaffId`, else the first service line's member, else the first line's member, else nobody.
 * @param lines the priced lines' type and catalogue category, in cart order.
 * @throws HttpError 400 an unknown member (on the line's or the tip's field).
 */
export async function creditLines(
  db: Db,
  input: ParsedSaleInput,
  lines: ReadonlyArray<{ type: SaleItemType; category: string }>,
): Promise<{ lines: LineCredit[]; tipStaffId: number | null }> {
  const named = input.cart.map((l) => l.staffId ?? null);
  const ids = [
    ...new Set([...named, input.tipStaffId ?? null].filter((id): id is number => id !== null)),
  ];
  const known = ids.length
    ? new Set(
        (await db.select({ id: staff.id }).from(staff).where(inArray(staff.id, ids))).map(
          (r) => r.id,
        ),
      )
    : new Set<number>();
  named.forEach((id, i) => {
    if (id !== null && !known.has(id)) {
      throw new HttpError(400, POS_MESSAGES.staffMember, {
        [`cart.${i}.staffId`]: POS_MESSAGES.staffMember,
      });
    }
  });
  if (input.tipStaffId && !known.has(input.tipStaffId)) {
    throw new HttpError(400, POS_MESSAGES.staffMember, { tipStaffId: POS_MESSAGES.staffMember });
  }
  const queries = named.flatMap((staffId, i) =>
    staffId === null
      ? []
      : [{ staffId, itemType: lines[i]?.type ?? "service", category: lines[i]?.category ?? "" }],
  );
  const rates = await commissionRatesOf(db, queries);
  let next = 0;
  const credits = named.map((staffId) =>
    staffId === null
      ? { staffId, commissionRateBp: null }
      : { staffId, commissionRateBp: rates[next++] ?? 0 },
  );
  const firstService = named.find((id, i) => id !== null && lines[i]?.type === "service");
  const tipStaffId = input.tipStaffId ?? firstService ?? named.find((id) => id !== null) ?? null;
  return { lines: credits, tipStaffId };
}
