/**
 * Staff calendar feeds (issue 10): each member may have one secret iCalendar URL,
 * /calendar/staff/{token}.ics, that Google Calendar and Apple Calendar subscribe to. The token is
 * 32 random bytes (base64url, 43 characters); only its SHA-256 is stored, so the database alone
 * cannot rebuild a URL. Creating again rotates it (the old URL stops working); revoking clears
 * it. The feed holds the member's active appointments and their own and all-staff blocks from
 * 30 days back to 90 days ahead, in Africa/Lagos time
 * (docs/decisions/0064-staff-calendar-feeds.md).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNull, lt, notInArray, or } from "drizzle-orm";
import ical, { ICalEventStatus } from "ical-generator";
import type { AdminIdentity } from "#common/auth.ts";
import { BUSINESS } from "#common/business.ts";
import { type CalendarFeed, INACTIVE_APPOINTMENT_STATUSES } from "#common/calendar.ts";
import { inLagos, LAGOS_TIME_ZONE } from "#common/lagos-time.ts";
import type { Db } from "#server/db/client.ts";
import { appointments, blockedTimes } from "#server/db/schema/calendar.ts";
import { staff } from "#server/db/schema/staff.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";

/** How far back and ahead the feed reaches, in days. */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 90;
const DAY_MS = 86_400_000;
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The feed's public path for `token`. */
export function feedPath(token: string): string {
  return `/calendar/staff/${token}.ics`;
}

/**
 * Africa/Lagos as a VTIMEZONE (WAT, UTC+1 all year, no daylight saving), so clients that do not
 * know the zone id still place events right.
 */
function vtimezone(name: string): string | null {
  if (name !== LAGOS_TIME_ZONE) return null;
  return [
    "BEGIN:VTIMEZONE",
    `TZID:${LAGOS_TIME_ZONE}`,
    `X-LIC-LOCATION:${LAGOS_TIME_ZONE}`,
    "BEGIN:STANDARD",
    "DTSTART:19700101T000000",
    "TZOFFSETFROM:+0100",
    "TZOFFSETTO:+0100",
    "TZNAME:WAT",
    "END:STANDARD",
    "END:VTIMEZONE",
  ].join("\r\n");
}

async function memberOrThrow(db: Db, staffId: number) {
  const [row] = await db
    .select({ id: staff.id, createdAt: staff.calendarFeedCreatedAt })
    .from(staff)
    .where(eq(staff.id, staffId));
  if (!row) throw new HttpError(404, "Staff member not found");
  return row;
}

/** GET /api/staff/{id}/calendar-feed: whether a feed is active (the URL is never shown again). */
export async function getCalendarFeed(db: Db, staffId: number): Promise<CalendarFeed> {
  const row = await memberOrThrow(db, staffId);
  return {
    staffId,
    active: row.createdAt !== null,
    url: null,
    createdAt: row.createdAt?.toISOString() ?? null,
  };
}

/**
 * POST /api/staff/{id}/calendar-feed: makes a new secret feed URL for the member, replacing any
 * earlier one (rotation). `origin` is the site's address (PUBLIC_URL or the request's).
 * @returns the feed with its `url` (shown this once). @throws HttpError 404 unknown member.
 */
export async function createCalendarFeed(
  db: Db,
  admin: AdminIdentity,
  staffId: number,
  origin: string,
): Promise<CalendarFeed> {
  const token = randomBytes(32).toString("base64url");
  const createdAt = new Date();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(staff)
      .set({ calendarFeedTokenHash: hashToken(token), calendarFeedCreatedAt: createdAt })
      .where(eq(staff.id, staffId))
      .returning({ id: staff.id });
    if (!row) throw new HttpError(404, "Staff member not found");
    await recordAudit(tx, admin, {
      action: "staff.calendar-feed.create",
      entity: "staff",
      entityId: staffId,
    });
  });
  return {
    staffId,
    active: true,
    url: `${origin}${feedPath(token)}`,
    createdAt: createdAt.toISOString(),
  };
}

/** DELETE /api/staff/{id}/calendar-feed: the feed URL stops working. @throws HttpError 404. */
export async function revokeCalendarFeed(
  db: Db,
  admin: AdminIdentity,
  staffId: number,
): Promise<CalendarFeed> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(staff)
      .set({ calendarFeedTokenHash: null, calendarFeedCreatedAt: null })
      .where(eq(staff.id, staffId))
      .returning({ id: staff.id });
    if (!row) throw new HttpError(404, "Staff member not found");
    await recordAudit(tx, admin, {
      action: "staff.calendar-feed.revoke",
      entity: "staff",
      entityId: staffId,
    });
  });
  return { staffId, active: false, url: null, createdAt: null };
}

/** A member's active appointments and blocks (theirs and all staff's) overlapping [from, to). */
async function feedEntries(db: Db, memberId: number, from: Date, to: Date) {
  const [visits, blocks] = await Promise.all([
    db
      .select({
        id: appointments.id,
        serviceName: appointments.serviceName,
        customerName: appointments.customerName,
        status: appointments.status,
        notes: appointments.notes,
        groupSize: appointments.groupSize,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
        updatedAt: appointments.updatedAt,
      })
      .from(appointments)
      .where(
        and(
          eq(appointments.staffId, memberId),
          notInArray(appointments.status, [...INACTIVE_APPOINTMENT_STATUSES]),
          lt(appointments.startsAt, to),
          gt(appointments.endsAt, from),
        ),
      )
      .orderBy(asc(appointments.startsAt)),
    db
      .select({
        id: blockedTimes.id,
        title: blockedTimes.title,
        description: blockedTimes.description,
        staffId: blockedTimes.staffId,
        startsAt: blockedTimes.startsAt,
        endsAt: blockedTimes.endsAt,
        updatedAt: blockedTimes.updatedAt,
      })
      .from(blockedTimes)
      .where(
        and(
          or(eq(blockedTimes.staffId, memberId), isNull(blockedTimes.staffId)),
          lt(blockedTimes.startsAt, to),
          gt(blockedTimes.endsAt, from),
        ),
      )
      .orderBy(asc(blockedTimes.startsAt)),
  ]);
  return { visits, blocks };
}

type FeedEntries = Awaited<ReturnType<typeof feedEntries>>;

/** The iCalendar of `member`'s entries, times with TZID=Africa/Lagos. */
function feedCalendar(
  member: { firstName: string; lastName: string },
  { visits, blocks }: FeedEntries,
): string {
  const calendar = ical({
    name: `${BUSINESS.shortName} – ${member.firstName} ${member.lastName}`,
    prodId: { company: BUSINESS.shortName, product: "calendar", language: "EN" },
    timezone: { name: LAGOS_TIME_ZONE, generator: vtimezone },
    ttl: 15 * 60,
  });
  for (const a of visits) {
    calendar.createEvent({
      id: `appointment-${a.id}@glowhaven`,
      start: inLagos(a.startsAt),
      end: inLagos(a.endsAt),
      timezone: LAGOS_TIME_ZONE,
      stamp: a.updatedAt,
      summary: `${a.serviceName} – ${a.customerName}${a.groupSize > 1 ? ` (group of ${a.groupSize})` : ""}`,
      description: a.notes ?? undefined,
      location: BUSINESS.address,
      status: a.status === "pending" ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
  }
  for (const b of blocks) {
    calendar.createEvent({
      id: `blocked-time-${b.id}@glowhaven`,
      start: inLagos(b.startsAt),
      end: inLagos(b.endsAt),
      timezone: LAGOS_TIME_ZONE,
      stamp: b.updatedAt,
      summary: `Blocked: ${b.title}${b.staffId === null ? " (all staff)" : ""}`,
      description: b.description ?? undefined,
    });
  }
  return calendar.toString();
}

/**
 * The iCalendar text of the feed whose token is `token`, or null when no member has it (revoked,
 * rotated or made up). Events: active appointments ('HydraFacial – Ada Obi', CONFIRMED or
 * TENTATIVE) and blocks ('Blocked: Lunch'), times with TZID=Africa/Lagos. No client contact or
 * health data is included.
 */
export async function staffCalendarIcs(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<string | null> {
  if (!TOKEN_RE.test(token)) return null;
  const [member] = await db
    .select({ id: staff.id, firstName: staff.firstName, lastName: staff.lastName })
    .from(staff)
    .where(eq(staff.calendarFeedTokenHash, hashToken(token)));
  if (!member) return null;
  const from = new Date(now.getTime() - FEED_DAYS_BACK * DAY_MS);
  const to = new Date(now.getTime() + FEED_DAYS_AHEAD * DAY_MS);
  return feedCalendar(member, await feedEntries(db, member.id, from, to));
}
