/**
 * The forms' signed, expiring links (issue 31; server/signed-links.ts): `/forms/{token}` with
 * token `{requestId}.{expiresAt in Unix seconds}.{HMAC}`, the HMAC over id and expiry under
 * SESSION_SECRET for the purpose 'form'. Changing the id or the expiry breaks the signature;
 * an expired link is refused even when the row would still allow it, and the other way round.
 */
import { signValue, verifySignedValue } from "#server/signed-links.ts";

const PURPOSE = "form";

/** What form links are signed with and where they point (SESSION_SECRET, the site's origin). */
export type FormLinkKeys = { secret: string; origin: string };

// Set once by createApp: requests are made deep inside calendar writes that have no request
// (and so no origin) at hand, as the review links are (reviews/on-completion.ts).
let keys: FormLinkKeys | null = null;

/** Sets the keys form links are made with (createApp, from SESSION_SECRET and PUBLIC_URL). */
export function installFormLinks(next: FormLinkKeys): void {
  keys = next;
}

/** The installed keys. @throws Error before createApp installed them. */
export function formLinkKeys(): FormLinkKeys {
  if (!keys) throw new Error("form links are not installed (createApp installs them)");
  return keys;
}

/** The token of request `id` expiring at `expiresAt` (whole seconds). */
export function formToken(secret: string, id: number, expiresAt: Date): string {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  return `${id}.${exp}.${signValue(secret, PURPOSE, `${id}.${exp}`)}`;
}

/** The full link of request `id` (kiosk: the tablet's mode, which ends on the locked screen). */
export function formLink(id: number, expiresAt: Date, kiosk = false): string {
  const k = formLinkKeys();
  return `${k.origin}/forms/${formToken(k.secret, id, expiresAt)}${kiosk ? "?kiosk=1" : ""}`;
}

/** What a token says, once its signature is checked. */
export type FormTokenCheck =
  | { ok: true; id: number; expiresAt: Date }
  | { ok: false; reason: "invalid" | "expired" };

/** Checks `token`'s shape and signature, then its expiry against `now`. */
export function readFormToken(
  secret: string,
  token: string,
  now: Date = new Date(),
): FormTokenCheck {
  const m = /^([1-9][0-9]{0,9})\.([0-9]{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return { ok: false, reason: "invalid" };
  const [, id, exp, sig] = m as unknown as [string, string, string, string];
  if (!verifySignedValue(secret, PURPOSE, `${id}.${exp}`, sig))
    return { ok: false, reason: "invalid" };
  const expiresAt = new Date(Number(exp) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, id: Number(id), expiresAt };
}
