/** The signed-in admin of a request behind `requireRole`, for audit records. */
import type { Request } from "express";
import type { AdminIdentity } from "#common/auth.ts";
import { HttpError } from "#server/http.ts";

/** @throws HttpError 401 when no admin is signed in (defence in depth behind requireRole). */
export function currentAdmin(req: Request): AdminIdentity {
  if (!req.admin) throw new HttpError(401, "Please sign in to continue");
  return req.admin;
}
