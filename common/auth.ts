/** The signed-in admin as the server and the pages know it (ARCHITECTURE.md "Security"). */
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
