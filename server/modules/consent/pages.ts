/** The public unsubscribe page's reads (common/consent.ts `ConsentPages`). */
import type { ConsentPages } from "#common/consent.ts";
import type { Db } from "#server/db/client.ts";
import { verifyUnsubscribe } from "./links.ts";
import { isEmailUnsubscribed } from "./service.ts";

/** `secret` is SESSION_SECRET, the key of the unsubscribe links' HMAC. */
export function consentPages(db: Db, secret: string): ConsentPages {
  return {
    verifyUnsubscribe: (email, sig) => verifyUnsubscribe(secret, email, sig),
    isUnsubscribed: (email) => isEmailUnsubscribed(db, email),
  };
}
