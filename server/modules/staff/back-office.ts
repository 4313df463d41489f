/**
 * The staff area's part of the back office (server/back-office.ts): Clear Admin Data (which
 * keeps the team, issue 28 item 9), the dashboard's Top team member figures and the top-bar
 * search.
 */
import { desc, ilike, or } from "drizzle-orm";
import {
  type ClearableTable,
  type DashboardSource,
  SEARCH_LIMIT_PER_KIND,
  type SearchSource,
} from "#server/back-office.ts";
import { staff } from "#server/db/schema/staff.ts";
import { teamFigures } from "./figures.ts";

/**
 * Clear Admin Data keeps the team (issue 28 item 9; docs/decisions/0199): members, their
 * sign-ins and invitations, weekly schedules, time entries and pay runs stay, so the front desk
 * can still sign in and pay history stays whole. Nothing of the staff module is cleared.
 */
export const staffClearable: ClearableTable[] = [];

/** Top team member (admin spec §2, real figures instead of the spec's random placeholders). */
export const staffDashboard: DashboardSource = {
  teamFigures: (db, from, to) => teamFigures(db, from, to),
};

/** Staff members by name, email or phone in the top-bar search; a hit opens their detail. */
export const staffSearch: SearchSource = async (db, pattern) => {
  const rows = await db
    .select({
      id: staff.id,
      firstName: staff.firstName,
      lastName: staff.lastName,
      email: staff.email,
      role: staff.role,
      status: staff.status,
    })
    .from(staff)
    .where(
      or(
        ilike(staff.firstName, pattern),
        ilike(staff.lastName, pattern),
        ilike(staff.email, pattern),
        ilike(staff.phone, pattern),
      ),
    )
    .orderBy(desc(staff.id))
    .limit(SEARCH_LIMIT_PER_KIND);
  return rows.map((m) => ({
    kind: "staff" as const,
    id: String(m.id),
    title: `${m.firstName} ${m.lastName}`.trim(),
    subtitle: `${m.role} · ${m.email} · ${m.status}`,
    href: `/admin/staff?member=${m.id}`,
  }));
};
