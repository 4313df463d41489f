/**
 * A client's signed forms as the clients module's NDPA export carries them (issue 31; decision
 * 0303): every intake and consent they signed, with the exact version signed (its number, its
 * canonical text and the SHA-256 stored at signing, and whether the text still hashes to it),
 * the answers beside their questions, the typed name and drawn signature, time, IP, user agent
 * and channel, and the special consents given. The forms module stays the only reader of its
 * tables; the caller audits the export.
 */
import { asc, eq } from "drizzle-orm";
import type { FormAnswer, FormKind } from "#common/forms.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { formTemplateVersions, signedForms } from "#server/db/schema/forms.ts";
import { sha256Hex } from "./templates.ts";

/** One signed form in the export. Instants ISO 8601 UTC. */
export type ExportedSignedForm = {
  id: number;
  kind: FormKind;
  /** The consent's service category; null for the intake. */
  category: string | null;
  title: string;
  /** The template's version signed (1, 2, …) and that version's id. */
  version: number;
  versionId: number;
  appointmentId: number | null;
  signedAt: string;
  /** 'link' (the client's phone) or 'kiosk' (the clinic's tablet). */
  channel: string;
  signerName: string;
  /** The drawn signature as a PNG data URL; null when signed by the typed name alone. */
  signature: string | null;
  /** Hex SHA-256 of `text` stored at signing, and whether `text` still hashes to it. */
  textSha256: string;
  hashMatches: boolean;
  ip: string;
  userAgent: string;
  photographyConsent: boolean;
  marketingPhotoConsent: boolean;
  withdrawnAt: string | null;
  /** The exact text the client read and signed (common/forms.ts versionText). */
  text: string;
  /** Each question of the version with the client's answer (null: left blank). */
  answers: Array<{ id: string; question: string; answer: FormAnswer | null }>;
};

/** Client `clientId`'s signed forms, oldest first, for the export (no audit: the caller's). */
export async function exportedSignedForms(
  db: Db | Tx,
  clientId: number,
): Promise<ExportedSignedForm[]> {
  const rows = await db
    .select({ f: signedForms, v: formTemplateVersions })
    .from(signedForms)
    .innerJoin(formTemplateVersions, eq(formTemplateVersions.id, signedForms.versionId))
    .where(eq(signedForms.clientId, clientId))
    .orderBy(asc(signedForms.signedAt), asc(signedForms.id));
  return rows.map(({ f, v }) => ({
    id: f.id,
    kind: f.kind as FormKind,
    category: f.category,
    title: v.body.title,
    version: v.version,
    versionId: v.id,
    appointmentId: f.appointmentId,
    signedAt: f.signedAt.toISOString(),
    channel: f.channel,
    signerName: f.signerName,
    signature: f.signature,
    textSha256: f.textSha256,
    hashMatches: sha256Hex(v.text) === f.textSha256,
    ip: f.ip,
    userAgent: f.userAgent,
    photographyConsent: f.photographyConsent,
    marketingPhotoConsent: f.marketingPhotoConsent,
    withdrawnAt: f.withdrawnAt?.toISOString() ?? null,
    text: v.text,
    answers: v.body.sections.flatMap((s) =>
      s.fields
        .filter((field) => field.type !== "info")
        .map((field) => ({
          id: field.id,
          question: field.label,
          answer: f.answers[field.id] ?? null,
        })),
    ),
  }));
}

/**
 * A signed form as a text file for the export zip: what was signed (the version's text), the
 * answers, and the signature's facts, readable without any software.
 */
export function signedFormText(form: ExportedSignedForm): string {
  const answer = (a: FormAnswer | null) =>
    a === true ? "Yes" : a === false ? "No" : a === null || a === "" ? "(no answer)" : a;
  return [
    `${form.title}, version ${form.version}`,
    `Signed ${form.signedAt} (UTC) by ${form.signerName}${form.signature ? " with a drawn signature" : " by typing their name"}, on ${form.channel === "kiosk" ? "the clinic's tablet" : "their own device (link)"}.`,
    `IP address: ${form.ip || "unknown"}. Browser: ${form.userAgent || "unknown"}.`,
    `SHA-256 of the text signed: ${form.textSha256}${form.hashMatches ? "" : " (the stored text no longer matches it)"}.`,
    `Photography consent: ${form.photographyConsent ? "yes" : "no"}. Marketing photos: ${form.marketingPhotoConsent ? "yes" : "no"}.`,
    ...(form.withdrawnAt ? [`Withdrawn ${form.withdrawnAt} (UTC).`] : []),
    "",
    "Answers",
    ...form.answers.map((a) => `- ${a.question}: ${answer(a.answer)}`),
    "",
    "Text signed",
    form.text,
  ].join("\n");
}

/**
 * Erasure of client `clientId`, in the erasure's transaction (decisions 0272 and 0316): their
 * signed intake and consent forms are medical records the clinic keeps, like signed treatment
 * records, so they stay detached from the person (client_id null, former_client_id kept) with
 * what identifies the signer cleared: the typed name becomes `erasedName`, the drawn signature,
 * IP address and browser go. The version signed, its hash, the answers and the time stay. Form
 * requests and pending health proposals go with the client row (their foreign keys cascade).
 * @returns how many signed forms were kept.
 */
export async function eraseClientForms(
  tx: Tx,
  clientId: number,
  erasedName: string,
): Promise<number> {
  const kept = await tx
    .update(signedForms)
    .set({
      clientId: null,
      formerClientId: clientId,
      signerName: erasedName,
      signature: null,
      ip: "",
      userAgent: "",
    })
    .where(eq(signedForms.clientId, clientId))
    .returning({ id: signedForms.id });
  return kept.length;
}
