/**
 * Consent and opt-out (issue 17) on PGlite and, with TEST_DATABASE_URL, PostgreSQL: the WhatsApp
 * webhook's handshake and signature (good, bad, missing), delivery statuses onto the outbox,
 * STOP / UNSUBSCRIBE / START replies, and the signed email unsubscribe link.
 */
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageOptOuts, outbox } from "#server/db/schema/content.ts";
import { whatsappSignature } from "#server/integrations/whatsapp-webhook.ts";
import { getClientDetail } from "#server/modules/clients/detail.ts";
import { enqueueDueReminders } from "#server/modules/messages/reminders.ts";
import { insertAppointment, insertClient } from "#server/testing/builders.ts";
import { createTestApp, dbKinds } from "#server/testing/test-app.ts";
import { listUnsubscribeHeaders, signUnsubscribe, unsubscribeUrl } from "./links.ts";

const APP_SECRET = "test-whatsapp-app-secret";
const VERIFY_TOKEN = "test-verify-token";

/** A webhook body as Meta sends it: one entry, one change with `value`. */
function event(value: Record<string, unknown>) {
  return JSON.stringify({
    object: "whatsapp_business_account",
    entry: [{ id: "1", changes: [{ field: "messages", value }] }],
  });
}
const reply = (from: string, body: string) =>
  event({
    messaging_product: "whatsapp",
    messages: [{ from, id: `wamid.in-${Math.random()}`, type: "text", text: { body } }],
  });
const statusUpdate = (id: string, status: string, extra: Record<string, unknown> = {}) =>
  event({ statuses: [{ id, status, recipient_id: "2348031234567", ...extra }] });

describe.each(dbKinds)("consent and the WhatsApp webhook on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
    });
  });
  afterAll(() => t?.close());

  const post = (body: string, signature: string | null = whatsappSignature(body, APP_SECRET)) => {
    const req = request(t.app)
      .post("/api/webhooks/whatsapp")
      .set("Content-Type", "application/json");
    return (signature === null ? req : req.set("X-Hub-Signature-256", signature)).send(body);
  };
  const whatsappOptOuts = async (recipient: string) =>
    (
      await t.db
        .select({ scope: messageOptOuts.scope, source: messageOptOuts.source })
        .from(messageOptOuts)
        .where(and(eq(messageOptOuts.channel, "whatsapp"), eq(messageOptOuts.recipient, recipient)))
    )
      .map((r) => `${r.scope}/${r.source}`)
      .sort();

  it("answers Meta's verification handshake only with the right token", async () => {
    const ok = await request(t.app)
      .get("/api/webhooks/whatsapp")
      .query({
        "hub.mode": "subscribe",
        "hub.verify_token": VERIFY_TOKEN,
        "hub.challenge": "1158201444",
      })
      .expect(200);
    expect(ok.text).toBe("1158201444");
    await request(t.app)
      .get("/api/webhooks/whatsapp")
      .query({ "hub.mode": "subscribe", "hub.verify_token": "wrong", "hub.challenge": "1" })
      .expect(403);
  });

  it("refuses an event with a missing or wrong signature and changes nothing", async () => {
    const body = reply("2348030000001", "STOP");
    await post(body, null).expect(401);
    await post(body, whatsappSignature(body, "another-secret")).expect(401);
    await post(body, "sha256=zz").expect(401);
    // Signed over other bytes (re-serialised JSON): refused.
    await post(body, whatsappSignature(body.replace("STOP", "STOP "), APP_SECRET)).expect(401);
    expect(await whatsappOptOuts("+2348030000001")).toEqual([]);
  });

  it("STOP opts the number out of reminders and marketing; START opts it back in", async () => {
    await post(reply("2348031234567", "  stop ")).expect(200);
    expect(await whatsappOptOuts("+2348031234567")).toEqual([
      "marketing/whatsapp-stop",
      "reminders/whatsapp-stop",
    ]);
    // Meta retries events: the same STOP again changes nothing.
    await post(reply("2348031234567", "STOP")).expect(200);
    expect(await whatsappOptOuts("+2348031234567")).toHaveLength(2);
    // Other words are not consent changes.
    await post(reply("2348031234567", "Thanks, see you on Friday")).expect(200);
    expect(await whatsappOptOuts("+2348031234567")).toHaveLength(2);
    await post(reply("2348031234567", "Start")).expect(200);
    expect(await whatsappOptOuts("+2348031234567")).toEqual([]);
    await post(reply("2348031234567", "unsubscribe")).expect(200);
    expect(await whatsappOptOuts("+2348031234567")).toHaveLength(2);
  });

  it("records delivery statuses on the outbox row of the provider's message id", async () => {
    const [row] = await t.db
      .insert(outbox)
      .values({
        kind: "appointment-reminder",
        channel: "whatsapp",
        toAddress: "+2348031234567",
        subject: "Reminder",
        textBody: "See you tomorrow",
        status: "sent",
        providerMessageId: "wamid.delivered-1",
      })
      .returning({ id: outbox.id });
    const statusOf = async () =>
      (
        await t.db
          .select()
          .from(outbox)
          .where(eq(outbox.id, row?.id ?? 0))
      )[0];
    await post(statusUpdate("wamid.delivered-1", "delivered")).expect(200);
    expect(await statusOf()).toMatchObject({ status: "sent", deliveryStatus: "delivered" });
    // A late 'sent' (Meta does not promise order) does not undo 'delivered'.
    await post(statusUpdate("wamid.delivered-1", "sent")).expect(200);
    expect((await statusOf())?.deliveryStatus).toBe("delivered");
    await post(statusUpdate("wamid.delivered-1", "read")).expect(200);
    expect((await statusOf())?.deliveryStatus).toBe("read");

    const [failing] = await t.db
      .insert(outbox)
      .values({
        kind: "appointment-reminder",
        channel: "whatsapp",
        toAddress: "+2348031234567",
        subject: "Reminder",
        textBody: "See you tomorrow",
        status: "sent",
        providerMessageId: "wamid.failed-1",
      })
      .returning({ id: outbox.id });
    await post(
      statusUpdate("wamid.failed-1", "failed", {
        errors: [{ code: 131026, title: "Message undeliverable" }],
      }),
    ).expect(200);
    const [failed] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, failing?.id ?? 0));
    expect(failed).toMatchObject({
      status: "failed",
      deliveryStatus: "failed",
      error: "131026: Message undeliverable",
    });
    // An unknown id is acknowledged (Meta would retry otherwise) and changes nothing.
    await post(statusUpdate("wamid.unknown", "read")).expect(200);
  });

  it("answers 400 for a signed body that is not an event", async () => {
    await post("not json").expect(400);
    await post(JSON.stringify({ entry: "x" })).expect(400);
  });

  it("unsubscribes an email address only with the link's signature, by POST", async () => {
    const email = "Ada.Obi@Example.com";
    const url = new URL(
      unsubscribeUrl({ origin: "https://glowhaven.ng", secret: t.config.SESSION_SECRET }, email),
    );
    expect(url.pathname).toBe("/unsubscribe");
    expect(url.searchParams.get("email")).toBe("ada.obi@example.com");
    const sig = url.searchParams.get("sig") ?? "";
    const emailOptOuts = async () =>
      (
        await t.db
          .select({ scope: messageOptOuts.scope })
          .from(messageOptOuts)
          .where(eq(messageOptOuts.recipient, "ada.obi@example.com"))
      )
        .map((r) => r.scope)
        .sort();

    await request(t.app)
      .post("/api/unsubscribe")
      .send({ email, sig: signUnsubscribe("another-secret-of-32-characters!!", email) })
      .expect(403);
    await request(t.app).post("/api/unsubscribe").send({ email }).expect(400);
    await request(t.app).post("/api/unsubscribe").send({ email: "not-an-email", sig }).expect(400);
    expect(await emailOptOuts()).toEqual([]);

    const res = await request(t.app).post("/api/unsubscribe").send({ email, sig }).expect(200);
    expect(res.body).toEqual({ unsubscribed: true, email: "ada.obi@example.com" });
    expect(await emailOptOuts()).toEqual(["marketing", "reminders"]);
  });

  it("shows the client's choices and the messages sent to them on their record", async () => {
    const client = await insertClient(t.db, {
      email: "zainab.bello@example.com",
      phone: "0809 555 1234",
    });
    await post(reply("2348095551234", "STOP")).expect(200);
    await t.db.insert(outbox).values({
      kind: "appointment-reminder-24h",
      template: "appointment-reminder-24h",
      channel: "whatsapp",
      toAddress: "+2348095551234",
      clientEmail: "zainab.bello@example.com",
      subject: "Reminder: HydraFacial tomorrow",
      textBody: "See you tomorrow",
      status: "sent",
      deliveryStatus: "delivered",
    });
    const detail = await getClientDetail(t.db, client.id);
    expect(detail?.optOuts.map((o) => `${o.channel}/${o.scope}/${o.source}`).sort()).toEqual([
      "whatsapp/marketing/whatsapp-stop",
      "whatsapp/reminders/whatsapp-stop",
    ]);
    expect(detail?.timeline.filter((i) => i.kind === "message")).toEqual([
      expect.objectContaining({
        title: "WhatsApp: Reminder: HydraFacial tomorrow",
        detail: "appointment-reminder-24h · delivered",
      }),
    ]);
  });

  it("skips reminders after STOP (WhatsApp) and the unsubscribe link (email); START resumes", async () => {
    const reminderChannels = async (appointmentId: number) =>
      (
        await t.db
          .select({ channel: outbox.channel })
          .from(outbox)
          .where(
            and(
              eq(outbox.appointmentId, appointmentId),
              eq(outbox.template, "appointment-reminder-24h"),
            ),
          )
      )
        .map((r) => r.channel)
        .sort();
    const appointment = (day: number) =>
      insertAppointment(t.db, {
        customerEmail: "kemi.stop@example.com",
        customerPhone: "0803 777 0101",
        status: "confirmed",
        startsAt: new Date(`2030-01-${String(day).padStart(2, "0")}T09:00:00Z`),
      });
    // 24 hours before 10:00 Lagos: within the reminder's window, outside quiet hours.
    const dayBefore = (a: { startsAt: Date }) =>
      new Date(a.startsAt.getTime() - 86_400_000 + 60_000);

    await post(reply("2348037770101", "STOP")).expect(200);
    const first = await appointment(8);
    const links = { origin: "https://glowhaven.ng", secret: t.config.SESSION_SECRET };
    await enqueueDueReminders(t.db, dayBefore(first), links);
    expect(await reminderChannels(first.id)).toEqual(["email"]);
    // The reminder email carries the client's own signed unsubscribe link.
    const [reminderEmail] = await t.db
      .select({ text: outbox.textBody, html: outbox.htmlBody })
      .from(outbox)
      .where(and(eq(outbox.appointmentId, first.id), eq(outbox.channel, "email")));
    const link = unsubscribeUrl(links, "kemi.stop@example.com");
    expect(reminderEmail?.text).toContain(link);
    expect(reminderEmail?.html).toContain(link.replaceAll("&", "&amp;"));

    const url = new URL(
      unsubscribeUrl(
        { origin: "https://glowhaven.ng", secret: t.config.SESSION_SECRET },
        "kemi.stop@example.com",
      ),
    );
    await request(t.app)
      .post("/api/unsubscribe")
      .send({ email: url.searchParams.get("email"), sig: url.searchParams.get("sig") })
      .expect(200);
    const second = await appointment(9);
    await enqueueDueReminders(t.db, dayBefore(second));
    expect(await reminderChannels(second.id)).toEqual([]);

    await post(reply("2348037770101", "START")).expect(200);
    const third = await appointment(10);
    await enqueueDueReminders(t.db, dayBefore(third));
    expect(await reminderChannels(third.id)).toEqual(["whatsapp"]);
  });

  it("accepts the mail provider's one-click POST to the List-Unsubscribe address", async () => {
    const headers = listUnsubscribeHeaders(
      { origin: "https://glowhaven.ng", secret: t.config.SESSION_SECRET },
      "one.click@example.com",
    );
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const target = new URL(headers["List-Unsubscribe"]?.slice(1, -1) ?? "");
    expect(target.pathname).toBe("/api/unsubscribe");
    await request(t.app)
      .post(`${target.pathname}${target.search}`)
      .type("form")
      .send("List-Unsubscribe=One-Click")
      .expect(200);
    const rows = await t.db
      .select()
      .from(messageOptOuts)
      .where(eq(messageOptOuts.recipient, "one.click@example.com"));
    expect(rows.map((r) => r.source)).toEqual(["email-unsubscribe", "email-unsubscribe"]);
  });
});

describe("the WhatsApp webhook without configuration", () => {
  it("does not exist (404)", async () => {
    const t = await createTestApp("pglite");
    try {
      const body = reply("2348031234567", "STOP");
      await request(t.app)
        .post("/api/webhooks/whatsapp")
        .set("X-Hub-Signature-256", whatsappSignature(body, APP_SECRET))
        .send(body)
        .expect(404);
      await request(t.app)
        .get("/api/webhooks/whatsapp")
        .query({ "hub.mode": "subscribe", "hub.verify_token": VERIFY_TOKEN, "hub.challenge": "1" })
        .expect(404);
    } finally {
      await t.close();
    }
  });
});
