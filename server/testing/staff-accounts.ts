/**
 * Signed-in staff sessions for API tests (issue 13): a manager adds a member, grants them a
 * role, the member accepts the emailed invitation and is signed in on the returned agent.
 */
import { desc, eq } from "drizzle-orm";
import type { Express } from "express";
import request from "supertest";
import type { AccessRole } from "#common/roles.ts";
import type { Db } from "#server/db/client.ts";
import { outbox } from "#server/db/schema/content.ts";

export const MEMBER_PASSWORD = "member-password-123";

/** The token of the latest invitation emailed to `email` (from the outbox's text). */
export async function invitationToken(db: Db, email: string): Promise<string> {
  const [row] = await db
    .select({ text: outbox.textBody })
    .from(outbox)
    .where(eq(outbox.toAddress, email))
    .orderBy(desc(outbox.id))
    .limit(1);
  const token = /staff-invitation\/([A-Za-z0-9_-]+)/.exec(row?.text ?? "")?.[1];
  if (!token) throw new Error(`no invitation emailed to ${email}`);
  return token;
}

/**
 * A new active member with a signed-in account of `role`. `manager` is an agent signed in as a
 * manager. Returns the member's id and their signed-in agent.
 */
export async function signedInMember(
  app: Express,
  db: Db,
  manager: ReturnType<typeof request.agent>,
  role: AccessRole,
  overrides: { firstName?: string; lastName?: string; email?: string; hourlyRate?: number } = {},
) {
  const email =
    overrides.email ?? `${role}.${Math.random().toString(36).slice(2, 8)}@glowhaven.example`;
  const created = await manager
    .post("/api/staff")
    .send({ firstName: "Test", lastName: role, ...overrides, email })
    .expect(201);
  const staffId = created.body.id as number;
  await manager.post(`/api/staff/${staffId}/access`).send({ role }).expect(201);
  const token = await invitationToken(db, email);
  const agent = request.agent(app);
  await agent
    .post(`/api/auth/invitations/${token}`)
    .send({ password: MEMBER_PASSWORD })
    .expect(201);
  return { staffId, email, agent };
}
