/**
 * The signed-in admin as the server and the pages know it (ARCHITECTURE.md "Security"), and the
 * admin login gate's body (admin spec §2 "Login gate"), checked by the gate and the API alike.
 */
import { z } from "zod";
import type { AccessRole } from "./roles.ts";

/**
 * A signed-in account: the ADMIN_USERNAME account (a manager, no staff member) or a staff
 * member's own account (username = their email). `name` is what the shell and the audit log
 * show; `staffId` links a member's account to their staff record.
 */
export type AdminIdentity = {
  id: number;
  username: string;
  role: AccessRole;
  name?: string;
  staffId?: number | null;
};

/**
 * POST /api/auth/login: the username and password of the login gate (admin spec §2). Whether
 * they are right is the server's check; this one only asks for both.
 */
export const loginSchema = z.object({
  username: z
    .string({ error: "Username is required" })
    .trim()
    .min(1, "Username is required")
    .max(100),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200),
});
