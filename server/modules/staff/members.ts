/**
 * Staff members and their access (admin spec §2 "Staff management", §3, §7; issue 13): the
 * list, one member, add, change and remove, each with the member's sign-in state (account with
 * role and two-step, pending invitation, or none). Pay fields (hourly rate naira, commission
 * percent; kobo and basis points in the db) are shown only to a viewer who `seesPay`. Every
 * change writes an audit row in its transaction.
 */
import { and, asc, eq, gte, inArray, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { AdminIdentity } from "#common/auth.ts";
import { lagosDate } from "#common/lagos-time.ts";
import { koboToNairaText, nairaToKobo } from "#common/money.ts";
import { canOpen } from "#common/roles.ts";
import {
  STAFF_MESSAGES,
  type StaffMember,
  type staffInputSchema,
  type staffPatchSchema,
} from "#common/staff.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { adminTotp, adminUsers, staffInvitations } from "#server/db/schema/access.ts";
import { staff } from "#server/db/schema/staff.ts";
import { SQL_STATE, sqlState } from "#server/db/sql-state.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";

export type StaffRow = typeof staff.$inferSelect;

/** "First Last", trimmed when the last name is empty. */
export const fullName = (m: { firstName: string; lastName: string }) =>
  `${m.firstName} ${m.lastName}`.trim();

/** Whether `viewer` may see pay figures (hourly rates, commission, pay runs). */
export function seesPay(viewer: AdminIdentity): boolean {
  return canOpen(viewer.role, "pay");
}

async function accessOf(
  db: Db | Tx,
  ids: number[],
  now = new Date(),
): Promise<Map<number, StaffMember["access"]>> {
  const result = new Map<number, StaffMember["access"]>();
  if (ids.length === 0) return result;
  const accounts = await db
    .select({
      staffId: adminUsers.staffId,
      role: adminUsers.role,
      twoStepSince: adminTotp.enabledAt,
    })
    .from(adminUsers)
    .leftJoin(adminTotp, eq(adminTotp.userId, adminUsers.id))
    .where(inArray(adminUsers.staffId, ids));
  const invites = await db
    .select({ staffId: staffInvitations.staffId, role: staffInvitations.role })
    .from(staffInvitations)
    .where(
      and(
        inArray(staffInvitations.staffId, ids),
        isNull(staffInvitations.acceptedAt),
        gte(staffInvitations.expiresAt, now),
      ),
    );
  for (const i of invites) {
    result.set(i.staffId, { state: "invited", role: i.role as never });
  }
  for (const a of accounts) {
    if (a.staffId !== null) {
      result.set(a.staffId, {
        state: "active",
        role: a.role as never,
        twoStep: a.twoStepSince !== null,
      });
    }
  }
  return result;
}

function toMember(row: StaffRow, access: StaffMember["access"], showPay: boolean): StaffMember {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    role: row.role,
    department: row.department,
    hourlyRate: showPay ? koboToNairaText(row.hourlyRateKobo) : null,
    commissionRate: showPay ? row.commissionRateBp / 100 : null,
    startDate: String(row.startDate),
    status: row.status,
    createdAt: new Date(row.createdAt).toISOString(),
    access,
  };
}

/** Every member, by first then last name; pay fields null unless `viewer` sees pay. */
export async function listStaff(db: Db, viewer: AdminIdentity): Promise<StaffMember[]> {
  const rows = await db
    .select()
    .from(staff)
    .orderBy(asc(staff.firstName), asc(staff.lastName), asc(staff.id));
  const access = await accessOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toMember(r, access.get(r.id) ?? { state: "none" }, seesPay(viewer)));
}

/** The member with `id`. @throws HttpError 404 when there is none. */
export async function findStaff(db: Db | Tx, id: number): Promise<StaffRow> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id));
  if (!row) throw new HttpError(404, STAFF_MESSAGES.notFound);
  return row;
}

/** One member. @throws HttpError 404 when there is none. */
export async function getStaff(db: Db, viewer: AdminIdentity, id: number): Promise<StaffMember> {
  const row = await findStaff(db, id);
  const access = await accessOf(db, [id]);
  return toMember(row, access.get(id) ?? { state: "none" }, seesPay(viewer));
}

function duplicateEmail(error: unknown): never {
  if (sqlState(error) === SQL_STATE.uniqueViolation) {
    throw new HttpError(409, STAFF_MESSAGES.duplicateEmail, {
      email: STAFF_MESSAGES.duplicateEmail,
    });
  }
  throw error;
}

/**
 * Adds a staff member (start date default today in Lagos; hourly rate naira → kobo, commission
 * percent → basis points).
 * @throws HttpError 409 when another member has the email (ignoring case).
 */
export async function createStaff(
  db: Db,
  admin: AdminIdentity,
  input: z.output<typeof staffInputSchema>,
): Promise<StaffMember> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staff)
        .values({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone ?? null,
          role: input.role,
          department: input.department,
          hourlyRateKobo: nairaToKobo(input.hourlyRate),
          commissionRateBp: Math.round(input.commissionRate * 100),
          startDate: input.startDate ?? lagosDate(new Date()),
          status: input.status,
        })
        .returning();
      if (!row) throw new Error("insert returned no row");
      await recordAudit(tx, admin, {
        action: "staff.create",
        entity: "staff",
        entityId: row.id,
        details: { email: row.email, role: row.role },
      });
      return toMember(row, { state: "none" }, true);
    });
  } catch (error) {
    duplicateEmail(error);
  }
}

/**
 * Changes any of a member's fields.
 * @throws HttpError 404 (no member), 409 (email taken).
 */
export async function updateStaff(
  db: Db,
  admin: AdminIdentity,
  id: number,
  patch: z.output<typeof staffPatchSchema>,
): Promise<StaffMember> {
  try {
    const row = await db.transaction(async (tx) => {
      const before = await findStaff(tx, id);
      const [updated] = await tx
        .update(staff)
        .set({
          ...(patch.firstName !== undefined && { firstName: patch.firstName }),
          ...(patch.lastName !== undefined && { lastName: patch.lastName }),
          ...(patch.email !== undefined && { email: patch.email }),
          ...(patch.phone !== undefined && { phone: patch.phone ?? null }),
          ...(patch.role !== undefined && { role: patch.role }),
          ...(patch.department !== undefined && { department: patch.department }),
          ...(patch.hourlyRate !== undefined && { hourlyRateKobo: nairaToKobo(patch.hourlyRate) }),
          ...(patch.commissionRate !== undefined && {
            commissionRateBp: Math.round(patch.commissionRate * 100),
          }),
          ...(patch.startDate !== undefined && { startDate: patch.startDate }),
          ...(patch.status !== undefined && { status: patch.status }),
          updatedAt: new Date(),
        })
        .where(eq(staff.id, id))
        .returning();
      if (!updated) throw new HttpError(404, STAFF_MESSAGES.notFound);
      // A member's sign-in name follows their email.
      if (patch.email !== undefined && patch.email.toLowerCase() !== before.email.toLowerCase()) {
        await tx
          .update(adminUsers)
          .set({ username: patch.email.toLowerCase() })
          .where(eq(adminUsers.staffId, id));
      }
      await recordAudit(tx, admin, {
        action: "staff.update",
        entity: "staff",
        entityId: id,
        details: { ...patch },
      });
      return updated;
    });
    const access = await accessOf(db, [id]);
    return toMember(row, access.get(id) ?? { state: "none" }, true);
  } catch (error) {
    duplicateEmail(error);
  }
}

/**
 * Removes a member with their schedules, blocked times, account and invitations; their
 * appointments stay unassigned.
 * @throws HttpError 404 (no member), 409 (they have time entries or pay runs: archive instead).
 */
export async function deleteStaff(db: Db, admin: AdminIdentity, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const row = await findStaff(tx, id);
      await tx.delete(staff).where(eq(staff.id, id));
      await recordAudit(tx, admin, {
        action: "staff.delete",
        entity: "staff",
        entityId: id,
        details: { name: fullName(row), email: row.email },
      });
    });
  } catch (error) {
    if (sqlState(error) === SQL_STATE.foreignKeyViolation) {
      throw new HttpError(409, STAFF_MESSAGES.hasRecords);
    }
    throw error;
  }
}
