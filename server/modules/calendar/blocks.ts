/**
 * Blocked time (admin spec §2 "Calendar", §5, §7; issue 10): a member's time, or all staff's
 * (staffId null), taken out of the calendar. A block never covers an active appointment of the
 * staff it blocks, whichever is written first: each write takes the calendar locks and checks
 * with clash.ts `blockClash` in its transaction, audited with it. Instants are UTC.
 */
import { and, asc, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import {
  BLOCK_MESSAGES,
  type BlockedTime,
  type BlockedTimePatch,
  type BlockedTimeValues,
  type BlockType,
  type CalendarQuery,
} from "#common/calendar.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { blockedTimes } from "#server/db/schema/calendar.ts";
import { staff } from "#server/db/schema/staff.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { lockAllStaff, lockStaff, refuseBlockClash } from "./clash.ts";
import { listRange } from "./queries.ts";
import { findStaff, fullName, instantOf } from "./resolve.ts";

const blockColumns = {
  id: blockedTimes.id,
  title: blockedTimes.title,
  description: blockedTimes.description,
  staffId: blockedTimes.staffId,
  startsAt: blockedTimes.startsAt,
  endsAt: blockedTimes.endsAt,
  blockType: blockedTimes.blockType,
  isPaid: blockedTimes.isPaid,
  isRecurring: blockedTimes.isRecurring,
  color: blockedTimes.color,
  createdAt: blockedTimes.createdAt,
  updatedAt: blockedTimes.updatedAt,
  staffFirstName: staff.firstName,
  staffLastName: staff.lastName,
};

function selectBlocks(db: Db | Tx) {
  return db
    .select(blockColumns)
    .from(blockedTimes)
    .leftJoin(staff, eq(staff.id, blockedTimes.staffId));
}

function toBlockedTime(
  r: Awaited<ReturnType<ReturnType<typeof selectBlocks>["execute"]>>[number],
): BlockedTime {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    startTime: r.startsAt.toISOString(),
    endTime: r.endsAt.toISOString(),
    staffId: r.staffId,
    staffName: fullName(r.staffFirstName, r.staffLastName),
    blockType: r.blockType as BlockType,
    isPaid: r.isPaid,
    isRecurring: r.isRecurring,
    color: r.color,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * GET /api/blocked-time (admin spec §7): blocks overlapping [from, to) (same bounds as
 * appointments), by start; with `staffId`, that member's blocks and the all-staff ones.
 */
export async function listBlockedTimes(
  db: Db,
  query: CalendarQuery,
  now: Date = new Date(),
): Promise<BlockedTime[]> {
  const { from, to } = listRange({ ...query, customerEmail: undefined }, now);
  const rows = await selectBlocks(db)
    .where(
      and(
        from ? gt(blockedTimes.endsAt, from) : undefined,
        to ? lt(blockedTimes.startsAt, to) : undefined,
        query.staffId
          ? or(eq(blockedTimes.staffId, query.staffId), isNull(blockedTimes.staffId))
          : undefined,
      ),
    )
    .orderBy(asc(blockedTimes.startsAt), asc(blockedTimes.id));
  return rows.map(toBlockedTime);
}

/**
 * POST /api/blocked-time (admin spec §5, §7): blocks a member's time (or all staff's, staffId
 * null). Refused with 409 when it would cover an active appointment of that member (or of anyone,
 * for all staff), so a block and an appointment never overlap whichever is written first.
 * @throws HttpError 400 unknown staff; 409 naming the covered appointment.
 */
export async function createBlockedTime(
  db: Db,
  admin: AdminIdentity,
  input: BlockedTimeValues,
): Promise<BlockedTime> {
  const staffId = input.staffId ?? null;
  if (staffId !== null) await findStaff(db, staffId);
  const start = instantOf(input.startTime, "startTime", BLOCK_MESSAGES.dateFormat);
  const end = instantOf(input.endTime, "endTime", BLOCK_MESSAGES.dateFormat);
  const id = await db.transaction(async (tx) => {
    if (staffId === null) await lockAllStaff(tx);
    else await lockStaff(tx, [staffId]);
    await refuseBlockClash(tx, staffId, { start, end });
    const [row] = await tx
      .insert(blockedTimes)
      .values({
        title: input.title,
        description: input.description || null,
        staffId,
        startsAt: start,
        endsAt: end,
        blockType: input.blockType,
        isPaid: input.isPaid,
        isRecurring: input.isRecurring,
        color: input.color,
      })
      .returning({ id: blockedTimes.id });
    if (!row) throw new Error("insert returned no row");
    await recordAudit(tx, admin, {
      action: "blocked-time.create",
      entity: "blocked-time",
      entityId: row.id,
      details: { ...input, staffId },
    });
    return row.id;
  });
  const [row] = await selectBlocks(db).where(eq(blockedTimes.id, id));
  if (!row) throw new HttpError(404, "Blocked time not found");
  return toBlockedTime(row);
}

/** The columns a patch sets besides the block's member and time. */
function blockPatchValues(patch: BlockedTimePatch): Partial<typeof blockedTimes.$inferInsert> {
  const values: Partial<typeof blockedTimes.$inferInsert> = { updatedAt: new Date() };
  if (patch.title !== undefined) values.title = patch.title;
  if (patch.description !== undefined) values.description = patch.description || null;
  if (patch.blockType !== undefined) values.blockType = patch.blockType;
  if (patch.isPaid !== undefined) values.isPaid = patch.isPaid;
  if (patch.isRecurring !== undefined) values.isRecurring = patch.isRecurring;
  if (patch.color !== undefined) values.color = patch.color;
  return values;
}

/**
 * PATCH /api/blocked-time/{id}: any of its fields; a new time or member is checked as on create.
 * @throws HttpError 404 unknown id; 400 unknown staff or end not after start; 409 a covered
 *   appointment (nothing changed).
 */
export async function updateBlockedTime(
  db: Db,
  admin: AdminIdentity,
  id: number,
  patch: BlockedTimePatch,
): Promise<BlockedTime> {
  const [before] = await db
    .select({ staffId: blockedTimes.staffId })
    .from(blockedTimes)
    .where(eq(blockedTimes.id, id));
  if (!before) throw new HttpError(404, "Blocked time not found");
  const staffId = patch.staffId !== undefined ? patch.staffId : before.staffId;
  if (staffId !== null && staffId !== before.staffId) await findStaff(db, staffId);
  await db.transaction(async (tx) => {
    if (staffId === null || before.staffId === null) await lockAllStaff(tx);
    else await lockStaff(tx, [staffId, before.staffId]);
    const [row] = await tx.select().from(blockedTimes).where(eq(blockedTimes.id, id)).for("update");
    if (!row) throw new HttpError(404, "Blocked time not found");
    const start = patch.startTime
      ? instantOf(patch.startTime, "startTime", BLOCK_MESSAGES.dateFormat)
      : row.startsAt;
    const end = patch.endTime
      ? instantOf(patch.endTime, "endTime", BLOCK_MESSAGES.dateFormat)
      : row.endsAt;
    if (end <= start) {
      throw new HttpError(400, BLOCK_MESSAGES.endAfterStart, {
        endTime: BLOCK_MESSAGES.endAfterStart,
      });
    }
    const widened = start < row.startsAt || end > row.endsAt || staffId !== row.staffId;
    if (widened) await refuseBlockClash(tx, staffId, { start, end });
    const values = { ...blockPatchValues(patch), staffId, startsAt: start, endsAt: end };
    await tx.update(blockedTimes).set(values).where(eq(blockedTimes.id, id));
    await recordAudit(tx, admin, {
      action: "blocked-time.update",
      entity: "blocked-time",
      entityId: id,
      details: { ...patch },
    });
  });
  const [row] = await selectBlocks(db).where(eq(blockedTimes.id, id));
  if (!row) throw new HttpError(404, "Blocked time not found");
  return toBlockedTime(row);
}

/** DELETE /api/blocked-time/{id}. Audited. @throws HttpError 404 unknown id. */
export async function deleteBlockedTime(db: Db, admin: AdminIdentity, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(blockedTimes).where(eq(blockedTimes.id, id)).returning();
    if (!row) throw new HttpError(404, "Blocked time not found");
    await recordAudit(tx, admin, {
      action: "blocked-time.delete",
      entity: "blocked-time",
      entityId: id,
      details: {
        title: row.title,
        staffId: row.staffId,
        start: row.startsAt.toISOString(),
        end: row.endsAt.toISOString(),
      },
    });
  });
}
