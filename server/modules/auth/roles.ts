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
import { type AccessRole, FORBIDDEN_MESSAGE } from "#common/roles.ts";
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

/** The roles a handler declares, or null when it is not a role gate. */
export function declaredRoles(fn: unknown): readonly AccessRole[] | null {
  const roles = (fn as Partial<RoleGate> | null)?.declaredRoles;
  return Array.isArray(roles) ? roles : null;
}
