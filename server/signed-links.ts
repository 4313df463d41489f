/**
 * Signed links (ARCHITECTURE.md "Security"): a link that carries a value (a booking id, an email
 * address) and an HMAC-SHA256 of it under SESSION_SECRET, so the value cannot be changed or
 * guessed. The purpose is part of the signed text, so a review link's signature never validates
 * an unsubscribe link and the other way round. Used by the review links (modules/reviews) and the
 * unsubscribe links (modules/consent).
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** The signature of `value` for `purpose` (32 base64url characters). */
export function signValue(secret: string, purpose: string, value: string): string {
  return createHmac("sha256", secret)
    .update(`${purpose}:${value}`)
    .digest("base64url")
    .slice(0, 32);
}

/** Whether `sig` is the signature of `value` for `purpose` (constant-time comparison). */
export function verifySignedValue(
  secret: string,
  purpose: string,
  value: string,
  sig: string,
): boolean {
  const expected = Buffer.from(signValue(secret, purpose, value));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
