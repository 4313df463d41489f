/**
 * The offline key of a session (issue 35; docs/decisions/0275): GET /api/auth/offline-key and the
 * X-Session-Ended header, as the back office's pages and service worker see them, on PGlite and
 * PostgreSQL.
 */
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUsers, sessions } from "#server/db/schema/access.ts";
import { MEMBER_PASSWORD, signedInMember } from "#server/testing/staff-accounts.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";
import { SESSION_ABSOLUTE_MS } from "./service.ts";

type Agent = ReturnType<typeof request.agent>;
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(dbKinds)("offline key on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let manager: Agent;
  beforeAll(async () => {
    t = await createTestApp(kind);
    manager = request.agent(t.app);
    await manager.post("/api/auth/login").send(TEST_ADMIN).expect(200);
  });
  afterAll(() => t?.close());

  it("is refused without a session, and answers a 32-byte key, its id and the session's absolute expiry", async () => {
    const none = await request(t.app).get("/api/auth/offline-key").expect(401);
    expect(none.headers["x-session-ended"]).toBeUndefined();

    const { agent } = await signedInMember(t.app, t.db, manager, "front_desk");
    const first = await agent.get("/api/auth/offline-key").expect(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(Buffer.from(first.body.key, "base64url")).toHaveLength(32);
    expect(first.body.keyId).toMatch(/^[0-9a-f]{16}$/);
    const expiresIn = new Date(first.body.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(SESSION_ABSOLUTE_MS - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(SESSION_ABSOLUTE_MS);

    // The same session always gets the same key (a reload, a restart); another session another.
    const again = await agent.get("/api/auth/offline-key").expect(200);
    expect(again.body).toEqual(first.body);
    const other = await manager.get("/api/auth/offline-key").expect(200);
    expect(other.body.key).not.toBe(first.body.key);
    expect(other.body.keyId).not.toBe(first.body.keyId);
    // And a receipt prefix of its own (decision 0314): two devices never print the same number.
    expect(first.body.receiptPrefix).toMatch(/^D[0-9A-Z]+$/);
    expect(other.body.receiptPrefix).toMatch(/^D[0-9A-Z]+$/);
    expect(other.body.receiptPrefix).not.toBe(first.body.receiptPrefix);
  });

  it("after sign-out or the manager ending the member's access, the old cookie is told its session ended", async () => {
    const signedOut = await signedInMember(t.app, t.db, manager, "therapist");
    const before = (await signedOut.agent.get("/api/auth/offline-key").expect(200)).request.cookies;
    await signedOut.agent.post("/api/auth/logout").expect(204);
    // The agent dropped the cleared cookie; a device that was offline still sends it.
    const after = await request(t.app).get("/api/auth/offline-key").set("Cookie", before);
    expect(after.status).toBe(401);
    expect(after.headers["x-session-ended"]).toBe("1");
    const kept = await signedInMember(t.app, t.db, manager, "front_desk");
    const cookie = (await kept.agent.get("/api/auth/offline-key").expect(200)).request.cookies;
    expect(cookie).toMatch(/glowhaven_session=/);
    await manager.delete(`/api/staff/${kept.staffId}/access`).expect(204);
    const ended = await request(t.app)
      .get("/api/auth/offline-key")
      .set("Cookie", cookie)
      .expect(401);
    expect(ended.headers["x-session-ended"]).toBe("1");
    // Any request with that cookie says so, an API call or a page.
    const session = await request(t.app).get("/api/auth/session").set("Cookie", cookie);
    expect(session.status).toBe(401);
    expect(session.headers["x-session-ended"]).toBe("1");
  });

  it("a session that only went idle is not 'ended', and signing in again does not delete it", async () => {
    const { agent, email } = await signedInMember(t.app, t.db, manager, "front_desk");
    const key = await agent.get("/api/auth/offline-key").expect(200);
    const cookie = key.request.cookies;
    // 13 hours without a request: past the 12-hour idle limit.
    const [account] = await t.db
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(eq(adminUsers.username, email));
    const mine = eq(sessions.userId, account?.id ?? 0);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 13 * 60 * 60 * 1000) })
      .where(mine);
    const idle = await request(t.app)
      .get("/api/auth/offline-key")
      .set("Cookie", cookie)
      .expect(401);
    expect(idle.headers["x-session-ended"]).toBeUndefined();

    // The member signs in again on this device: the idle session's row stays until its absolute
    // expiry, so the device is not told to erase its work.
    await request(t.app)
      .post("/api/auth/login")
      .send({ username: email, password: MEMBER_PASSWORD })
      .expect(200);
    const still = await request(t.app).get("/api/auth/session").set("Cookie", cookie).expect(401);
    expect(still.headers["x-session-ended"]).toBeUndefined();

    // Past the absolute expiry, the next sign-in clears it: then it counts as ended.
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - DAY_MS) })
      .where(mine);
    await request(t.app)
      .post("/api/auth/login")
      .send({ username: email, password: MEMBER_PASSWORD })
      .expect(200);
    const gone = await request(t.app).get("/api/auth/session").set("Cookie", cookie).expect(401);
    expect(gone.headers["x-session-ended"]).toBe("1");
  });
});
