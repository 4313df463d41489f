/**
 * Two-step sign-in for back-office accounts (issue 14 "Sessions and login": an optional TOTP
 * second factor with recovery codes). Shared by the API (server/modules/auth/totp.ts), the
 * login gate and the Account security page (/admin/account).
 */
import { z } from "zod";

/** Single-use recovery codes issued when two-step sign-in is turned on. */
export const RECOVERY_CODE_COUNT = 10;

/** How long the password step's challenge may be answered with a code (milliseconds). */
export const LOGIN_CHALLENGE_MS = 5 * 60 * 1000;

export const ACCOUNT_SECURITY_MESSAGES = {
  codeRequired: "Enter the code from your authenticator app",
  /** A wrong code or recovery code at sign-in (the password was right). */
  invalidCode: "Invalid authentication code. Please try again.",
  /** The password step is too old, or its challenge was tampered with. */
  challengeExpired: "Your sign-in has expired. Please enter your password again.",
  /** A wrong first code while turning two-step sign-in on. */
  enrolmentCode:
    "That code did not match. Check that your phone's clock is right and enter the newest code.",
  alreadyOn: "Two-step sign-in is already on. Turn it off first to set it up again.",
  notStarted: "Start the set-up again: no authenticator is waiting to be confirmed.",
  notOn: "Two-step sign-in is not on for this account.",
  disableProof: "Enter your password or a current authentication code",
  disableRefused: "That password or code is not right.",
} as const;

/** What the Account security page shows about the signed-in account. */
export type AccountSecurity = {
  /** Whether sign-in asks for an authentication code after the password. */
  totpEnabled: boolean;
  /** When it was turned on (ISO 8601, UTC), or null. */
  enabledAt: string | null;
  /** Recovery codes not used yet (0 when off). */
  recoveryCodesLeft: number;
};

/** The reads of the Account security page (common/page-context.ts). */
export type AccountPages = { security(): Promise<AccountSecurity> };

/** POST /api/auth/totp/setup: what the authenticator app needs, shown once. */
export type TotpSetup = {
  /** Base32 secret, for typing in by hand. */
  secret: string;
  /** The otpauth://totp/… URI the QR code holds. */
  uri: string;
  /** The QR code of `uri` as an SVG document. */
  qrSvg: string;
};

/** POST /api/auth/login when the account has two-step sign-in: no session yet. */
export type SecondFactorChallenge = {
  secondFactorRequired: true;
  /** Signed, short-lived proof that the password was right; send it back with the code. */
  challenge: string;
  /** When the challenge stops being accepted (ISO 8601, UTC). */
  expiresAt: string;
};

const code = z
  .string({ error: ACCOUNT_SECURITY_MESSAGES.codeRequired })
  .trim()
  .min(1, ACCOUNT_SECURITY_MESSAGES.codeRequired)
  .max(40, ACCOUNT_SECURITY_MESSAGES.invalidCode);

/** POST /api/auth/login/code: the challenge of the password step and a code or recovery code. */
export const loginCodeSchema = z.object({
  challenge: z
    .string({ error: ACCOUNT_SECURITY_MESSAGES.challengeExpired })
    .min(1, ACCOUNT_SECURITY_MESSAGES.challengeExpired)
    .max(1000, ACCOUNT_SECURITY_MESSAGES.challengeExpired),
  code,
});

/** POST /api/auth/totp/confirm: the first code from the newly set-up authenticator. */
export const totpConfirmSchema = z.object({
  code: code.regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"),
});

/** POST /api/auth/totp/disable: the account's password, or a current code / recovery code. */
export const totpDisableSchema = z
  .object({
    password: z.string().max(200).optional(),
    code: z.string().trim().max(40).optional(),
  })
  .refine((v) => Boolean(v.password) || Boolean(v.code), {
    message: ACCOUNT_SECURITY_MESSAGES.disableProof,
    path: ["password"],
  });

/**
 * A recovery code as typed, reduced to its 10 characters: lower case, without spaces or
 * dashes ('ABCDE-FGHIJ' → 'abcdefghij'); null when it cannot be one.
 */
export function normalizeRecoveryCode(input: string): string | null {
  const compact = input.toLowerCase().replace(/[\s-]/g, "");
  return /^[a-z2-7]{10}$/.test(compact) ? compact : null;
}
