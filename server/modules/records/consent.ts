/**
 * The photography consent a photo needs (issue 31): read from the signed consent forms of the
 * forms module (server/modules/forms/consent-status.ts, the first half of issue 31).
 */
import type { Db, Tx } from "#server/db/client.ts";
import { hasPhotographyConsent } from "#server/modules/forms/consent-status.ts";

/**
 * Whether client `clientId` has a current signed consent (any category, not withdrawn, within
 * its validity) that allows clinical photography.
 */
export async function photographyConsentGiven(db: Db | Tx, clientId: number): Promise<boolean> {
  return hasPhotographyConsent(db, clientId);
}
