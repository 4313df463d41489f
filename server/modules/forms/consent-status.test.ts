/**
 * The consent status read by the gate and by photo upload (issue 31), on PGlite and PostgreSQL:
 * a signed consent counts for its category only, for CONSENT_VALID_DAYS, until withdrawn; the
 * photography consent is its own tick.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_VALID_DAYS } from "#common/forms.ts";
import { formTemplates, formTemplateVersions, signedForms } from "#server/db/schema/forms.ts";
import { insertClient } from "#server/testing/builders.ts";
import { createTestApp, dbKinds } from "#server/testing/test-app.ts";
import { currentConsent, hasPhotographyConsent } from "./consent-status.ts";

const DAY = 86_400_000;

describe.each(dbKinds)("consent status on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let versionId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const body = { title: "Laser consent", intro: "", sections: [] };
    const [tpl] = await t.db
      .insert(formTemplates)
      .values({ kind: "consent", category: "laser", draft: body })
      .onConflictDoNothing()
      .returning();
    const templateId =
      tpl?.id ??
      (
        await t.db
          .select({ id: formTemplates.id })
          .from(formTemplates)
          .where(eq(formTemplates.category, "laser"))
      )[0]?.id;
    const [v] = await t.db
      .insert(formTemplateVersions)
      .values({
        templateId: templateId as number,
        version: 99,
        body,
        text: "x",
        textSha256: "0".repeat(64),
        publishedBy: "test",
      })
      .returning();
    versionId = v?.id as number;
  });
  afterAll(() => t.close());

  async function sign(clientId: number, over: Partial<typeof signedForms.$inferInsert> = {}) {
    const [row] = await t.db
      .insert(signedForms)
      .values({
        clientId,
        versionId,
        kind: "consent",
        category: "laser",
        answers: {},
        signerName: "Ada Obi",
        textSha256: "0".repeat(64),
        channel: "link",
        ...over,
      })
      .returning();
    return row as typeof signedForms.$inferSelect;
  }

  it("counts a signed consent for its category only, with its photography tick", async () => {
    const c = await insertClient(t.db, { email: "status-a@example.com" });
    expect(await currentConsent(t.db, c.id, "laser")).toBeNull();
    expect(await hasPhotographyConsent(t.db, c.id)).toBe(false);
    const signed = await sign(c.id, { photographyConsent: true });
    const current = await currentConsent(t.db, c.id, "laser");
    expect(current?.signedFormId).toBe(signed.id);
    expect(current?.version).toBe(99);
    expect(current?.photographyConsent).toBe(true);
    expect(await currentConsent(t.db, c.id, "chemical-peel")).toBeNull();
    expect(await hasPhotographyConsent(t.db, c.id)).toBe(true);
    expect(await hasPhotographyConsent(t.db, c.id, "chemical-peel")).toBe(false);
  });

  it("no longer counts a consent once withdrawn or older than the validity", async () => {
    const c = await insertClient(t.db, { email: "status-b@example.com" });
    await sign(c.id, {
      photographyConsent: true,
      signedAt: new Date(Date.now() - (CONSENT_VALID_DAYS + 1) * DAY),
    });
    expect(await currentConsent(t.db, c.id, "laser")).toBeNull();
    expect(await hasPhotographyConsent(t.db, c.id)).toBe(false);
    const fresh = await sign(c.id, { photographyConsent: false });
    expect((await currentConsent(t.db, c.id, "laser"))?.signedFormId).toBe(fresh.id);
    expect(await hasPhotographyConsent(t.db, c.id)).toBe(false);
    await t.db
      .update(signedForms)
      .set({ withdrawnAt: new Date() })
      .where(eq(signedForms.id, fresh.id));
    expect(await currentConsent(t.db, c.id, "laser")).toBeNull();
  });
});
