/**
 * Unsubscribe links (issue 17 "Consent and opt-out"): `/unsubscribe?email=…&sig=…`, signed like
 * the review links (server/signed-links.ts, HMAC-SHA256 under SESSION_SECRET), so nobody can
 * unsubscribe someone else's address. Reminder and marketing emails carry the link in their text
 * and the RFC 8058 one-click `List-Unsubscribe` headers.
 */
import { signValue, verifySignedValue } from "#server/signed-links.ts";
import { emailRecipient } from "./service.ts";

const PURPOSE = "unsubscribe";

/** Where links point and the key that signs them: the site origin and SESSION_SECRET. */
export type LinkKeys = { origin: string; secret: string };

/** The signature of an unsubscribe link for `email` (any case; signed in lower case). */
export function signUnsubscribe(secret: string, email: string): string {
  return signValue(secret, PURPOSE, emailRecipient(email));
}

/** Whether `sig` is the unsubscribe signature of `email` (constant-time). */
export function verifyUnsubscribe(secret: string, email: string, sig: string): boolean {
  return verifySignedValue(secret, PURPOSE, emailRecipient(email), sig);
}

function query(secret: string, email: string): string {
  const address = emailRecipient(email);
  return new URLSearchParams({ email: address, sig: signUnsubscribe(secret, address) }).toString();
}

/**
 * The page a client opens to stop reminder and marketing emails, e.g.
 * 'https://glowhaven.ng/unsubscribe?email=ada%40example.com&sig=…'. The page asks for one click
 * (a POST), so mail scanners that follow links do not unsubscribe anyone.
 */
export function unsubscribeUrl(keys: LinkKeys, email: string): string {
  return `${keys.origin.replace(/\/$/, "")}/unsubscribe?${query(keys.secret, email)}`;
}

/**
 * The RFC 2369 / RFC 8058 headers for a reminder or marketing email to `email`: mail providers
 * show an Unsubscribe button that POSTs 'List-Unsubscribe=One-Click' to the API address
 * (POST /api/unsubscribe reads email and sig from the query string then).
 */
export function listUnsubscribeHeaders(keys: LinkKeys, email: string): Record<string, string> {
  const api = `${keys.origin.replace(/\/$/, "")}/api/unsubscribe?${query(keys.secret, email)}`;
  return {
    "List-Unsubscribe": `<${api}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
