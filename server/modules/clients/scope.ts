/**
 * Which clients a signed-in account may see (common/roles.ts CAPABILITIES 'client.view', issue
 * 28 item 6): managers and the front desk every client; a therapist their own clients, those
 * with an appointment (past or future) with them; a therapist without a staff record none.
 */
import { eq, type SQL, sql } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import { reachOf } from "#common/roles.ts";
import type { Db } from "#server/db/client.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { clients } from "#server/db/schema/clients.ts";
import { authorize } from "#server/modules/auth/roles.ts";

/** Whose clients a viewer sees: everyone's (null) or one member's (their staff id; -1: none). */
export type ClientScope = number | null;

export function clientScopeOf(viewer: AdminIdentity): ClientScope {
  if (reachOf(viewer.role, "client.view") === "all") return null;
  return viewer.staffId ?? -1;
}

/** The condition on `clients` for a scope: true for everyone's, else an appointment with them. */
export function clientScopeCondition(scope: ClientScope): SQL {
  if (scope === null) return sql`true`;
  return sql`exists (select 1 from ${appointments} where ${appointments.clientId} = ${clients.id} and ${appointments.staffId} = ${scope})`;
}

/**
 * Refuses `viewer` the client `clientId` (or the client with `email`) when it is not theirs to
 * see. An unknown client passes: the caller's own 404 follows.
 * @throws HttpError 403 'Your role does not allow this: a therapist sees only the records of
 *   their own clients.'
 */
export async function authorizeClient(
  db: Db,
  viewer: AdminIdentity,
  client: { id: number } | { email: string },
): Promise<void> {
  const scope = clientScopeOf(viewer);
  if (scope === null) return;
  const which =
    "id" in client ? eq(clients.id, client.id) : sql`lower(${clients.email}) = ${client.email}`;
  const [row] = await db
    .select({ id: clients.id, own: sql<boolean>`${clientScopeCondition(scope)}` })
    .from(clients)
    .where(which);
  if (!row) return;
  authorize(viewer, "client.view", row.own ? (viewer.staffId ?? null) : null);
}
