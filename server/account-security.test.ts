/**
 * Two-step sign-in (issue 14 "Sessions and login": optional TOTP second factor with recovery
 * codes), as an API client sees it, on PGlite and PostgreSQL: set-up, sign-in with a code, the
 * throttle, replays refused, turning it off, and the audit rows.
 */
import { and, eq } from "drizzle-orm";
import { generate } from "otplib";
import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_SECURITY_MESSAGES } from "#common/account-security.ts";
import { STAFF_MESSAGES } from "#common/staff.ts";
import { adminRecoveryCodes, adminTotp, adminUsers, auditLog } from "#server/db/schema/access.ts";
import { createApp } from "./app.ts";
import { MEMBER_PASSWORD, signedInMember } from "./testing/staff-accounts.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "./testing/test-app.ts";

type Agent = ReturnType<typeof request.agent>;

/** The code of the time step `stepsAhead` steps from now (0 = the current one). */
const codeAt = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

describe.each(dbKinds)("two-step sign-in on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let manager: Agent;
  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "3" });
    manager = request.agent(t.app);
    await manager.post("/api/auth/login").send(TEST_ADMIN).expect(200);
  });
  afterAll(() => t?.close());

  /** A signed-in member with two-step sign-in turned on: their secret and recovery codes. */
  async function enrolledMember() {
    const member = await signedInMember(t.app, t.db, manager, "front_desk");
    const setup = await member.agent.post("/api/auth/totp/setup").expect(201);
    const confirm = await member.agent
      .post("/api/auth/totp/confirm")
      .send({ code: await codeAt(setup.body.secret) })
      .expect(200);
    return {
      ...member,
      secret: setup.body.secret as string,
      recoveryCodes: confirm.body.recoveryCodes as string[],
    };
  }

  /** The password step for `email`: asserts no session is given and returns the challenge. */
  async function passwordStep(email: string): Promise<string> {
    const res = await request(t.app)
      .post("/api/auth/login")
      .send({ username: email, password: MEMBER_PASSWORD })
      .expect(200);
    expect(res.body).toMatchObject({ secondFactorRequired: true });
    expect(res.body.user).toBeUndefined();
    expect(res.headers["set-cookie"]).toBeUndefined();
    return res.body.challenge as string;
  }

  const auditActions = async (username: string) =>
    (
      await t.db
        .select({ action: auditLog.action, details: auditLog.details })
        .from(auditLog)
        .where(eq(auditLog.adminUsername, username))
    ).map((r) => r.action);

  it("set-up: the secret is shown once, a wrong first code is refused, the right one turns it on with 10 recovery codes", async () => {
    const { agent, email } = await signedInMember(t.app, t.db, manager, "therapist");
    expect((await agent.get("/api/auth/totp").expect(200)).body).toEqual({
      totpEnabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    const setup = await agent.post("/api/auth/totp/setup").expect(201);
    const secret = setup.body.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.uri).toBe(
      `otpauth://totp/Glow%20Haven:${encodeURIComponent(email)}?secret=${secret}&issuer=Glow%20Haven`,
    );
    expect(setup.body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    // Until confirmed, sign-in still needs only the password.
    await request(t.app)
      .post("/api/auth/login")
      .send({ username: email, password: MEMBER_PASSWORD })
      .expect(200)
      .expect((res) => expect(res.body.user.username).toBe(email));

    const wrong = await agent.post("/api/auth/totp/confirm").send({ code: "000000" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.code).toBe(ACCOUNT_SECURITY_MESSAGES.enrolmentCode);

    const confirm = await agent
      .post("/api/auth/totp/confirm")
      .send({ code: await codeAt(secret) })
      .expect(200);
    const codes = confirm.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);

    // Never shown again: the status has no secret, a new set-up is refused while it is on.
    const status = await agent.get("/api/auth/totp").expect(200);
    expect(status.body).toMatchObject({ totpEnabled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(status.body)).not.toContain(secret);
    await agent.post("/api/auth/totp/setup").expect(409);
    // Stored sealed, not as the base32 text.
    const rows = await t.db.select().from(adminTotp);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.secret).not.toContain(secret);
    expect(await auditActions(`Test therapist <${email}>`)).toEqual(
      expect.arrayContaining(["auth.totp-code-failed", "auth.totp-enabled"]),
    );
  });

  it("sign-in needs the code after the password: the right code gives a session, a wrong one 401", async () => {
    const { email, secret } = await enrolledMember();
    const challenge = await passwordStep(email);

    const wrong = await request(t.app)
      .post("/api/auth/login/code")
      .send({ challenge, code: "123456" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe(ACCOUNT_SECURITY_MESSAGES.invalidCode);
    expect(wrong.headers["set-cookie"]).toBeUndefined();

    const agent = request.agent(t.app);
    const ok = await agent
      .post("/api/auth/login/code")
      .send({ challenge, code: await codeAt(secret, 1) })
      .expect(200);
    expect(ok.body.user).toMatchObject({ username: email, role: "front_desk" });
    await agent.get("/api/auth/session").expect(200);

    // The same code again (a replay within its 90 s window) is refused.
    const again = await passwordStep(email);
    await request(t.app)
      .post("/api/auth/login/code")
      .send({ challenge: again, code: await codeAt(secret, 1) })
      .expect(401);

    const actions = await auditActions(`Test front_desk <${email}>`);
    expect(actions.filter((a) => a === "auth.totp-code-failed")).toHaveLength(2);
    expect(actions).toContain("auth.sign-in");
    const [signIn] = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.adminUsername, `Test front_desk <${email}>`),
          eq(auditLog.action, "auth.sign-in"),
        ),
      );
    expect(signIn?.details).toMatchObject({ secondFactor: "totp" });
  });

  it("wrong codes count toward the per-account throttle: after the limit even the right code waits (429)", async () => {
    const { email, secret } = await enrolledMember();
    const challenge = await passwordStep(email);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await request(t.app)
        .post("/api/auth/login/code")
        .send({ challenge, code: "999999" });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const right = await request(t.app)
      .post("/api/auth/login/code")
      .send({ challenge, code: await codeAt(secret, 1) });
    expect(right.status).toBe(429);
    expect(right.body.error.message).toMatch(/^Too many sign-in attempts\. Please wait/);
    // The password step of the same account is throttled too.
    await request(t.app)
      .post("/api/auth/login")
      .send({ username: email, password: MEMBER_PASSWORD })
      .expect(429);
  });

  it("a recovery code signs in once; used again it is refused", async () => {
    const { email, recoveryCodes } = await enrolledMember();
    const code = recoveryCodes[0] as string;
    // Typed in capitals without the dash still counts.
    const first = await request(t.app)
      .post("/api/auth/login/code")
      .send({ challenge: await passwordStep(email), code: code.replace("-", "").toUpperCase() });
    expect(first.status).toBe(200);
    const replay = await request(t.app)
      .post("/api/auth/login/code")
      .send({ challenge: await passwordStep(email), code });
    expect(replay.status).toBe(401);
    const agent = request.agent(t.app);
    await agent
      .post("/api/auth/login/code")
      .send({ challenge: await passwordStep(email), code: recoveryCodes[1] })
      .expect(200);
    expect((await agent.get("/api/auth/totp").expect(200)).body.recoveryCodesLeft).toBe(8);
    const actions = await auditActions(`Test front_desk <${email}>`);
    expect(actions.filter((a) => a === "auth.recovery-code-used")).toHaveLength(2);
  });

  it("a forged, altered or expired challenge gives no session", async () => {
    const { email, secret } = await enrolledMember();
    const challenge = await passwordStep(email);
    const [body, mac] = challenge.split(".") as [string, string];
    const payload = JSON.parse(Buffer.from(body, "base64url").toString());
    const forged = `${Buffer.from(JSON.stringify({ ...payload, u: 1 })).toString("base64url")}.${mac}`;
    const expired = `${Buffer.from(JSON.stringify({ ...payload, e: Date.now() - 1 })).toString("base64url")}.${mac}`;
    for (const bad of [forged, expired, "not-a-challenge", `${body}.AAAA`]) {
      const res = await request(t.app)
        .post("/api/auth/login/code")
        .send({ challenge: bad, code: await codeAt(secret, 1) });
      expect(res.status, bad).toBe(401);
      expect(res.body.error.message).toBe(ACCOUNT_SECURITY_MESSAGES.challengeExpired);
    }
    await request(t.app).post("/api/auth/login/code").send({ challenge }).expect(400);
  });

  it("turning it off needs the password (or a code); then sign-in needs only the password", async () => {
    const { agent, email, secret } = await enrolledMember();
    const refused = await agent.post("/api/auth/totp/disable").send({ password: "not-it-123" });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe(ACCOUNT_SECURITY_MESSAGES.disableRefused);
    await agent.post("/api/auth/totp/disable").send({}).expect(400);
    const off = await agent
      .post("/api/auth/totp/disable")
      .send({ password: MEMBER_PASSWORD })
      .expect(200);
    expect(off.body).toEqual({ totpEnabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    await agent.post("/api/auth/totp/disable").send({ password: MEMBER_PASSWORD }).expect(409);
    const login = await request(t.app)
      .post("/api/auth/login")
      .send({ username: email, password: MEMBER_PASSWORD })
      .expect(200);
    expect(login.body.user.username).toBe(email);
    expect(await t.db.select().from(adminTotp).where(eq(adminTotp.secret, secret))).toEqual([]);
    expect(await auditActions(`Test front_desk <${email}>`)).toEqual(
      expect.arrayContaining(["auth.totp-enabled", "auth.totp-disabled"]),
    );

    // With a current code instead of the password.
    const again = await agent.post("/api/auth/totp/setup").expect(201);
    await agent
      .post("/api/auth/totp/confirm")
      .send({ code: await codeAt(again.body.secret) })
      .expect(200);
    await agent
      .post("/api/auth/totp/disable")
      .send({ code: await codeAt(again.body.secret, 1) })
      .expect(200);
  });

  it("a manager resets a member's two-step sign-in: then the password alone signs in", async () => {
    const { agent, email, staffId, recoveryCodes } = await enrolledMember();
    const shown = await manager.get(`/api/staff/${staffId}`).expect(200);
    expect(shown.body.access).toEqual({ state: "active", role: "front_desk", twoStep: true });
    // Only a manager may; the member cannot reset their own second step this way either.
    const refused = await agent.delete(`/api/staff/${staffId}/two-step`);
    expect(refused.status).toBe(403);
    await manager.delete(`/api/staff/${staffId}/two-step`).expect(204);
    expect((await manager.get(`/api/staff/${staffId}`).expect(200)).body.access).toEqual({
      state: "active",
      role: "front_desk",
      twoStep: false,
    });
    const login = await request(t.app)
      .post("/api/auth/login")
      .send({ username: email, password: MEMBER_PASSWORD })
      .expect(200);
    expect(login.body.user.username).toBe(email);
    // The member's session stayed; no secret and no recovery code is left for the account.
    expect((await agent.get("/api/auth/totp").expect(200)).body.totpEnabled).toBe(false);
    const [account] = await t.db
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(eq(adminUsers.staffId, staffId));
    expect(
      await t.db
        .select()
        .from(adminRecoveryCodes)
        .where(eq(adminRecoveryCodes.userId, Number(account?.id))),
    ).toEqual([]);
    // Set up again, the old recovery codes no longer sign in.
    const setup = await agent.post("/api/auth/totp/setup").expect(201);
    await agent
      .post("/api/auth/totp/confirm")
      .send({ code: await codeAt(setup.body.secret) })
      .expect(200);
    const oldCode = await request(t.app)
      .post("/api/auth/login/code")
      .send({ challenge: await passwordStep(email), code: recoveryCodes[0] });
    expect(oldCode.status).toBe(401);
    await agent.post("/api/auth/totp/disable").send({ password: MEMBER_PASSWORD }).expect(200);
    const again = await manager.delete(`/api/staff/${staffId}/two-step`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(STAFF_MESSAGES.twoStepOff);
    expect(await auditActions(TEST_ADMIN.username)).toContain("auth.totp-reset");
  });

  it("a reset is refused for a member without a sign-in, for none, and for the manager's own account", async () => {
    const created = await manager
      .post("/api/staff")
      .send({ firstName: "No", lastName: "Account", email: `no.account.${kind}@glowhaven.example` })
      .expect(201);
    const none = await manager.delete(`/api/staff/${created.body.id}/two-step`);
    expect(none.status).toBe(409);
    expect(none.body.error.message).toBe(STAFF_MESSAGES.noAccount);
    await manager.delete("/api/staff/99999999/two-step").expect(404);
    await manager.delete("/api/staff/abc/two-step").expect(404);
    // A manager who is also a staff member, with two-step sign-in on, cannot reset their own.
    const { agent: other, staffId } = await signedInMember(t.app, t.db, manager, "manager");
    const setup = await other.post("/api/auth/totp/setup").expect(201);
    await other
      .post("/api/auth/totp/confirm")
      .send({ code: await codeAt(setup.body.secret) })
      .expect(200);
    const own = await other.delete(`/api/staff/${staffId}/two-step`);
    expect(own.status).toBe(409);
    expect(own.body.error.message).toBe(STAFF_MESSAGES.twoStepOwn);
    expect((await other.get("/api/auth/totp").expect(200)).body.totpEnabled).toBe(true);
  });

  it("after SESSION_SECRET changes, codes are refused but a recovery code still signs in", async () => {
    const { email, secret, recoveryCodes } = await enrolledMember();
    const rotated = createApp({
      db: t.db,
      config: { ...t.config, SESSION_SECRET: "another-session-secret-of-32-characters" },
      logger: pino({ level: "silent" }),
      smtp: null,
    });
    const challenge = async () =>
      (
        await request(rotated)
          .post("/api/auth/login")
          .send({ username: email, password: MEMBER_PASSWORD })
          .expect(200)
      ).body.challenge as string;
    await request(rotated)
      .post("/api/auth/login/code")
      .send({ challenge: await challenge(), code: await codeAt(secret, 1) })
      .expect(401);
    // A challenge of the old secret is not accepted either.
    await request(rotated)
      .post("/api/auth/login/code")
      .send({ challenge: await passwordStep(email), code: recoveryCodes[0] })
      .expect(401);
    await request(rotated)
      .post("/api/auth/login/code")
      .send({ challenge: await challenge(), code: recoveryCodes[0] })
      .expect(200);
  });
});
