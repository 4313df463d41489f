/**
 * Whether a client holds a current signed consent (issue 31; decision 0266): read by the consent
 * gate (check-in, completion, the till) and by the records half of issue 31 (photos need
 * photography consent). A consent is current for a service category when the client signed
 * that category's consent form (any published version) within CONSENT_VALID_DAYS and has not
 * withdrawn it. No answers are returned: only what the signature says and when.
 */
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { CONSENT_VALID_DAYS } from "#common/forms.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { formTemplateVersions, signedForms } from "#server/db/schema/forms.ts";

/** A current signed consent as the gate and the records screens need it. Instants are Dates. */
export type CurrentConsent = {
  signedFormId: number;
  clientId: number;
  /** The service category (common/catalog.ts SERVICE_CATEGORIES id). */
  category: string;
  versionId: number;
  /** The template's version number signed (1, 2…). */
  version: number;
  textSha256: string;
  signerName: string;
  signedAt: Date;
  /** Clinical before/after photos allowed. */
  photographyConsent: boolean;
  /** Photos may be used in marketing too (separate, optional). */
  marketingPhotoConsent: boolean;
  /** 'link' (client's phone) or 'kiosk' (clinic tablet). */
  channel: string;
};

/** The earliest signing time that is still current at `now` (CONSENT_VALID_DAYS back). */
export function consentCutoff(now: Date = new Date()): Date {
  return new Date(now.getTime() - CONSENT_VALID_DAYS * 24 * 60 * 60 * 1000);
}

/**
 * Client `clientId`'s latest current signed consent for service `category` (e.g. 'laser',
 * 'injectable-treatments'), or null when there is none: never signed, withdrawn, or signed more
 * than CONSENT_VALID_DAYS before `now`.
 */
export async function currentConsent(
  db: Db | Tx,
  clientId: number,
  category: string,
  now: Date = new Date(),
): Promise<CurrentConsent | null> {
  const [row] = await db
    .select({
      signedFormId: signedForms.id,
      clientId: signedForms.clientId,
      category: signedForms.category,
      versionId: signedForms.versionId,
      version: formTemplateVersions.version,
      textSha256: signedForms.textSha256,
      signerName: signedForms.signerName,
      signedAt: signedForms.signedAt,
      photographyConsent: signedForms.photographyConsent,
      marketingPhotoConsent: signedForms.marketingPhotoConsent,
      channel: signedForms.channel,
    })
    .from(signedForms)
    .innerJoin(formTemplateVersions, eq(formTemplateVersions.id, signedForms.versionId))
    .where(
      and(
        eq(signedForms.clientId, clientId),
        eq(signedForms.kind, "consent"),
        eq(signedForms.category, category),
        isNull(signedForms.withdrawnAt),
        gt(signedForms.signedAt, consentCutoff(now)),
      ),
    )
    .orderBy(desc(signedForms.signedAt), desc(signedForms.id))
    .limit(1);
  if (!row) return null;
  // The row matched `clientId`, so its client_id is that id.
  return { ...row, clientId, category: row.category ?? category };
}

/**
 * Whether client `clientId` has a current signed consent (any category, within
 * CONSENT_VALID_DAYS, not withdrawn) that allows clinical photography. Pass `category` to ask
 * about that category's consent only.
 */
export async function hasPhotographyConsent(
  db: Db | Tx,
  clientId: number,
  category?: string,
  now: Date = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ id: signedForms.id })
    .from(signedForms)
    .where(
      and(
        eq(signedForms.clientId, clientId),
        eq(signedForms.kind, "consent"),
        eq(signedForms.photographyConsent, true),
        isNull(signedForms.withdrawnAt),
        gt(signedForms.signedAt, consentCutoff(now)),
        category === undefined ? undefined : eq(signedForms.category, category),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Like hasPhotographyConsent, for the separate optional marketing-photo consent. */
export async function hasMarketingPhotoConsent(
  db: Db | Tx,
  clientId: number,
  now: Date = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ id: signedForms.id })
    .from(signedForms)
    .where(
      and(
        eq(signedForms.clientId, clientId),
        eq(signedForms.kind, "consent"),
        eq(signedForms.marketingPhotoConsent, true),
        isNull(signedForms.withdrawnAt),
        gt(signedForms.signedAt, consentCutoff(now)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
