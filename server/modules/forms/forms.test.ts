/**
 * Intake and consent forms (issue 31) on PGlite and, with TEST_DATABASE_URL, PostgreSQL:
 * versioned templates; the signed link sent when a treatment is confirmed, opened and signed
 * without an account (version, text hash, IP, user agent kept), refused when expired or
 * tampered; answers as health changes a clinician reviews; the consent gate at check-in,
 * completion and the till with a clinician's audited override; signed forms read only by
 * clinical roles, every read audited.
 */
import { and, eq, like } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_MESSAGES } from "#common/forms.ts";
import { lagosDate, lagosWeekday } from "#common/lagos-time.ts";
import { OVERRIDE_REASON_MAX, OVERRIDE_REASON_TOO_LONG } from "#common/override-reason.ts";
import { refusalOf } from "#common/roles.ts";
import { auditLog } from "#server/db/schema/access.ts";
import { clientHealthEntries, clients } from "#server/db/schema/clients.ts";
import { outbox } from "#server/db/schema/content.ts";
import { consentOverrides, formRequests, signedForms } from "#server/db/schema/forms.ts";
import { insertAppointment, insertService } from "#server/testing/builders.ts";
import { signedInMember } from "#server/testing/staff-accounts.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";
import { formToken } from "./links.ts";
import { sha256Hex } from "./templates.ts";

type Agent = ReturnType<typeof request.agent>;
type PublicForm = {
  id: number;
  kind: string;
  category: string | null;
  version: number;
  body: { sections: Array<{ fields: Array<{ id: string; type: string; required?: boolean }> }> };
};

/** A Lagos weekday 3-9 days ahead, 'YYYY-MM-DD' (Tuesday: the clinic is open). */
function aheadTuesday(): string {
  for (let i = 3; i < 10; i++) {
    const day = new Date(Date.now() + i * 86_400_000);
    if (lagosWeekday(day) === 2) return lagosDate(day);
  }
  throw new Error("unreachable");
}

/** Complete answers to every field of `forms`: required boxes ticked, text where asked. */
function answersFor(forms: PublicForm[], extra: Record<string, string | boolean> = {}) {
  return forms.map((f) => {
    const answers: Record<string, string | boolean> = {};
    for (const s of f.body.sections) {
      for (const field of s.fields) {
        if (field.type === "checkbox") answers[field.id] = true;
        if (field.type === "yesno") answers[field.id] = false;
      }
    }
    return { versionId: f.id, answers: { ...answers, ...extra } };
  });
}

describe.each(dbKinds)("intake and consent forms on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let manager: Agent;
  let desk: Agent;
  let therapist: Agent;
  let therapistStaffId: number;
  let laser: { id: number; name: string };
  let facial: { id: number };

  const audits = async (action: string, entityId: number | string) =>
    (
      await t.db
        .select({ id: auditLog.id, details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))))
    ).length;

  /** The token of the newest forms link queued to `email`. */
  async function linkTokenFor(email: string): Promise<string> {
    const rows = await t.db
      .select({ text: outbox.textBody, kind: outbox.kind, channel: outbox.channel })
      .from(outbox)
      .where(and(eq(outbox.clientEmail, email), like(outbox.kind, "forms-%")));
    const wa = rows.find((r) => r.channel === "whatsapp");
    const m = /\/forms\/([^\s?]+)/.exec(wa?.text ?? "");
    if (!m?.[1]) throw new Error(`no forms link for ${email}`);
    return m[1];
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_RATE_LIMIT: "1000" });
    manager = request.agent(t.app);
    await manager.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    desk = (await signedInMember(t.app, t.db, manager, "front_desk")).agent;
    const member = await signedInMember(t.app, t.db, manager, "therapist");
    therapist = member.agent;
    therapistStaffId = member.staffId;
    laser = await insertService(t.db, {
      name: "Laser Hair Removal (underarm)",
      category: "laser",
      price: 60000,
      duration: "30m",
    });
    facial = await insertService(t.db, { name: "Classic Facial", category: "facial" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("publishes a manager's draft as a new version and keeps the old one as signed", async () => {
    await desk.get("/api/admin/forms/templates").expect(403);
    await therapist.get("/api/admin/forms/templates").expect(403);
    const list = await manager.get("/api/admin/forms/templates").expect(200);
    const intake = list.body.find((x: { kind: string }) => x.kind === "intake");
    expect(intake).toMatchObject({ version: 1, draftChanged: false });
    expect(list.body.some((x: { category: string }) => x.category === "laser")).toBe(true);
    const peel = list.body.find((x: { category: string }) => x.category === "chemical-peel");
    const v1 = await manager.get(`/api/admin/forms/templates/${peel.id}/versions/1`).expect(200);
    // Nothing to publish while the draft is the published text.
    const same = await manager.post(`/api/admin/forms/templates/${peel.id}/publish`).expect(409);
    expect(same.body.error.message).toBe(FORM_MESSAGES.nothingToPublish);
    // A bad draft is refused, nothing written.
    const bad = await manager
      .put(`/api/admin/forms/templates/${peel.id}/draft`)
      .send({ title: "", sections: [] });
    expect(bad.status).toBe(400);
    const draft = { ...v1.body.body, title: "Consent: a chemical peel (2027)" };
    await manager.put(`/api/admin/forms/templates/${peel.id}/draft`).send(draft).expect(200);
    const published = await manager
      .post(`/api/admin/forms/templates/${peel.id}/publish`)
      .expect(201);
    expect(published.body.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const v2 = await manager.get(`/api/admin/forms/templates/${peel.id}/versions/2`).expect(200);
    expect(v2.body.text).toContain("Consent: a chemical peel (2027) (version 2)");
    expect(v2.body.textSha256).toBe(sha256Hex(v2.body.text));
    // Version 1 is unchanged.
    const again = await manager.get(`/api/admin/forms/templates/${peel.id}/versions/1`).expect(200);
    expect(again.body.text).toBe(v1.body.text);
    expect(again.body.textSha256).toBe(v1.body.textSha256);
    expect(await audits("form.publish", peel.id)).toBe(1);
  });

  it("sends the link when a treatment is confirmed; the client opens and signs it", async () => {
    const email = "ada.forms@example.com";
    const booked = await manager
      .post("/api/appointments")
      .send({
        customerName: "Ada Obi",
        customerEmail: email,
        customerPhone: "08031234567",
        serviceId: laser.id,
        appointmentDate: `${aheadTuesday()} 11:00`,
        status: "confirmed",
      })
      .expect(201);
    const messages = await t.db
      .select({ channel: outbox.channel, text: outbox.textBody, html: outbox.htmlBody })
      .from(outbox)
      .where(and(eq(outbox.clientEmail, email), like(outbox.kind, "forms-%")));
    expect(messages.map((m) => m.channel).sort()).toEqual(["email", "whatsapp"]);
    const token = await linkTokenFor(email);
    for (const m of messages) expect(m.text).toContain(`/forms/${token}`);

    const opened = await request(t.app).get(`/api/forms/${token}`).expect(200);
    expect(opened.body).toMatchObject({ status: "pending", firstName: "Ada" });
    const forms = opened.body.forms as PublicForm[];
    expect(forms.map((f) => f.kind)).toEqual(["intake", "consent"]);
    expect(forms[1]?.category).toBe("laser");
    // Nothing of a health record or of the client's contact details is in the page's data.
    expect(JSON.stringify(opened.body)).not.toContain(email);

    // A missing required answer is refused, nothing written.
    const incomplete = await request(t.app)
      .post(`/api/forms/${token}/sign`)
      .set("user-agent", "Phone/1.0")
      .send({
        forms: forms.map((f) => ({ versionId: f.id, answers: {} })),
        signerName: "Ada Obi",
        agree: true,
      });
    expect(incomplete.status).toBe(400);
    expect(await t.db.select().from(signedForms)).toHaveLength(0);

    const signature = `data:image/png;base64,${Buffer.from("png").toString("base64")}`;
    // The client's browser claims the clinic's tablet: the channel stays the link's.
    const signed = await request(t.app)
      .post(`/api/forms/${token}/sign?kiosk=1`)
      .set("user-agent", "Phone/1.0")
      .send({
        forms: answersFor(forms, { allergies: "Lidocaine", photo_consent: true }).map((f, i) =>
          i === 1 ? { ...f, answers: { ...f.answers, marketing_photo_consent: false } } : f,
        ),
        signerName: "Ada Obi",
        signature,
        agree: true,
      })
      .expect(201);
    expect(signed.body.signedFormIds).toHaveLength(2);
    const rows = await t.db
      .select()
      .from(signedForms)
      .where(eq(signedForms.appointmentId, booked.body.id));
    const consent = rows.find((r) => r.kind === "consent");
    expect(consent).toMatchObject({
      category: "laser",
      versionId: forms[1]?.id,
      signerName: "Ada Obi",
      signature,
      userAgent: "Phone/1.0",
      channel: "link",
      photographyConsent: true,
      marketingPhotoConsent: false,
    });
    expect(consent?.ip).not.toBe("");
    expect(consent?.textSha256).toMatch(/^[0-9a-f]{64}$/);
    // Signed once: the link now says so, and a second signature is refused.
    const after = await request(t.app).get(`/api/forms/${token}`).expect(200);
    expect(after.body).toMatchObject({ status: "signed", forms: [] });
    const twice = await request(t.app)
      .post(`/api/forms/${token}/sign`)
      .send({ forms: answersFor(forms), signerName: "Ada Obi", agree: true });
    expect(twice.status).toBe(409);

    // The clinician sees the form as signed, with the exact version's text; each read audited.
    const [client] = await t.db.select().from(clients).where(eq(clients.email, email));
    const clientId = client?.id as number;
    await desk.get(`/api/customers/${clientId}/forms`).expect(403);
    const list = await manager.get(`/api/customers/${clientId}/forms`).expect(200);
    expect(list.body.forms).toHaveLength(2);
    expect(list.body.proposals).toEqual([
      expect.objectContaining({ kind: "allergy", note: "Lidocaine", status: "pending" }),
    ]);
    expect(await audits("forms.read", clientId)).toBe(1);
    const detail = await manager.get(`/api/customers/${clientId}/forms/${consent?.id}`).expect(200);
    expect(detail.body).toMatchObject({ version: 1, hashMatches: true, signature });
    expect(detail.body.text).toContain("Consent: laser treatment (version 1)");
    expect(await audits("form.read", clientId)).toBe(1);
    await desk.get(`/api/customers/${clientId}/forms/${consent?.id}`).expect(403);

    // The allergy becomes a health entry only when a clinician accepts it.
    expect(
      await t.db
        .select()
        .from(clientHealthEntries)
        .where(eq(clientHealthEntries.clientId, clientId)),
    ).toHaveLength(0);
    const proposalId = list.body.proposals[0].id;
    await desk
      .post(`/api/customers/${clientId}/health-proposals/${proposalId}`)
      .send({ decision: "accept" })
      .expect(403);
    await manager
      .post(`/api/customers/${clientId}/health-proposals/${proposalId}`)
      .send({ decision: "maybe" })
      .expect(400);
    await manager
      .post(`/api/customers/${clientId}/health-proposals/${proposalId}`)
      .send({ decision: "accept" })
      .expect(200);
    const entries = await t.db
      .select()
      .from(clientHealthEntries)
      .where(eq(clientHealthEntries.clientId, clientId));
    expect(entries).toEqual([expect.objectContaining({ kind: "allergy", note: "Lidocaine" })]);
    // The messages carried the link only.
    for (const m of messages) expect(`${m.text}${m.html}`).not.toContain("Lidocaine");
  });

  it("refuses tampered and expired links", async () => {
    const a = await insertAppointment(t.db, {
      customerEmail: "bola.forms@example.com",
      serviceId: laser.id,
      serviceName: laser.name,
      status: "confirmed",
      startsAt: new Date(Date.now() + 3 * 86_400_000),
      clientId: (
        await t.db
          .insert(clients)
          .values({ email: "bola.forms@example.com", firstName: "Bola" })
          .returning()
      )[0]?.id,
    });
    await manager.post(`/api/appointments/${a.id}/forms/send`).expect(201);
    const token = await linkTokenFor("bola.forms@example.com");
    const [id, exp, sig] = token.split(".") as [string, string, string];
    const flipped = `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`;
    for (const bad of [
      `${id}.${exp}.${flipped}`,
      `${Number(id) + 1}.${exp}.${sig}`,
      `${id}.${Number(exp) + 3600}.${sig}`,
      "not-a-token",
    ]) {
      const res = await request(t.app).get(`/api/forms/${bad}`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(FORM_MESSAGES.linkInvalid);
      const sign = await request(t.app)
        .post(`/api/forms/${bad}/sign`)
        .send({ forms: [{ versionId: 1, answers: {} }], signerName: "Bola Ade", agree: true });
      expect(sign.status).toBe(404);
    }
    // An expired link (its row and its signature agree) is refused with 410.
    const past = new Date(Math.floor(Date.now() / 1000 - 60) * 1000);
    await t.db
      .update(formRequests)
      .set({ expiresAt: past })
      .where(eq(formRequests.id, Number(id)));
    const expired = formToken(t.config.SESSION_SECRET, Number(id), past);
    const res = await request(t.app).get(`/api/forms/${expired}`);
    expect(res.status).toBe(410);
    expect(res.body.error.message).toBe(FORM_MESSAGES.linkExpired);
    await request(t.app)
      .post(`/api/forms/${expired}/sign`)
      .send({ forms: [{ versionId: 1, answers: {} }], signerName: "Bola Ade", agree: true })
      .expect(410);
    expect(
      await t.db
        .select()
        .from(signedForms)
        .where(eq(signedForms.requestId, Number(id))),
    ).toHaveLength(0);
  });

  it("gates check-in, completion and the till on a current consent; a clinician overrides", async () => {
    const [client] = await t.db
      .insert(clients)
      .values({ email: "chi.gate@example.com", firstName: "Chi", lastName: "Gate" })
      .returning();
    const clientId = client?.id as number;
    const visit = await insertAppointment(t.db, {
      customerName: "Chi Gate",
      customerEmail: "chi.gate@example.com",
      serviceId: laser.id,
      serviceName: laser.name,
      staffId: therapistStaffId,
      clientId,
      status: "confirmed",
      startsAt: new Date(Date.now() - 5 * 60_000),
    });
    // A facial needs no consent: its check-in goes through.
    const facialVisit = await insertAppointment(t.db, {
      customerEmail: "chi.gate@example.com",
      serviceId: facial.id,
      clientId,
      status: "confirmed",
      startsAt: new Date(Date.now() - 5 * 60_000),
    });
    await desk.post(`/api/appointments/${facialVisit.id}/check-in`).expect(200);

    const refused = await desk.post(`/api/appointments/${visit.id}/check-in`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(FORM_MESSAGES.consentMissing);
    expect(refused.body.error.findings).toEqual([
      expect.objectContaining({ ruleId: "consent.missing", item: laser.name }),
    ]);
    expect(refused.body.error.fields).toEqual({
      healthOverrideReason: FORM_MESSAGES.overrideReason,
    });
    // The front desk cannot override; the therapist can, with a reason, audited.
    const deskOverride = await desk
      .post(`/api/appointments/${visit.id}/check-in`)
      .send({ healthOverrideReason: "Client in a hurry" });
    expect(deskOverride.status).toBe(403);
    expect(deskOverride.body.error.message).toBe(refusalOf("consent.override"));
    const status = await therapist.get(`/api/appointments/${visit.id}/forms`).expect(200);
    expect(status.body.forms.find((f: { kind: string }) => f.kind === "consent")).toMatchObject({
      signed: false,
    });
    // Every override's reason has one limit (common/override-reason.ts), as the other overrides.
    const long = await therapist
      .post(`/api/appointments/${visit.id}/check-in`)
      .send({ healthOverrideReason: "x".repeat(OVERRIDE_REASON_MAX + 1) });
    expect(long.status).toBe(400);
    expect(long.body.error.fields).toEqual({ healthOverrideReason: OVERRIDE_REASON_TOO_LONG });
    await therapist
      .post(`/api/appointments/${visit.id}/check-in`)
      .send({ healthOverrideReason: "Verbal consent recorded; paper form signed" })
      .expect(200);
    expect(await audits("consent.override", clientId)).toBe(1);
    const overrides = await t.db
      .select()
      .from(consentOverrides)
      .where(eq(consentOverrides.appointmentId, visit.id));
    expect(overrides).toEqual([expect.objectContaining({ category: "laser", place: "check-in" })]);
    // The same visit is not asked again at completion.
    await therapist
      .patch(`/api/appointments/${visit.id}`)
      .send({ status: "completed" })
      .expect(200);

    // The till: charging a laser treatment for a client without consent asks for a reason.
    const sale = {
      customerInfo: { name: "Chi Gate", email: "chi.gate@example.com", phone: null },
      clientId,
      paymentMethod: "card",
      cart: [{ id: laser.id, type: "service", quantity: 1 }],
    };
    const tillRefused = await desk.post("/api/pos/process-sale").send(sale);
    expect(tillRefused.status).toBe(409);
    expect(tillRefused.body.error.message).toBe(FORM_MESSAGES.consentMissing);
    await desk
      .post("/api/pos/process-sale")
      .send({ ...sale, healthOverrideReason: "Paid in advance" })
      .expect(403);
    await manager
      .post("/api/pos/process-sale")
      .send({ ...sale, healthOverrideReason: "Consent on paper, scanned later" })
      .expect(201);
    expect(await audits("consent.override", clientId)).toBe(2);

    // Completion of another laser visit without consent is refused too.
    const second = await insertAppointment(t.db, {
      customerEmail: "chi.gate@example.com",
      serviceId: laser.id,
      serviceName: laser.name,
      clientId,
      status: "confirmed",
      startsAt: new Date(Date.now() - 60 * 60_000),
    });
    const completeRefused = await manager
      .patch(`/api/appointments/${second.id}`)
      .send({ status: "completed" });
    expect(completeRefused.status).toBe(409);
    expect(completeRefused.body.error.message).toBe(FORM_MESSAGES.consentMissing);
  });

  it("lets a client with a current signed consent check in, via the clinic's tablet", async () => {
    const [client] = await t.db
      .insert(clients)
      .values({ email: "dayo.kiosk@example.com", firstName: "Dayo", lastName: "Kiosk" })
      .returning();
    const visit = await insertAppointment(t.db, {
      customerEmail: "dayo.kiosk@example.com",
      serviceId: laser.id,
      serviceName: laser.name,
      clientId: client?.id,
      status: "confirmed",
      startsAt: new Date(Date.now() - 5 * 60_000),
    });
    const kiosk = await desk.post(`/api/appointments/${visit.id}/forms/kiosk`).expect(201);
    expect(kiosk.body.url).toMatch(/^\/forms\/[^?]+\?kiosk=1$/);
    const token = (kiosk.body.url as string).slice("/forms/".length, -"?kiosk=1".length);
    const opened = await request(t.app).get(`/api/forms/${token}`).expect(200);
    await request(t.app)
      .post(`/api/forms/${token}/sign`)
      .send({ forms: answersFor(opened.body.forms), signerName: "Dayo Kiosk", agree: true })
      .expect(201);
    const [row] = await t.db
      .select()
      .from(signedForms)
      .where(and(eq(signedForms.clientId, client?.id as number), eq(signedForms.kind, "consent")));
    expect(row).toMatchObject({ channel: "kiosk", signature: null });
    const status = await desk.get(`/api/appointments/${visit.id}/forms`).expect(200);
    expect(status.body.forms.every((f: { signed: boolean }) => f.signed)).toBe(true);
    expect(status.body.canRead).toBe(false);
    await desk.post(`/api/appointments/${visit.id}/check-in`).expect(200);
  });

  it("keeps an erased client's signed forms detached, without their name, signature, IP and browser", async () => {
    const email = "uche.erase@example.com";
    const [client] = await t.db
      .insert(clients)
      .values({ email, firstName: "Uche", lastName: "Erase", phone: "08039876543" })
      .returning();
    const clientId = client?.id as number;
    const visit = await insertAppointment(t.db, {
      customerEmail: email,
      serviceId: laser.id,
      serviceName: laser.name,
      clientId,
      status: "confirmed",
      startsAt: new Date(Date.now() - 10 * 60_000),
    });
    const kiosk = await desk.post(`/api/appointments/${visit.id}/forms/kiosk`).expect(201);
    const token = (kiosk.body.url as string).slice("/forms/".length, -"?kiosk=1".length);
    const opened = await request(t.app).get(`/api/forms/${token}`).expect(200);
    const signature = `data:image/png;base64,${Buffer.from("uche").toString("base64")}`;
    const signed = await request(t.app)
      .post(`/api/forms/${token}/sign?kiosk=1`)
      .set("user-agent", "Tablet/2.0")
      .send({
        forms: answersFor(opened.body.forms),
        signerName: "Uche Erase",
        signature,
        agree: true,
      })
      .expect(201);
    const ids = signed.body.signedFormIds as number[];
    expect(ids).toHaveLength(2);

    const erased = await manager.post(`/api/customers/${clientId}/erase`).expect(200);
    expect(erased.body.kept.signedForms).toBe(2);
    const kept = await t.db
      .select()
      .from(signedForms)
      .where(eq(signedForms.formerClientId, clientId));
    expect(kept.map((f) => f.id).sort()).toEqual([...ids].sort());
    for (const form of kept) {
      expect(form).toMatchObject({
        clientId: null,
        signerName: "Erased client",
        signature: null,
        ip: "",
        userAgent: "",
        channel: "kiosk",
      });
      expect(form.textSha256).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(form)).not.toMatch(/Uche|uche\.erase|08039876543/);
    }
  });
});
