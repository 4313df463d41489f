/**
 * Test helpers for the forms (issue 31): a current signed consent for a client, so suites about
 * other rules can take a treatment through the consent gate (server/modules/forms/gate.ts).
 */
import type { Db } from "#server/db/client.ts";
import { signedForms } from "#server/db/schema/forms.ts";
import {
  consentTemplateFor,
  ensureDefaultTemplates,
  latestVersions,
} from "#server/modules/forms/templates.ts";

/** Records client `clientId`'s signed consent (latest version) for service `category`. */
export async function signConsent(db: Db, clientId: number, category: string): Promise<void> {
  await ensureDefaultTemplates(db);
  const template = await consentTemplateFor(db, category);
  if (!template) throw new Error(`no consent template for ${category}`);
  const [version] = await latestVersions(db, [template.id]);
  if (!version) throw new Error(`no published consent for ${category}`);
  await db.insert(signedForms).values({
    clientId,
    versionId: version.id,
    kind: "consent",
    category,
    answers: {},
    signerName: "Test Client",
    textSha256: version.textSha256,
    channel: "link",
  });
}
