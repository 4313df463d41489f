/**
 * Surcharges (admin spec §2 "Point of sale", §7 GET, POST /api/surcharges, PATCH
 * /api/surcharges/{id}): a percentage (stored in basis points) or a fixed amount (stored in kobo)
 * that the till adds to a sale; answered in percent or naira. Writes are audited.
 */

import { asc, desc, eq } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import { nairaToKobo } from "#common/money.ts";
import {
  MAX_SURCHARGE_BASIS_POINTS,
  type Surcharge,
  type SurchargePatch,
  type SurchargeType,
} from "#common/sales.ts";
import type { Db } from "#server/db/client.ts";
import { surcharges } from "#server/db/schema/sales.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { naira } from "./shared.ts";

function toSurcharge(r: typeof surcharges.$inferSelect): Surcharge {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    type: r.type as SurchargeType,
    // Basis points → percent (750 → 7.5); kobo → naira.
    amount: r.type === "percentage" ? r.amount / 100 : naira(r.amount),
    isActive: r.isActive,
  };
}

/** Stored amount of a surcharge: basis points for a percentage, kobo for a fixed amount. */
function storedAmount(type: SurchargeType, amount: number): number {
  return type === "percentage" ? Math.round(amount * 100) : nairaToKobo(amount);
}

/** GET /api/surcharges: every surcharge (active ones first, then by name), or only active ones. */
export async function listSurcharges(db: Db, activeOnly = false): Promise<Surcharge[]> {
  const rows = await db
    .select()
    .from(surcharges)
    .where(activeOnly ? eq(surcharges.isActive, true) : undefined)
    .orderBy(desc(surcharges.isActive), asc(surcharges.name), asc(surcharges.id));
  return rows.map(toSurcharge);
}

/** POST /api/surcharges (audited). Amount: percent (0–100) or naira. */
export async function createSurcharge(
  db: Db,
  admin: AdminIdentity,
  input: {
    name: string;
    description: string | null;
    type: SurchargeType;
    amount: number;
    isActive: boolean;
  },
): Promise<Surcharge> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(surcharges)
      .values({
        name: input.name,
        description: input.description,
        type: input.type,
        amount: storedAmount(input.type, input.amount),
        isActive: input.isActive,
      })
      .returning();
    if (!row) throw new Error("surcharge insert returned no row");
    await recordAudit(tx, admin, {
      action: "surcharge.create",
      entity: "surcharge",
      entityId: row.id,
      details: { ...input },
    });
    return toSurcharge(row);
  });
}

/**
 * PATCH /api/surcharges/{id}: edit or (de)activate (audited).
 * @throws HttpError 404 unknown id; 400 a percentage over 100.
 */
export async function updateSurcharge(
  db: Db,
  admin: AdminIdentity,
  id: number,
  patch: SurchargePatch,
): Promise<Surcharge> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(surcharges).where(eq(surcharges.id, id)).for("update");
    if (!row) throw new HttpError(404, "Surcharge not found");
    const type = (patch.type ?? row.type) as SurchargeType;
    const amount =
      patch.amount !== undefined
        ? storedAmount(type, patch.amount)
        : patch.type !== undefined && patch.type !== row.type
          ? null
          : row.amount;
    if (amount === null) {
      throw new HttpError(400, "Enter the amount for the new type", {
        amount: "Enter the amount for the new type",
      });
    }
    if (type === "percentage" && amount > MAX_SURCHARGE_BASIS_POINTS) {
      throw new HttpError(400, "A percentage surcharge must be between 0 and 100", {
        amount: "A percentage surcharge must be between 0 and 100",
      });
    }
    const [updated] = await tx
      .update(surcharges)
      .set({
        name: patch.name ?? row.name,
        description: patch.description !== undefined ? patch.description : row.description,
        type,
        amount,
        isActive: patch.isActive ?? row.isActive,
        updatedAt: new Date(),
      })
      .where(eq(surcharges.id, id))
      .returning();
    if (!updated) throw new HttpError(404, "Surcharge not found");
    await recordAudit(tx, admin, {
      action: "surcharge.update",
      entity: "surcharge",
      entityId: id,
      details: { ...patch, previous: toSurcharge(row) },
    });
    return toSurcharge(updated);
  });
}
