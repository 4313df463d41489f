/**
 * Form templates and their versions (issue 31; decision 0265). A manager edits a template's
 * draft; publishing freezes it as the next version with its canonical text and that text's
 * SHA-256, never changed afterwards, so a signed form always shows the exact version signed.
 * The demo templates (default-templates.ts) are published as version 1 the first time forms are
 * needed, so a fresh clinic works out of the box.
 */
import { createHash } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, max, sql } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import { findServiceCategory } from "#common/catalog.ts";
import {
  FORM_MESSAGES,
  type FormBody,
  type FormKind,
  type FormTemplateDetail,
  type FormTemplateSummary,
  type FormVersion,
  versionText,
} from "#common/forms.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { formTemplates, formTemplateVersions } from "#server/db/schema/forms.ts";
import { HttpError } from "#server/http.ts";
import { auditName, recordAudit } from "#server/modules/audit/service.ts";
import { DEFAULT_CONSENTS, DEFAULT_INTAKE } from "./default-templates.ts";

/** Hex SHA-256 of `text` as UTF-8. */
export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

async function insertVersion(
  tx: Db | Tx,
  templateId: number,
  version: number,
  body: FormBody,
  by: string,
): Promise<void> {
  const text = versionText(body, version);
  await tx
    .insert(formTemplateVersions)
    .values({ templateId, version, body, text, textSha256: sha256Hex(text), publishedBy: by });
}

/**
 * Inserts and publishes (version 1) the demo intake and consent templates that do not exist
 * yet; idempotent and safe to run concurrently (the unique (kind, category) index decides).
 */
export async function ensureDefaultTemplates(db: Db | Tx): Promise<void> {
  const [any] = await db.select({ id: formTemplates.id }).from(formTemplates).limit(1);
  if (any) return;
  const wanted: Array<{ kind: FormKind; category: string | null; body: FormBody }> = [
    { kind: "intake", category: null, body: DEFAULT_INTAKE },
    ...Object.entries(DEFAULT_CONSENTS).map(([category, body]) => ({
      kind: "consent" as const,
      category,
      body,
    })),
  ];
  // One transaction: a template without its first version would switch the consent gate off
  // for its category, and the check above would never put it right.
  await db.transaction(async (tx) => {
    for (const w of wanted) {
      const [row] = await tx
        .insert(formTemplates)
        .values({ kind: w.kind, category: w.category, draft: w.body, draftUpdatedBy: "demo" })
        .onConflictDoNothing()
        .returning({ id: formTemplates.id });
      if (row) await insertVersion(tx, row.id, 1, w.body, "demo");
    }
  });
}

function toVersion(
  row: typeof formTemplateVersions.$inferSelect,
  tpl: { kind: string; category: string | null },
): FormVersion {
  return {
    id: row.id,
    templateId: row.templateId,
    kind: tpl.kind as FormKind,
    category: tpl.category,
    version: row.version,
    body: row.body,
    text: row.text,
    textSha256: row.textSha256,
    publishedAt: row.publishedAt.toISOString(),
  };
}

/** The latest published version of each of `templateIds` (templates never published: none). */
export async function latestVersions(
  db: Db | Tx,
  templateIds: readonly number[],
): Promise<FormVersion[]> {
  if (templateIds.length === 0) return [];
  const rows = await db
    .select({ v: formTemplateVersions, kind: formTemplates.kind, category: formTemplates.category })
    .from(formTemplateVersions)
    .innerJoin(formTemplates, eq(formTemplates.id, formTemplateVersions.templateId))
    .where(
      and(
        inArray(formTemplateVersions.templateId, [...templateIds]),
        eq(
          formTemplateVersions.version,
          sql`(select max(v2.version) from form_template_versions v2 where v2.template_id = ${formTemplateVersions.templateId})`,
        ),
      ),
    );
  const byTemplate = new Map(rows.map((r) => [r.v.templateId, toVersion(r.v, r)]));
  return templateIds.flatMap((id) => byTemplate.get(id) ?? []);
}

/** One published version by id (with its template's kind and category), or null. */
export async function versionById(db: Db | Tx, versionId: number): Promise<FormVersion | null> {
  const [row] = await db
    .select({ v: formTemplateVersions, kind: formTemplates.kind, category: formTemplates.category })
    .from(formTemplateVersions)
    .innerJoin(formTemplates, eq(formTemplates.id, formTemplateVersions.templateId))
    .where(eq(formTemplateVersions.id, versionId));
  return row ? toVersion(row.v, row) : null;
}

/** The intake template's id (published or not), or null. */
export async function intakeTemplateId(db: Db | Tx): Promise<number | null> {
  const [row] = await db
    .select({ id: formTemplates.id })
    .from(formTemplates)
    .where(and(eq(formTemplates.kind, "intake"), isNull(formTemplates.category)));
  return row?.id ?? null;
}

/**
 * The consent template of service `category` that has a published version, or null: a category
 * without one needs no consent (the gate passes it; decision 0266).
 */
export async function consentTemplateFor(
  db: Db | Tx,
  category: string,
): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: formTemplates.id })
    .from(formTemplates)
    .innerJoin(formTemplateVersions, eq(formTemplateVersions.templateId, formTemplates.id))
    .where(and(eq(formTemplates.kind, "consent"), eq(formTemplates.category, category)))
    .limit(1);
  return row ?? null;
}

/** GET /api/admin/forms/templates: every template with its latest version, intake first. */
export async function listTemplates(db: Db): Promise<FormTemplateSummary[]> {
  await ensureDefaultTemplates(db);
  const rows = await db
    .select({
      id: formTemplates.id,
      kind: formTemplates.kind,
      category: formTemplates.category,
      draft: formTemplates.draft,
    })
    .from(formTemplates)
    .orderBy(desc(formTemplates.kind), asc(formTemplates.category));
  const latest = new Map(
    (
      await latestVersions(
        db,
        rows.map((r) => r.id),
      )
    ).map((v) => [v.templateId, v]),
  );
  return rows.map((r) => {
    const v = latest.get(r.id);
    return {
      id: r.id,
      kind: r.kind as FormKind,
      category: r.category,
      categoryName: r.category ? (findServiceCategory(r.category)?.name ?? r.category) : null,
      title: r.draft.title,
      version: v?.version ?? null,
      publishedAt: v?.publishedAt ?? null,
      draftChanged: !v || JSON.stringify(v.body) !== JSON.stringify(r.draft),
    };
  });
}

/**
 * GET /api/admin/forms/templates/{id}.
 * @throws HttpError 404 unknown template.
 */
export async function getTemplate(db: Db, id: number): Promise<FormTemplateDetail> {
  const summary = (await listTemplates(db)).find((t) => t.id === id);
  const [row] = await db.select().from(formTemplates).where(eq(formTemplates.id, id));
  if (!summary || !row) throw new HttpError(404, FORM_MESSAGES.templateNotFound);
  const versions = await db
    .select({
      id: formTemplateVersions.id,
      version: formTemplateVersions.version,
      publishedAt: formTemplateVersions.publishedAt,
      publishedBy: formTemplateVersions.publishedBy,
      textSha256: formTemplateVersions.textSha256,
    })
    .from(formTemplateVersions)
    .where(eq(formTemplateVersions.templateId, id))
    .orderBy(desc(formTemplateVersions.version));
  return {
    ...summary,
    draft: row.draft,
    versions: versions.map((v) => ({ ...v, publishedAt: v.publishedAt.toISOString() })),
  };
}

/**
 * GET /api/admin/forms/templates/{id}/versions/{version}: one published version as signed.
 * @throws HttpError 404 unknown template or version.
 */
export async function getTemplateVersion(
  db: Db,
  id: number,
  version: number,
): Promise<FormVersion> {
  const [row] = await db
    .select({ v: formTemplateVersions, kind: formTemplates.kind, category: formTemplates.category })
    .from(formTemplateVersions)
    .innerJoin(formTemplates, eq(formTemplates.id, formTemplateVersions.templateId))
    .where(and(eq(formTemplateVersions.templateId, id), eq(formTemplateVersions.version, version)));
  if (!row) throw new HttpError(404, FORM_MESSAGES.templateNotFound);
  return toVersion(row.v, row);
}

/**
 * PUT /api/admin/forms/templates/{id}/draft: replaces the draft (published versions stay as they
 * are). Audited.
 * @throws HttpError 404 unknown template.
 */
export async function saveDraft(
  db: Db,
  admin: AdminIdentity,
  id: number,
  body: FormBody,
): Promise<FormTemplateDetail> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(formTemplates)
      .set({ draft: body, draftUpdatedBy: auditName(admin), updatedAt: new Date() })
      .where(eq(formTemplates.id, id))
      .returning({ id: formTemplates.id });
    if (!row) throw new HttpError(404, FORM_MESSAGES.templateNotFound);
    await recordAudit(tx, admin, { action: "form.draft", entity: "form_template", entityId: id });
  });
  return getTemplate(db, id);
}

/**
 * POST /api/admin/forms/templates/{id}/publish: the draft becomes the next version (1, 2, …)
 * with its canonical text and SHA-256. Audited.
 * @throws HttpError 404 unknown template; 409 the draft equals the latest version.
 */
export async function publishTemplate(
  db: Db,
  admin: AdminIdentity,
  id: number,
): Promise<FormTemplateDetail> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(formTemplates)
      .where(eq(formTemplates.id, id))
      .for("update");
    if (!row) throw new HttpError(404, FORM_MESSAGES.templateNotFound);
    const [latest] = await latestVersions(tx, [id]);
    if (latest && JSON.stringify(latest.body) === JSON.stringify(row.draft)) {
      throw new HttpError(409, FORM_MESSAGES.nothingToPublish);
    }
    const [top] = await tx
      .select({ n: max(formTemplateVersions.version) })
      .from(formTemplateVersions)
      .where(eq(formTemplateVersions.templateId, id));
    const version = (top?.n ?? 0) + 1;
    await insertVersion(tx, id, version, row.draft, auditName(admin));
    await recordAudit(tx, admin, {
      action: "form.publish",
      entity: "form_template",
      entityId: id,
      details: { version },
    });
  });
  return getTemplate(db, id);
}
