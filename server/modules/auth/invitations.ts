/**
 * Staff sign-in (issue 13; the spec's 'Grant access' link made real). A manager grants a member
 * a role: with no account yet, an invitation email is enqueued with a one-time link
 * /staff-invitation/{token} (only the token's SHA-256 is stored, valid INVITATION_DAYS); the
 * member opens it, chooses a password and is signed in. With an account, granting changes its
 * role. Revoking removes the account (and so its sessions) and pending invitations.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import { ACCESS_ROLE_LABELS, type AccessRole } from "#common/roles.ts";
import { INVITATION_DAYS, type InvitationInfo, STAFF_MESSAGES } from "#common/staff.ts";
import type { Db } from "#server/db/client.ts";
import { adminUsers, staffInvitations } from "#server/db/schema/access.ts";
import { staff } from "#server/db/schema/staff.ts";
import { SQL_STATE, sqlState } from "#server/db/sql-state.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { enqueueMessage, type MessageDeps } from "#server/modules/messages/service.ts";
import { kickMessages } from "#server/modules/messages/worker.ts";
import { hashPassword } from "./password.ts";

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** The path of an invitation link. */
export const invitationPath = (token: string) => `/staff-invitation/${token}`;

/** The invitation email to `member`, its link to `origin` (the one-time token in the path). */
function invitationEmail(
  invitationId: number,
  member: { email: string; firstName: string },
  admin: AdminIdentity,
  role: AccessRole,
  origin: string,
  token: string,
) {
  const site = origin.replace(/\/$/, "");
  return {
    event: `staff-invitation:${invitationId}`,
    channel: "email" as const,
    to: member.email,
    template: "staff-invitation",
    subject: "Your Glow Haven staff sign-in",
    text: [
      `Hello ${member.firstName},`,
      "",
      `${admin.name ?? admin.username} has given you access to the Glow Haven back office as ${ACCESS_ROLE_LABELS[role]}.`,
      `Choose your password here (the link works for ${INVITATION_DAYS} days, once):`,
      `${site}${invitationPath(token)}`,
      "",
      `Then sign in at ${site}/admin with your email ${member.email}.`,
    ].join("\n"),
  };
}

/**
 * Grants member `staffId` the sign-in role `role`: changes an existing account's role, or
 * replaces any pending invitation with a new one and enqueues the email of its link (to
 * `origin`) in the same transaction, so the email exists exactly when the invitation does; the
 * messages worker sends it.
 * @returns 'updated' or 'invited' (with the outbox id of the email).
 * @throws HttpError 404 (no member), 409 (member not active, or their email is someone else's
 * username).
 */
export async function grantAccess(
  deps: MessageDeps,
  admin: AdminIdentity,
  staffId: number,
  role: AccessRole,
  origin: string,
  now = new Date(),
): Promise<{ state: "updated" | "invited"; outboxId?: number }> {
  const { db } = deps;
  const token = randomBytes(32).toString("base64url");
  const result = await db.transaction(async (tx) => {
    const [member] = await tx.select().from(staff).where(eq(staff.id, staffId)).for("update");
    if (!member) throw new HttpError(404, STAFF_MESSAGES.notFound);
    if (member.status !== "active") throw new HttpError(409, STAFF_MESSAGES.inactiveAccess);
    const [account] = await tx.select().from(adminUsers).where(eq(adminUsers.staffId, staffId));
    if (account) {
      await tx.update(adminUsers).set({ role }).where(eq(adminUsers.id, account.id));
      await recordAudit(tx, admin, {
        action: "staff.access-role",
        entity: "staff",
        entityId: staffId,
        details: { role, previousRole: account.role },
      });
      return { state: "updated" as const };
    }
    const [taken] = await tx
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(eq(adminUsers.username, member.email.toLowerCase()));
    if (taken) throw new HttpError(409, STAFF_MESSAGES.accountExists);
    await tx
      .delete(staffInvitations)
      .where(and(eq(staffInvitations.staffId, staffId), isNull(staffInvitations.acceptedAt)));
    const [invitation] = await tx
      .insert(staffInvitations)
      .values({
        staffId,
        role,
        tokenHash: tokenHash(token),
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
      })
      .returning({ id: staffInvitations.id });
    if (!invitation) throw new Error("invitation insert returned no row");
    await recordAudit(tx, admin, {
      action: "staff.invite",
      entity: "staff",
      entityId: staffId,
      details: { role, email: member.email },
    });
    const queued = await enqueueMessage(
      tx,
      invitationEmail(invitation.id, member, admin, role, origin, token),
    );
    return { state: "invited" as const, outboxId: queued?.id };
  });
  if (result.state === "updated") return { state: "updated" };
  kickMessages(db);
  return result;
}

/**
 * Removes a member's sign-in: their account (its sessions go with it) and pending invitations.
 * @throws HttpError 404 when there is no member.
 */
export async function revokeAccess(db: Db, admin: AdminIdentity, staffId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [member] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, staffId));
    if (!member) throw new HttpError(404, STAFF_MESSAGES.notFound);
    await tx.delete(adminUsers).where(eq(adminUsers.staffId, staffId));
    await tx
      .delete(staffInvitations)
      .where(and(eq(staffInvitations.staffId, staffId), isNull(staffInvitations.acceptedAt)));
    await recordAudit(tx, admin, {
      action: "staff.revoke-access",
      entity: "staff",
      entityId: staffId,
    });
  });
}

async function liveInvitation(db: Db, token: string, now: Date) {
  if (token.length < 20 || token.length > 100) return null;
  const [row] = await db
    .select({
      id: staffInvitations.id,
      role: staffInvitations.role,
      staffId: staff.id,
      email: staff.email,
      firstName: staff.firstName,
      lastName: staff.lastName,
      status: staff.status,
    })
    .from(staffInvitations)
    .innerJoin(staff, eq(staff.id, staffInvitations.staffId))
    .where(
      and(
        eq(staffInvitations.tokenHash, tokenHash(token)),
        isNull(staffInvitations.acceptedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    );
  return row && row.status === "active" ? row : null;
}

/** Who an invitation is for, or null when the link is unknown, used, expired or the member inactive. */
export async function invitationInfo(
  db: Db,
  token: string,
  now = new Date(),
): Promise<InvitationInfo | null> {
  const row = await liveInvitation(db, token, now);
  return row
    ? {
        email: row.email,
        name: `${row.firstName} ${row.lastName}`.trim(),
        role: row.role as AccessRole,
      }
    : null;
}

/**
 * Accepts an invitation: creates the member's account (username = their email in lower case)
 * with the invited role and `password`, and marks the invitation used.
 * @returns the new account's id.
 * @throws HttpError 404 (link unknown, used or expired), 409 (an account already exists).
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  password: string,
  now = new Date(),
): Promise<number> {
  const invitation = await liveInvitation(db, token, now);
  if (!invitation) throw new HttpError(404, STAFF_MESSAGES.invitationInvalid);
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const used = await tx
        .update(staffInvitations)
        .set({ acceptedAt: now })
        .where(and(eq(staffInvitations.id, invitation.id), isNull(staffInvitations.acceptedAt)))
        .returning({ id: staffInvitations.id });
      if (used.length === 0) throw new HttpError(404, STAFF_MESSAGES.invitationInvalid);
      const [account] = await tx
        .insert(adminUsers)
        .values({
          username: invitation.email.toLowerCase(),
          passwordHash,
          role: invitation.role,
          staffId: invitation.staffId,
        })
        .returning({ id: adminUsers.id, username: adminUsers.username });
      if (!account) throw new Error("insert returned no row");
      await recordAudit(
        tx,
        { id: account.id, username: account.username, role: invitation.role as AccessRole },
        { action: "staff.accept-invitation", entity: "staff", entityId: invitation.staffId },
      );
      return account.id;
    });
  } catch (error) {
    if (sqlState(error) === SQL_STATE.uniqueViolation) {
      throw new HttpError(409, STAFF_MESSAGES.accountExists);
    }
    throw error;
  }
}
