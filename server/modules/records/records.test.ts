/**
 * Treatment records, photos, aftercare and the client's export/erasure (issue 31, second half)
 * on PGlite and, with TEST_DATABASE_URL, PostgreSQL: a signed record is append-only and an
 * amendment keeps the original; photos need photography consent, lose their metadata, are
 * served to clinical roles only and every view is audited; completing a visit queues the
 * aftercare with a cart link that fills the cart with what is in stock and safe; the export zip
 * carries records and photos, and erasure removes photos and drafts but keeps signed records
 * detached from the person.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, like, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AFTERCARE_SKIP_REASONS, RECORD_MESSAGES } from "#common/records.ts";
import { refusalOf } from "#common/roles.ts";
import { auditLog } from "#server/db/schema/access.ts";
import { outbox } from "#server/db/schema/content.ts";
import { formTemplates, formTemplateVersions, signedForms } from "#server/db/schema/forms.ts";
import { treatmentPhotos, treatmentRecords } from "#server/db/schema/records.ts";
import {
  insertAppointment,
  insertClient,
  insertProduct,
  insertService,
} from "#server/testing/builders.ts";
import { signedInMember } from "#server/testing/staff-accounts.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";

type Agent = ReturnType<typeof request.agent>;
const CATEGORY = "chemical-peel";

/** A JPEG from a phone: 3000×2000 with EXIF including a GPS position (Victoria Island). */
async function phoneJpeg(): Promise<Buffer> {
  return sharp({
    create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 150, b: 120 } },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone X" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "6/1 25/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "3/1 25/1 0/1",
      },
    })
    .toBuffer();
}

describe.each(dbKinds)("treatment records, photos and aftercare on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let dataDir: string;
  let manager: Agent;
  let desk: Agent;
  let therapist: Agent;
  let otherTherapist: Agent;
  let therapistStaffId: number;
  let versionId: number;
  let peel: { id: number; name: string };

  const auditCount = async (action: string) =>
    (await t.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, action)))
      .length;

  /** A client signed the peel consent, with or without the photography tick. */
  async function signConsent(clientId: number, photography: boolean) {
    await t.db.insert(signedForms).values({
      clientId,
      versionId,
      kind: "consent",
      category: CATEGORY,
      answers: {},
      signerName: "Test Signer",
      textSha256: "0".repeat(64),
      channel: "link",
      photographyConsent: photography,
    });
  }

  let hoursBack = 0;
  /** A past hour of the therapist's, one per visit (their appointments may not overlap). */
  const pastSlot = () => new Date(Date.now() - ++hoursBack * 3600_000);

  /** A client with an appointment with the therapist in the past (so it can be completed). */
  async function visit(email: string, phone = "08031234567") {
    const client = await insertClient(t.db, { email, firstName: "Bisi", lastName: "Okafor" });
    const appointment = await insertAppointment(t.db, {
      clientId: client.id,
      staffId: therapistStaffId,
      serviceId: peel.id,
      serviceName: peel.name,
      customerName: "Bisi Okafor",
      customerEmail: email,
      customerPhone: phone,
      status: "confirmed",
      startsAt: pastSlot(),
      durationMinutes: 45,
    });
    return { client, appointment };
  }

  const record = {
    summary: "Glycolic 30% peel, full face, 3 minutes, neutralised.",
    products: [
      { name: "Glycolic acid 30%", amount: 2, unit: "ml", lot: "GA-2291", expiry: "2027-06-30" },
    ],
    devices: [{ device: "Nd:YAG 1064", fluence: 12.5, spotSize: 6, pulses: 400 }],
    areas: ["forehead", "left_cheek", "right_cheek"],
    notes: "Mild erythema, settled in 10 minutes.",
    followUp: "Second peel in 4 weeks.",
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "records-"));
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "1000", DATA_DIR: dataDir });
    manager = request.agent(t.app);
    await manager.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    desk = (await signedInMember(t.app, t.db, manager, "front_desk")).agent;
    const member = await signedInMember(t.app, t.db, manager, "therapist");
    therapist = member.agent;
    therapistStaffId = member.staffId;
    otherTherapist = (await signedInMember(t.app, t.db, manager, "therapist")).agent;
    peel = await insertService(t.db, { name: "Glycolic Peel", category: CATEGORY, price: 50000 });
    const body = { title: "Peel consent", intro: "", sections: [] };
    const [tpl] = await t.db
      .insert(formTemplates)
      .values({ kind: "consent", category: CATEGORY, draft: body })
      .onConflictDoNothing()
      .returning();
    const templateId =
      tpl?.id ??
      (
        await t.db
          .select({ id: formTemplates.id })
          .from(formTemplates)
          .where(eq(formTemplates.category, CATEGORY))
      )[0]?.id;
    const [v] = await t.db
      .insert(formTemplateVersions)
      .values({
        templateId: templateId as number,
        version: 1,
        body,
        text: "x",
        textSha256: "0".repeat(64),
        publishedBy: "test",
      })
      .returning();
    versionId = v?.id as number;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps a signed record append-only: an amendment is added, the original stays", async () => {
    const { appointment } = await visit("append.only@example.com");
    const url = `/api/appointments/${appointment.id}/treatment-record`;
    // Clinical roles only: the front desk and another therapist are refused.
    const refused = await desk.put(url).send(record).expect(403);
    expect(refused.body.error.message).toBe(refusalOf("records.write"));
    await otherTherapist.put(url).send(record).expect(403);
    await desk.get(url).expect(403);
    await therapist
      .put(url)
      .send({ ...record, summary: "" })
      .expect(400);

    const draft = await therapist.put(url).send(record).expect(200);
    expect(draft.body).toMatchObject({ status: "draft", current: { areas: record.areas } });
    // A draft changes in place.
    await therapist
      .put(url)
      .send({ ...record, notes: "Mild erythema." })
      .expect(200);
    const id = draft.body.id as number;
    const signed = await therapist.post(`/api/treatment-records/${id}/sign-off`).expect(200);
    expect(signed.body.status).toBe("signed");
    expect(signed.body.signedBy).toContain("Test therapist");

    const again = await therapist.put(url).send(record).expect(409);
    expect(again.body.error.message).toBe(RECORD_MESSAGES.signedOff);
    await therapist.post(`/api/treatment-records/${id}/sign-off`).expect(409);
    const noReason = await therapist
      .post(`/api/treatment-records/${id}/amendments`)
      .send({ reason: " ", changes: { notes: "x" } })
      .expect(400);
    expect(noReason.body.error.fields.reason).toBe(RECORD_MESSAGES.reasonRequired);
    await therapist
      .post(`/api/treatment-records/${id}/amendments`)
      .send({ reason: "Wrong lot", changes: {} })
      .expect(400);

    const amended = await therapist
      .post(`/api/treatment-records/${id}/amendments`)
      .send({
        reason: "Lot number misread from the vial",
        changes: { products: [{ ...record.products[0], lot: "GA-2297" }] },
      })
      .expect(201);
    expect(amended.body.original.products[0].lot).toBe("GA-2291");
    expect(amended.body.original.notes).toBe("Mild erythema.");
    expect(amended.body.current.products[0].lot).toBe("GA-2297");
    expect(amended.body.amendments).toEqual([
      expect.objectContaining({ reason: "Lot number misread from the vial" }),
    ]);
    expect(amended.body.amendments[0].amendedBy).toContain("Test therapist");

    const before = await auditCount("record.read");
    const read = await manager.get(url).expect(200);
    expect(read.body.record.current.products[0].lot).toBe("GA-2297");
    expect(read.headers["cache-control"]).toBe("no-store");
    expect(await auditCount("record.read")).toBe(before + 1);

    // The database refuses a change of a signed record's fields whatever the caller.
    await expect(
      t.db
        .update(treatmentRecords)
        .set({ fields: { ...record, notes: "rewritten" } as never })
        .where(eq(treatmentRecords.id, id)),
    ).rejects.toThrow();
  });

  it("takes photos only with consent, strips their metadata, serves them to clinical roles and audits each view", async () => {
    const { client, appointment } = await visit("photo.consent@example.com");
    const upload = `/api/appointments/${appointment.id}/photos?kind=before`;
    const jpeg = await phoneJpeg();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const noConsent = await therapist
      .post(upload)
      .set("content-type", "image/jpeg")
      .send(jpeg)
      .expect(409);
    expect(noConsent.body.error.message).toBe(RECORD_MESSAGES.photoConsent);
    await signConsent(client.id, false);
    await therapist.post(upload).set("content-type", "image/jpeg").send(jpeg).expect(409);
    await signConsent(client.id, true);

    await desk.post(upload).set("content-type", "image/jpeg").send(jpeg).expect(403);
    await therapist.post(upload).set("content-type", "text/plain").send("hello").expect(400);
    await therapist
      .post(`/api/appointments/${appointment.id}/photos?kind=sideways`)
      .set("content-type", "image/jpeg")
      .send(jpeg)
      .expect(400);
    const notImage = await therapist
      .post(upload)
      .set("content-type", "image/png")
      .send(Buffer.from("not a png"))
      .expect(400);
    expect(notImage.body.error.message).toBe(RECORD_MESSAGES.photoUnreadable);

    const created = await therapist
      .post(upload)
      .set("content-type", "image/jpeg")
      .send(jpeg)
      .expect(201);
    expect(created.body).toMatchObject({ kind: "before", width: 2048, height: 1365 });
    // Stored under PHOTO_DIR (DATA_DIR/photos), nowhere public.
    const [row] = await t.db
      .select()
      .from(treatmentPhotos)
      .where(eq(treatmentPhotos.id, created.body.id));
    expect(existsSync(path.join(dataDir, "photos", row?.storageKey ?? "none"))).toBe(true);

    const views = await auditCount("photo.view");
    await desk.get(created.body.url).expect(403);
    await otherTherapist.get(created.body.url).expect(403);
    await request(t.app).get(created.body.url).expect(401);
    const served = await therapist.get(created.body.url).buffer(true).expect(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.headers["cache-control"]).toContain("no-store");
    const meta = await sharp(served.body as Buffer).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(2048);
    await manager.get(created.body.url).expect(200);
    expect(await auditCount("photo.view")).toBe(views + 2);
    const [audit] = await t.db
      .select({ details: auditLog.details, username: auditLog.adminUsername })
      .from(auditLog)
      .where(eq(auditLog.action, "photo.view"))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(audit?.details).toEqual({ photoId: created.body.id });

    // The client's record lists it for the side-by-side compare.
    const list = await therapist.get(`/api/customers/${client.id}/treatment-records`).expect(200);
    expect(list.body.photos).toEqual([expect.objectContaining({ id: created.body.id })]);
    await desk.get(`/api/customers/${client.id}/treatment-records`).expect(403);
  });

  it("queues the aftercare with a cart link on completion; the link fills the cart with what is in stock and safe", async () => {
    const serum = await insertProduct(t.db, {
      name: "Barrier Repair Serum",
      price: 18000,
      stock: 9,
    });
    const spf = await insertProduct(t.db, { name: "Mineral SPF 50", price: 15000, stock: 0 });
    const retinol = await insertProduct(t.db, {
      name: "Night Retinol Cream",
      ingredients: "Aqua, Retinol",
      price: 22000,
      stock: 5,
    });
    const template = {
      text: "Keep the skin cool and moisturised for 72 hours.",
      dos: ["Use a gentle cleanser", "Wear SPF 50 daily"],
      donts: ["No retinol for 7 days", "No sauna for 48 hours"],
      productIds: [serum.id, spf.id, retinol.id],
      followUpDays: 28,
      followUpText: "It is time for your second peel.",
    };
    await desk.put(`/api/services/${peel.id}/aftercare`).send(template).expect(403);
    await manager
      .put(`/api/services/${peel.id}/aftercare`)
      .send({ ...template, productIds: [999999] })
      .expect(400);
    await manager.put(`/api/services/${peel.id}/aftercare`).send(template).expect(200);
    const list = await manager.get("/api/admin/aftercare-templates?q=glycolic").expect(200);
    expect(list.body.rows).toEqual([expect.objectContaining({ serviceId: peel.id })]);

    const { client, appointment } = await visit("after.care@example.com", "0803 765 4321");
    await signConsent(client.id, true);
    await manager
      .post(`/api/customers/${client.id}/health`)
      .send({ kind: "allergy", code: "retinoids" })
      .expect(201);
    await therapist
      .patch(`/api/appointments/${appointment.id}`)
      .send({ status: "completed" })
      .expect(200);

    const messages = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.appointmentId, appointment.id), like(outbox.template, "aftercare%")));
    const aftercare = messages.filter((m) => m.template === "aftercare");
    expect(aftercare.map((m) => m.channel).sort()).toEqual(["email", "whatsapp"]);
    const link = /https?:\/\/\S+\/aftercare\/([\w.-]+)/.exec(
      aftercare.find((m) => m.channel === "whatsapp")?.textBody ?? "",
    );
    expect(link?.[1]).toBeTruthy();
    expect(aftercare.find((m) => m.channel === "email")?.textBody).toContain(
      "No retinol for 7 days",
    );
    const followUps = messages.filter((m) => m.template === "aftercare-follow-up");
    expect(followUps).toHaveLength(2);
    // Due on day 28 at 10:00 Lagos (without a transport configured the test's outbox stores
    // messages at once, so the due time is read from the message's data).
    const data = (followUps[0]?.payload as { data?: { dueAt?: string } } | undefined)?.data;
    const due = new Date(String(data?.dueAt)).getTime();
    expect(due - Date.now()).toBeGreaterThan(27 * 86_400_000);
    expect(due - Date.now()).toBeLessThan(29 * 86_400_000);
    expect(followUps[0]?.textBody).toContain("/contact?category=chemical-peel");

    const cart = await request(t.app).get(`/api/aftercare/${link?.[1]}`).expect(200);
    expect(cart.body.items).toEqual([
      expect.objectContaining({ id: serum.id, name: "Barrier Repair Serum", price: 18000 }),
    ]);
    expect(cart.body.skipped).toEqual([
      { name: "Mineral SPF 50", reason: AFTERCARE_SKIP_REASONS.outOfStock },
      { name: "Night Retinol Cream", reason: AFTERCARE_SKIP_REASONS.consultation },
    ]);
    // A tampered or made-up link is refused.
    const tampered = String(link?.[1]).replace(/^\d+/, String(appointment.id + 1));
    await request(t.app).get(`/api/aftercare/${tampered}`).expect(404);
    await request(t.app).get("/api/aftercare/nonsense").expect(404);
  });

  it("exports records and photos in a zip; erasure removes photos and drafts and keeps signed records detached", async () => {
    const { client, appointment } = await visit("export.erase@example.com");
    await signConsent(client.id, true);
    const url = `/api/appointments/${appointment.id}/treatment-record`;
    const draft = await therapist.put(url).send(record).expect(200);
    await therapist.post(`/api/treatment-records/${draft.body.id}/sign-off`).expect(200);
    const photo = await therapist
      .post(`/api/appointments/${appointment.id}/photos?kind=after`)
      .set("content-type", "image/jpeg")
      .send(await phoneJpeg())
      .expect(201);
    // A second appointment with only a draft.
    const second = await insertAppointment(t.db, {
      clientId: client.id,
      staffId: therapistStaffId,
      serviceId: peel.id,
      serviceName: peel.name,
      customerEmail: "export.erase@example.com",
      startsAt: pastSlot(),
      durationMinutes: 45,
    });
    await therapist.put(`/api/appointments/${second.id}/treatment-record`).send(record).expect(200);

    // A manager's act (decision 0319): the front desk is refused it.
    await desk.get(`/api/customers/${client.id}/export.zip`).expect(403);
    const zip = await manager
      .get(`/api/customers/${client.id}/export.zip`)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(zip.headers["content-type"]).toBe("application/zip");
    const files = unzipSync(new Uint8Array(zip.body as Buffer));
    const data = JSON.parse(strFromU8(files["client.json"] as Uint8Array));
    // The signed consent is there too (server/modules/clients/export-forms.test.ts checks it).
    const forms = (data.signedForms as Array<{ id: number }>).map((f) => `forms/${f.id}.txt`);
    expect(forms).toHaveLength(1);
    expect(Object.keys(files).sort()).toEqual(
      ["README.txt", "client.json", ...forms, `photos/${photo.body.id}-after.jpg`].sort(),
    );
    expect(data.treatmentRecords).toHaveLength(2);
    expect(data.photos[0]).toMatchObject({ id: photo.body.id, kind: "after" });
    expect(strFromU8(files["README.txt"] as Uint8Array)).toContain("Signed treatment records");
    expect(data.clinicalRetention).toContain("keeps them, detached from your name");

    const [photoRow] = await t.db
      .select()
      .from(treatmentPhotos)
      .where(eq(treatmentPhotos.id, photo.body.id));
    const file = path.join(dataDir, "photos", photoRow?.storageKey ?? "none");
    expect(existsSync(file)).toBe(true);

    const erased = await manager.post(`/api/customers/${client.id}/erase`).expect(200);
    expect(erased.body.kept.treatmentRecords).toBe(1);
    expect(existsSync(file)).toBe(false);
    expect(
      await t.db.select().from(treatmentPhotos).where(eq(treatmentPhotos.clientId, client.id)),
    ).toEqual([]);
    const kept = await t.db
      .select()
      .from(treatmentRecords)
      .where(eq(treatmentRecords.formerClientId, client.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ clientId: null, appointmentId: appointment.id });
    expect(kept[0]?.signedAt).not.toBeNull();
    const drafts = await t.db
      .select()
      .from(treatmentRecords)
      .where(eq(treatmentRecords.appointmentId, second.id));
    expect(drafts).toEqual([]);
    expect(readdirSync(path.dirname(file))).not.toContain(path.basename(file));
  });

  /** A client of the therapist's with one 'after' photo; its file's path on disk. */
  async function clientWithPhoto(email: string) {
    const { client, appointment } = await visit(email);
    await signConsent(client.id, true);
    const photo = await therapist
      .post(`/api/appointments/${appointment.id}/photos?kind=after`)
      .set("content-type", "image/jpeg")
      .send(await phoneJpeg())
      .expect(201);
    const [row] = await t.db
      .select()
      .from(treatmentPhotos)
      .where(eq(treatmentPhotos.id, photo.body.id));
    const file = path.join(dataDir, "photos", row?.storageKey ?? "none");
    expect(existsSync(file)).toBe(true);
    return { client, file };
  }

  it("deleting a client removes their photo files too", async () => {
    const { client, file } = await clientWithPhoto("delete.photos@example.com");
    await manager.delete(`/api/customers/${client.id}`).expect(200);
    expect(existsSync(file)).toBe(false);
  });

  it("Clear Admin Data removes every photo file; a file that cannot be removed does not fail it", async () => {
    const one = await clientWithPhoto("clear.one@example.com");
    const two = await clientWithPhoto("clear.two@example.com");
    // The second file's place taken by a folder with something in it: its removal fails.
    rmSync(two.file);
    mkdirSync(two.file);
    writeFileSync(path.join(two.file, "stuck"), "x");
    const cleared = await manager.post("/api/admin/clear-data").expect(200);
    expect(cleared.body.success).toBe(true);
    expect(existsSync(one.file)).toBe(false);
    expect(await t.db.select().from(treatmentPhotos)).toEqual([]);
  });
});
