/**
 * Optional two-step sign-in for back-office accounts (issue 14 "Sessions and login": a TOTP
 * second factor, RFC 6238, with recovery codes) on otplib v13's functional API.
 *
 * - Set-up: a fresh secret is stored sealed (AES-256-GCM under a key derived from
 *   SESSION_SECRET) and shown once as an otpauth:// URI, its QR code and base32 text; a correct
 *   first code turns it on and issues RECOVERY_CODE_COUNT single-use recovery codes, stored as
 *   SHA-256 (they carry 50 random bits each, so a slow hash adds nothing).
 * - Sign-in: after a right password the login answers a signed challenge (valid
 *   LOGIN_CHALLENGE_MS) instead of a session; the challenge and a 6-digit code (the current
 *   30-second step or one either side) or an unused recovery code start the session. A code's
 *   step is remembered, so the same code cannot be used twice.
 * - Changing SESSION_SECRET makes sealed secrets unreadable: codes are then refused, recovery
 *   codes still work, and the member turns two-step sign-in off and on again.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { and, count, eq, isNull, lt, or } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import {
  ACCOUNT_SECURITY_MESSAGES,
  type AccountSecurity,
  LOGIN_CHALLENGE_MS,
  normalizeRecoveryCode,
  RECOVERY_CODE_COUNT,
  type SecondFactorChallenge,
  type TotpSetup,
} from "#common/account-security.ts";
import type { AdminIdentity } from "#common/auth.ts";
import { STAFF_MESSAGES } from "#common/staff.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { adminRecoveryCodes, adminTotp, adminUsers } from "#server/db/schema/access.ts";
import { staff } from "#server/db/schema/staff.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";

/** The issuer an authenticator app shows beside the account name. */
const ISSUER = "Glow Haven";
/** ±1 time step of 30 s: a code from the previous or next step is still accepted. */
const EPOCH_TOLERANCE_S = 30;
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** The keys derived from SESSION_SECRET: one seals TOTP secrets, one signs login challenges. */
export type TotpKeys = { seal: Buffer; challenge: Buffer };

/** Derives the sealing and challenge keys (HKDF-SHA256, 32 bytes each) from `sessionSecret`. */
export function totpKeys(sessionSecret: string): TotpKeys {
  const derive = (info: string) =>
    Buffer.from(hkdfSync("sha256", sessionSecret, "glowhaven", info, 32));
  return { seal: derive("totp-secret-v1"), challenge: derive("login-challenge-v1") };
}

// ── sealing the secret ────────────────────────────────────────────────────────────────────────

/** Seals `secret` for account `userId` (the id is authenticated data: a row moved is refused). */
function seal(key: Buffer, userId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(String(userId)));
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body].map((p) => p.toString("base64url")).join(".");
}

/** The secret `sealed` holds, or null when it was sealed under another key or for another id. */
function unseal(key: Buffer, userId: number, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(String(userId)));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([
      decipher.update(Buffer.from(body, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return null;
  }
}

/**
 * The 30-second time step `token` is the code of (the current one or one either side, later
 * than `afterTimeStep`), or null when it is not.
 */
async function codeTimeStep(
  secret: string,
  token: string,
  afterTimeStep?: number,
): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token,
      epochTolerance: EPOCH_TOLERANCE_S,
      afterTimeStep,
    });
    // The functional API's result type also covers HOTP, which has no time step.
    return result.valid && "timeStep" in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** A new recovery code: 10 base32 characters (50 bits), shown as 'abcde-fghij'. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => BASE32[b & 31]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

// ── status ────────────────────────────────────────────────────────────────────────────────────

/** Whether sign-in of account `userId` needs a code after the password. */
export async function totpEnabled(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ enabledAt: adminTotp.enabledAt })
    .from(adminTotp)
    .where(eq(adminTotp.userId, userId));
  return Boolean(row?.enabledAt);
}

/** The Account security page's facts for account `userId`. */
export async function accountSecurity(db: Db, userId: number): Promise<AccountSecurity> {
  const [row] = await db
    .select({ enabledAt: adminTotp.enabledAt })
    .from(adminTotp)
    .where(eq(adminTotp.userId, userId));
  if (!row?.enabledAt) return { totpEnabled: false, enabledAt: null, recoveryCodesLeft: 0 };
  const [left] = await db
    .select({ n: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.userId, userId), isNull(adminRecoveryCodes.usedAt)));
  return {
    totpEnabled: true,
    enabledAt: row.enabledAt.toISOString(),
    recoveryCodesLeft: left?.n ?? 0,
  };
}

// ── set-up ────────────────────────────────────────────────────────────────────────────────────

/**
 * Starts set-up for the signed-in `admin`: a new secret replaces any unconfirmed one.
 * @returns the secret, its otpauth:// URI and the URI's QR code (SVG) — shown this once.
 * @throws HttpError 409 when two-step sign-in is already on.
 */
export async function beginTotpSetup(
  db: Db,
  keys: TotpKeys,
  admin: AdminIdentity,
): Promise<TotpSetup> {
  if (await totpEnabled(db, admin.id))
    throw new HttpError(409, ACCOUNT_SECURITY_MESSAGES.alreadyOn);
  const secret = generateSecret();
  const sealed = seal(keys.seal, admin.id, secret);
  await db
    .insert(adminTotp)
    .values({ userId: admin.id, secret: sealed })
    .onConflictDoUpdate({
      target: adminTotp.userId,
      set: { secret: sealed, lastTimeStep: null, createdAt: new Date() },
      // Never overwrite an authenticator that is on (a race with a confirmation).
      setWhere: isNull(adminTotp.enabledAt),
    });
  const uri = generateURI({ issuer: ISSUER, label: admin.username, secret });
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return { secret, uri, qrSvg };
}

/**
 * Turns two-step sign-in on for `admin` when `code` is right for the secret of the set-up, and
 * issues new recovery codes (audited 'auth.totp-enabled'; a wrong code 'auth.totp-code-failed').
 * @returns the recovery codes, in clear this once.
 * @throws HttpError 409 (already on, or no set-up started), 400 (wrong code).
 */
export async function confirmTotpSetup(
  db: Db,
  keys: TotpKeys,
  admin: AdminIdentity,
  code: string,
): Promise<string[]> {
  const [row] = await db.select().from(adminTotp).where(eq(adminTotp.userId, admin.id));
  if (row?.enabledAt) throw new HttpError(409, ACCOUNT_SECURITY_MESSAGES.alreadyOn);
  const secret = row ? unseal(keys.seal, admin.id, row.secret) : null;
  if (!secret) throw new HttpError(409, ACCOUNT_SECURITY_MESSAGES.notStarted);
  const timeStep = await codeTimeStep(secret, code);
  if (timeStep === null) {
    await recordAudit(db, admin, {
      action: "auth.totp-code-failed",
      entity: "account",
      entityId: admin.id,
      details: { step: "set-up" },
    });
    throw new HttpError(400, ACCOUNT_SECURITY_MESSAGES.enrolmentCode, {
      code: ACCOUNT_SECURITY_MESSAGES.enrolmentCode,
    });
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    const turnedOn = await tx
      .update(adminTotp)
      .set({ enabledAt: new Date(), lastTimeStep: timeStep })
      .where(and(eq(adminTotp.userId, admin.id), isNull(adminTotp.enabledAt)))
      .returning({ userId: adminTotp.userId });
    if (turnedOn.length === 0) throw new HttpError(409, ACCOUNT_SECURITY_MESSAGES.alreadyOn);
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, admin.id));
    await tx.insert(adminRecoveryCodes).values(
      codes.map((c) => ({
        userId: admin.id,
        codeHash: sha256(normalizeRecoveryCode(c) as string),
      })),
    );
    await recordAudit(tx, admin, {
      action: "auth.totp-enabled",
      entity: "account",
      entityId: admin.id,
      details: { recoveryCodes: RECOVERY_CODE_COUNT },
    });
  });
  return codes;
}

// ── checking a code ──────────────────────────────────────────────────────────────────────────

/**
 * Checks `input` for account `userId`: a 6-digit code of the current step or one either side,
 * not older than the last accepted one, or an unused recovery code, which is used up.
 * @returns how it was proven ('totp' | 'recovery-code'), or null for a wrong, reused or
 * unreadable code. Two requests with the same code: at most one succeeds.
 */
export async function checkSecondFactor(
  db: Db,
  keys: TotpKeys,
  userId: number,
  input: string,
): Promise<"totp" | "recovery-code" | null> {
  const [row] = await db.select().from(adminTotp).where(eq(adminTotp.userId, userId));
  if (!row?.enabledAt) return null;
  const token = input.replace(/\s/g, "");
  if (/^\d{6}$/.test(token)) {
    const secret = unseal(keys.seal, userId, row.secret);
    if (!secret) return null;
    const timeStep = await codeTimeStep(secret, token, row.lastTimeStep ?? undefined);
    if (timeStep === null) return null;
    // Only one request may move the step forward: a concurrent replay finds it moved.
    const taken = await db
      .update(adminTotp)
      .set({ lastTimeStep: timeStep })
      .where(
        and(
          eq(adminTotp.userId, userId),
          or(isNull(adminTotp.lastTimeStep), lt(adminTotp.lastTimeStep, timeStep)),
        ),
      )
      .returning({ userId: adminTotp.userId });
    return taken.length > 0 ? "totp" : null;
  }
  const recovery = normalizeRecoveryCode(token);
  if (!recovery) return null;
  const used = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(adminRecoveryCodes.userId, userId),
        eq(adminRecoveryCodes.codeHash, sha256(recovery)),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return used.length > 0 ? "recovery-code" : null;
}

/**
 * Removes account `userId`'s secret and recovery codes (inside the caller's transaction).
 * @returns whether two-step sign-in was on (a set-up waiting for its first code was not).
 */
async function removeSecondFactor(tx: Tx, userId: number): Promise<boolean> {
  const removed = await tx
    .delete(adminTotp)
    .where(eq(adminTotp.userId, userId))
    .returning({ enabledAt: adminTotp.enabledAt });
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  return Boolean(removed[0]?.enabledAt);
}

/**
 * Turns two-step sign-in off for `admin` (audited 'auth.totp-disabled' with how it was
 * proven): removes the secret and the recovery codes.
 * @throws HttpError 409 when it is not on.
 */
export async function disableTotp(
  db: Db,
  admin: AdminIdentity,
  provenWith: "password" | "totp" | "recovery-code",
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await removeSecondFactor(tx, admin.id))) {
      throw new HttpError(409, ACCOUNT_SECURITY_MESSAGES.notOn);
    }
    await recordAudit(tx, admin, {
      action: "auth.totp-disabled",
      entity: "account",
      entityId: admin.id,
      details: { provenWith },
    });
  });
}

/**
 * A manager's reset of staff member `staffId`'s two-step sign-in, for a member who lost both
 * their authenticator and their recovery codes: the secret and the recovery codes are removed,
 * so the member signs in with their password alone and can set it up again from Account
 * security. Their sessions stay. Audited as `auth.totp-reset` on the staff member.
 * Not for the manager's own account: turning one's own off needs a password or a code
 * (disableTotp), which a stolen session alone cannot give.
 * @throws HttpError 404 (no such member), 409 (no sign-in, not on, or the manager's own account).
 */
export async function resetMemberTotp(
  db: Db,
  admin: AdminIdentity,
  staffId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [member] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, staffId));
    if (!member) throw new HttpError(404, STAFF_MESSAGES.notFound);
    const [account] = await tx
      .select({ id: adminUsers.id, username: adminUsers.username })
      .from(adminUsers)
      .where(eq(adminUsers.staffId, staffId));
    if (!account) throw new HttpError(409, STAFF_MESSAGES.noAccount);
    if (account.id === admin.id) throw new HttpError(409, STAFF_MESSAGES.twoStepOwn);
    if (!(await removeSecondFactor(tx, account.id))) {
      throw new HttpError(409, STAFF_MESSAGES.twoStepOff);
    }
    await recordAudit(tx, admin, {
      action: "auth.totp-reset",
      entity: "staff",
      entityId: staffId,
      details: { account: account.username },
    });
  });
}

// ── the login challenge ───────────────────────────────────────────────────────────────────────

type ChallengePayload = { u: number; n: string; e: number };

/**
 * The challenge answered after a right password for account `userId` (`username` is what the
 * throttle counts): base64url JSON and its HMAC-SHA256, valid LOGIN_CHALLENGE_MS from `now`.
 */
export function issueChallenge(
  keys: TotpKeys,
  userId: number,
  username: string,
  now = new Date(),
): SecondFactorChallenge {
  const expires = now.getTime() + LOGIN_CHALLENGE_MS;
  const payload: ChallengePayload = { u: userId, n: username, e: expires };
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  const mac = createHmac("sha256", keys.challenge).update(body).digest("base64url");
  return {
    secondFactorRequired: true,
    challenge: `${body}.${mac}`,
    expiresAt: new Date(expires).toISOString(),
  };
}

/** The account a challenge names, or null when it is forged, malformed or expired. */
export function readChallenge(
  keys: TotpKeys,
  challenge: string,
  now = new Date(),
): { userId: number; username: string } | null {
  const [body, mac] = challenge.split(".");
  if (!body || !mac) return null;
  const expected = createHmac("sha256", keys.challenge).update(body).digest();
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as ChallengePayload;
    if (typeof payload.u !== "number" || typeof payload.n !== "string") return null;
    if (typeof payload.e !== "number" || payload.e <= now.getTime()) return null;
    return { userId: payload.u, username: payload.n };
  } catch {
    return null;
  }
}
