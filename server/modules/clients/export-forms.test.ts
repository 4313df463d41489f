/**
 * The client's NDPA export carries their signed forms (issue 31; decision 0303), on PGlite and,
 * with TEST_DATABASE_URL, PostgreSQL: a client signs the intake and a laser consent through the
 * link the clinic sends (typed name, drawn signature); the manager then publishes a new version
 * of the consent. The export zip, unzipped, holds each form as signed: the version signed (not
 * the newer one), its exact text with the SHA-256 stored at signing, the answers beside their
 * questions, the signature (data URL in client.json, the same PNG as a file), time, IP and user
 * agent; and the export's audit entry counts them.
 */
import { and, desc, eq, like } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#server/db/schema/access.ts";
import { outbox } from "#server/db/schema/content.ts";
import { sha256Hex } from "#server/modules/forms/templates.ts";
import { insertAppointment, insertClient, insertService } from "#server/testing/builders.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";

type Agent = ReturnType<typeof request.agent>;
type PublicForm = {
  id: number;
  kind: string;
  version: number;
  body: { sections: Array<{ fields: Array<{ id: string; type: string; label: string }> }> };
};
type ExportedForm = {
  id: number;
  kind: string;
  category: string | null;
  title: string;
  version: number;
  signedAt: string;
  signerName: string;
  signature: string | null;
  textSha256: string;
  hashMatches: boolean;
  ip: string;
  userAgent: string;
  channel: string;
  photographyConsent: boolean;
  text: string;
  answers: Array<{ id: string; question: string; answer: string | boolean | null }>;
};

/** Reads a binary response body whole. */
const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on("data", (c: Buffer) => chunks.push(c));
  res.on("end", () => cb(null, Buffer.concat(chunks)));
};

describe.each(dbKinds)("the export zip's signed forms on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let manager: Agent;

  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "1000" });
    manager = request.agent(t.app);
    await manager.post("/api/auth/login").send(TEST_ADMIN).expect(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("holds every form as signed: version, text and SHA-256, answers, signature, time, IP and browser", async () => {
    const email = "zara.export@example.com";
    const laser = await insertService(t.db, { name: "Laser Toning", category: "laser" });
    const client = await insertClient(t.db, { email, firstName: "Zara", lastName: "Bello" });
    const appointment = await insertAppointment(t.db, {
      clientId: client.id,
      serviceId: laser.id,
      serviceName: laser.name,
      customerName: "Zara Bello",
      customerEmail: email,
      customerPhone: "08031234567",
      status: "confirmed",
      startsAt: new Date(Date.now() + 3 * 86_400_000),
      durationMinutes: 30,
    });
    await manager.post(`/api/appointments/${appointment.id}/forms/send`).expect(201);
    const [message] = await t.db
      .select({ text: outbox.textBody })
      .from(outbox)
      .where(and(eq(outbox.clientEmail, email), like(outbox.kind, "forms-%")));
    const token = /\/forms\/([^\s?]+)/.exec(message?.text ?? "")?.[1];
    expect(token).toBeTruthy();
    const forms = (await request(t.app).get(`/api/forms/${token}`).expect(200)).body
      .forms as PublicForm[];
    expect(forms.map((f) => [f.kind, f.version])).toEqual([
      ["intake", 1],
      ["consent", 1],
    ]);

    // The client answers every question (allergies in words) and signs with a drawn signature.
    const png = await sharp({
      create: { width: 40, height: 12, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const signature = `data:image/png;base64,${png.toString("base64")}`;
    const answersOf = (f: PublicForm) =>
      Object.fromEntries(
        f.body.sections
          .flatMap((s) => s.fields)
          .filter((field) => field.type !== "info")
          .map((field) => [
            field.id,
            field.type === "checkbox" ? true : field.type === "yesno" ? false : "Penicillin",
          ]),
      );
    await request(t.app)
      .post(`/api/forms/${token}/sign`)
      .set("user-agent", "ZaraPhone/2.0")
      .send({
        forms: forms.map((f) => ({ versionId: f.id, answers: answersOf(f) })),
        signerName: "Zara Bello",
        signature,
        agree: true,
      })
      .expect(201);

    // A new version of the consent afterwards: the export still shows the version signed.
    const consentForm = forms[1] as PublicForm;
    const templates = (await manager.get("/api/admin/forms/templates").expect(200)).body as Array<{
      id: number;
      category: string | null;
    }>;
    const laserTemplate = templates.find((x) => x.category === "laser");
    const v1 = await manager
      .get(`/api/admin/forms/templates/${laserTemplate?.id}/versions/1`)
      .expect(200);
    await manager
      .put(`/api/admin/forms/templates/${laserTemplate?.id}/draft`)
      .send({ ...v1.body.body, title: "Laser consent, revised" })
      .expect(200);
    await manager.post(`/api/admin/forms/templates/${laserTemplate?.id}/publish`).expect(201);

    const zip = await manager
      .get(`/api/customers/${client.id}/export.zip`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(zip.headers["content-type"]).toBe("application/zip");
    const files = unzipSync(new Uint8Array(zip.body as Buffer));
    const data = JSON.parse(strFromU8(files["client.json"] as Uint8Array));
    const exported = data.signedForms as ExportedForm[];
    expect(exported.map((f) => f.kind)).toEqual(["intake", "consent"]);
    for (const f of exported) {
      expect(f).toMatchObject({
        version: 1,
        signerName: "Zara Bello",
        signature,
        userAgent: "ZaraPhone/2.0",
        channel: "link",
        hashMatches: true,
      });
      expect(f.textSha256).toBe(sha256Hex(f.text));
      expect(f.ip).not.toBe("");
      expect(Math.abs(Date.parse(f.signedAt) - Date.now())).toBeLessThan(5 * 60_000);
      // The files beside client.json: the form as text, the signature as the same PNG.
      const text = strFromU8(files[`forms/${f.id}.txt`] as Uint8Array);
      expect(text).toContain(`${f.title}, version 1`);
      expect(text).toContain(`SHA-256 of the text signed: ${f.textSha256}`);
      expect(text).toContain("ZaraPhone/2.0");
      expect(text).toContain(f.text);
      expect(Buffer.from(files[`forms/${f.id}-signature.png`] as Uint8Array)).toEqual(png);
    }
    const consent = exported[1] as ExportedForm;
    expect(consent.category).toBe("laser");
    expect(consent.title).not.toBe("Laser consent, revised");
    expect(consent.text).toContain("(version 1)");
    const v1Text = (
      await manager.get(`/api/admin/forms/templates/${laserTemplate?.id}/versions/1`).expect(200)
    ).body.text;
    expect(consent.text).toBe(v1Text);
    const firstQuestion = consentForm.body.sections
      .flatMap((s) => s.fields)
      .find((field) => field.type !== "info");
    expect(consent.answers).toContainEqual({
      id: firstQuestion?.id,
      question: firstQuestion?.label,
      answer:
        firstQuestion?.type === "checkbox"
          ? true
          : firstQuestion?.type === "yesno"
            ? false
            : "Penicillin",
    });
    const intake = exported[0] as ExportedForm;
    expect(intake.answers.some((a) => a.answer === "Penicillin")).toBe(true);
    expect(strFromU8(files[`forms/${intake.id}.txt`] as Uint8Array)).toContain(": Penicillin");
    expect(strFromU8(files["README.txt"] as Uint8Array)).toContain("forms/");

    // The JSON export carries the same forms; the audit entry counts them, without content.
    const json = await manager.get(`/api/customers/${client.id}/export`).expect(200);
    expect(json.body.signedForms).toEqual(exported);
    const [audit] = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, "client.export"), eq(auditLog.entityId, String(client.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.details).toMatchObject({ signedForms: 2 });
    expect(JSON.stringify(audit?.details)).not.toContain("Penicillin");
  });
});
