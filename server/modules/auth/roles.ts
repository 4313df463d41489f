/**
 * Role checks for the API (issue 13; common/roles.ts). Every non-public /api route declares who
 * may call it by putting `requireRole(...)` first in its handler list:
 *
 *   router.post("/pay-runs", requireRole(...MANAGER_ONLY), handler(...))
 *
 * Signed out → 401 'Please sign in to continue'; signed in without the role → 403
 * `{error: {message: FORBIDDEN_MESSAGE}}`. The middleware carries its roles (`declaredRoles`),
 * so server/roles.test.ts walks the route table and fails for any non-public route that
 * declares none, and calls every route with a therapist's and a front desk's session.
 */
import type { RequestHandler } from "express";
import type { AdminIdentity } from "#common/auth.ts";
import {
  type AccessRole,
  CAPABILITIES,
  type Capability,
  capabilitiesOf,
  FORBIDDEN_MESSAGE,
  mayOn,
  refusalOf,
} from "#common/roles.ts";
import { HttpError } from "#server/http.ts";

/** A role gate with the roles it lets through, readable by the route sweep. */
export type RoleGate = RequestHandler & { declaredRoles: readonly AccessRole[] };

/** Lets through a signed-in account whose role is one of `roles` (401 signed out, 403 else). */
export function requireRole(...roles: AccessRole[]): RoleGate {
  if (roles.length === 0) throw new Error("requireRole needs at least one role");
  const allowed = new Set<AccessRole>(roles);
  const gate: RequestHandler = (req, _res, next) => {
    if (!req.admin) return next(new HttpError(401, "Please sign in to continue"));
    if (!allowed.has(req.admin.role)) return next(new HttpError(403, FORBIDDEN_MESSAGE));
    next();
  };
  return Object.assign(gate, { declaredRoles: [...roles] as const });
}

/**
 * The role gate of a capability (common/roles.ts CAPABILITIES): lets through the roles that hold
 * it on every record or on their own (the handler then calls `authorize` with the owner);
 * others get 403 with the capability's rule, e.g. 'Your role does not allow this: only a
 * manager deletes or erases clients.' (issue 28 item 6).
 */
export function requireCapability(capability: Capability): RoleGate {
  const c = CAPABILITIES[capability];
  const roles = [...new Set<AccessRole>([...c.all, ...c.own])];
  const gate: RequestHandler = (req, _res, next) => {
    if (!req.admin) return next(new HttpError(401, "Please sign in to continue"));
    if (!roles.includes(req.admin.role)) return next(new HttpError(403, refusalOf(capability)));
    next();
  };
  return Object.assign(gate, { declaredRoles: roles as readonly AccessRole[] });
}

/**
 * Refuses `admin` a `capability` on a record owned by `ownerStaffId` (null: nobody's, e.g. an
 * unassigned appointment or an all-staff block) unless their role holds it on every record, or
 * on their own and the record is theirs.
 * @throws HttpError 403 with the capability's rule.
 */
export function authorize(
  admin: AdminIdentity,
  capability: Capability,
  ownerStaffId: number | null,
): void {
  if (!mayOn(capabilitiesOf(admin.role), capability, admin.staffId, ownerStaffId)) {
    throw new HttpError(403, refusalOf(capability));
  }
}

/** The roles a handler declares, or null when it is not a role gate. */
export function declaredRoles(fn: unknown): readonly AccessRole[] | null {
  const roles = (fn as Partial<RoleGate> | null)?.declaredRoles;
  return Array.isArray(roles) ? roles : null;
}
