/**
 * Messages (issue 17) on PGlite and, with TEST_DATABASE_URL, PostgreSQL, against a real local
 * SMTP server (smtp-server) and a local fake WhatsApp Cloud API: a booking request's messages,
 * an appointment confirmation with a valid .ics, reminders with an injected clock (once, not for
 * a cancelled appointment, not twice with two workers, not to an opted-out channel), retries with
 * backoff of a failing provider, Nigerian numbers to E.164.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { pino } from "pino";
import { SMTPServer } from "smtp-server";
import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BUSINESS } from "#common/business.ts";
import { lagosDate, lagosWeekday } from "#common/lagos-time.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { messageOptOuts, outbox } from "#server/db/schema/content.ts";
import { orders } from "#server/db/schema/orders.ts";
import { createSmtpTransport } from "#server/integrations/smtp.ts";
import { insertService } from "#server/testing/builders.ts";
import { createTestApp, dbKinds, TEST_ADMIN } from "#server/testing/test-app.ts";
import { normalizeNigerianPhone } from "./phone.ts";
import { afterQuietHours, enqueueDueReminders } from "./reminders.ts";
import { enqueueMessage, listMessagesFor } from "./service.ts";
import {
  type MessageTransports,
  messagesWorkerFor,
  messageTransports,
  retryMessage,
  sendDueMessages,
} from "./worker.ts";

type Mail = { to: string[]; raw: string };
type WhatsAppCall = { path: string; auth: string | undefined; body: Record<string, unknown> };

const CLINIC_WHATSAPP = "0803 000 1111";
const FAILING_NUMBER = "2348099999999";
const logger = pino({ level: "silent" });

/** The decoded text of the first MIME part whose Content-Type starts with `type`. */
function mimePart(raw: string, type: string): string | null {
  const at = raw.toLowerCase().indexOf(`content-type: ${type}`);
  if (at < 0) return null;
  const headersEnd = raw.indexOf("\r\n\r\n", at);
  const headers = raw.slice(at, headersEnd).replace(/\r\n\s+/g, " ");
  const bodyEnd = raw.indexOf("\r\n--", headersEnd);
  const body = raw.slice(headersEnd + 4, bodyEnd < 0 ? undefined : bodyEnd);
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString();
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\r\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** '+01:00' ISO of `daysAhead` days from now at `hhmm` Lagos time. */
function lagosAt(daysAhead: number, hhmm: string): Date {
  const day = lagosDate(new Date(Date.now() + daysAhead * 86_400_000));
  return new Date(`${day}T${hhmm}:00+01:00`);
}

describe.each(dbKinds)("messages on %s", (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let smtp: SMTPServer;
  let whatsappServer: http.Server;
  let agent: ReturnType<typeof request.agent>;
  let transports: MessageTransports;
  const mails: Mail[] = [];
  const whatsappCalls: WhatsAppCall[] = [];
  let hydra: { id: number };

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;

    whatsappServer = http.createServer((req, res) => {
      let text = "";
      req.on("data", (c) => {
        text += c;
      });
      req.on("end", () => {
        const body = JSON.parse(text) as Record<string, unknown>;
        whatsappCalls.push({ path: req.url ?? "", auth: req.headers.authorization, body });
        res.setHeader("content-type", "application/json");
        if (body.to === FAILING_NUMBER) {
          res.statusCode = 500;
          res.end(
            JSON.stringify({ error: { message: "Service temporarily unavailable", code: 2 } }),
          );
          return;
        }
        res.end(
          JSON.stringify({
            messaging_product: "whatsapp",
            contacts: [{ input: body.to, wa_id: body.to }],
            messages: [{ id: `wamid.${whatsappCalls.length}` }],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => whatsappServer.listen(0, "127.0.0.1", resolve));
    const waPort = (whatsappServer.address() as AddressInfo).port;

    t = await createTestApp(kind, {
      LOGIN_RATE_LIMIT: "1000",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      WHATSAPP_API_BASE_URL: `http://127.0.0.1:${waPort}/v21.0`,
      WHATSAPP_TOKEN: "test-whatsapp-token",
      WHATSAPP_PHONE_NUMBER_ID: "1098765432",
      CLINIC_WHATSAPP_NUMBER: CLINIC_WHATSAPP,
    });
    transports = messageTransports(
      t.config,
      createSmtpTransport({ url: t.config.SMTP_URL, from: t.config.MAIL_FROM }),
    );
    agent = request.agent(t.app);
    await agent.post("/api/auth/login").send(TEST_ADMIN).expect(200);
    hydra = await insertService(t.db, { name: "HydraFacial", price: 180000, duration: "1h" });
  });

  afterAll(async () => {
    if (t) await messagesWorkerFor(t.db)?.idle();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
    await new Promise<void>((resolve) => whatsappServer?.close(() => resolve()));
    await t?.close();
  });

  beforeEach(async () => {
    await messagesWorkerFor(t.db)?.idle();
    mails.length = 0;
    whatsappCalls.length = 0;
  });

  const settle = async () => {
    await messagesWorkerFor(t.db)?.idle();
    // Between 21:00 and 07:00 Lagos the forms link waits for the morning (quiet hours): a run at
    // night sends what is held as the 07:00 pass would, so the day's expectations hold.
    const morning = afterQuietHours(new Date());
    if (morning) await sendDueMessages({ db: t.db, transports, logger }, morning);
  };

  /** The day itself, or Monday for a Sunday: the clinic is closed on Sundays (issue 28 item 3). */
  const notSunday = (day: Date) =>
    lagosWeekday(day) === 0 ? new Date(day.getTime() + 86_400_000) : day;

  async function requestBooking(email: string, phone: string, daysAhead = 3) {
    const res = await request(t.app)
      .post("/api/bookings")
      .send({
        name: "Ada Obi",
        email,
        phone,
        service: String(hydra.id),
        date: `${lagosDate(notSunday(new Date(Date.now() + daysAhead * 86_400_000)))} at 2:00 PM`,
        message: "First visit",
      })
      .expect(201);
    await settle();
    return res.body as { id: number; date: string };
  }

  it("acknowledges a booking request: one client email, one clinic email, one clinic WhatsApp", async () => {
    const booking = await requestBooking("ada.booking@example.com", "0803 555 0101");

    const toClient = mails.filter((m) => m.to.includes("ada.booking@example.com"));
    const toClinic = mails.filter((m) => m.to.includes(BUSINESS.email));
    expect(toClient).toHaveLength(1);
    expect(toClinic).toHaveLength(1);
    const clientText = mimePart(toClient[0]?.raw ?? "", "text/plain") ?? "";
    expect(clientText).toContain("HydraFacial");
    expect(clientText).toContain("Booking fee: non-refundable, ₦20,000 to secure an appointment.");
    expect(clientText).toContain(
      "Policy: book 24 hours ahead; cancellations need 24 hours notice; free consultation for first-time clients.",
    );
    expect(mimePart(toClient[0]?.raw ?? "", "text/html")).toContain("<html");
    expect(mimePart(toClinic[0]?.raw ?? "", "text/plain")).toContain("/admin/bookings");

    const toFrontDesk = whatsappCalls.filter((c) => c.body.to === "2348030001111");
    expect(toFrontDesk).toHaveLength(1);
    expect(toFrontDesk[0]).toMatchObject({
      path: "/v21.0/1098765432/messages",
      auth: "Bearer test-whatsapp-token",
      body: { messaging_product: "whatsapp", type: "template" },
    });
    expect(JSON.stringify(toFrontDesk[0]?.body)).toContain("/admin/bookings");
    // The client's own WhatsApp, in E.164 digits.
    expect(whatsappCalls.filter((c) => c.body.to === "2348035550101")).toHaveLength(1);

    // The booking card and the client's timeline list them, all sent.
    const listed = await listMessagesFor(t.db, { bookingId: booking.id });
    expect(listed).toHaveLength(4);
    expect(listed.every((m) => m.status === "sent")).toBe(true);
    expect(
      listed.find((m) => m.channel === "whatsapp" && m.toAddress === "+2348030001111"),
    ).toBeDefined();

    // The same request repeated (double click) adds no message.
    await request(t.app)
      .post("/api/bookings")
      .send({
        name: "Ada Obi",
        email: "ada.booking@example.com",
        phone: "0803 555 0101",
        service: String(hydra.id),
        date: `${lagosDate(new Date(Date.now() + 3 * 86_400_000))} at 2:00 PM`,
        message: "First visit",
      })
      .expect(200);
    await settle();
    expect(await listMessagesFor(t.db, { bookingId: booking.id })).toHaveLength(4);
  });

  it("confirms an appointment with an .ics that a real iCalendar parser reads", async () => {
    const booking = await requestBooking("ada.confirm@example.com", "0803 555 0202", 4);
    mails.length = 0;
    whatsappCalls.length = 0;
    const res = await agent
      .patch(`/api/appointments/booking-${booking.id}`)
      .send({ status: "confirmed" })
      .expect(200);
    await settle();

    // Besides the confirmation, the forms link goes out (issue 31): one email each.
    const toClient = mails.filter((m) => m.to.includes("ada.confirm@example.com"));
    expect(toClient).toHaveLength(2);
    const confirmations = toClient.filter((m) => m.raw.includes("text/calendar"));
    expect(confirmations).toHaveLength(1);
    const raw = confirmations[0]?.raw ?? "";
    expect(mimePart(raw, "text/plain")).toContain(BUSINESS.address);
    expect(mimePart(raw, "text/plain")).toContain("https://www.google.com/maps/");
    const ics = mimePart(raw, "text/calendar");
    expect(ics).toBeTruthy();
    const calendar = new ICAL.Component(ICAL.parse(ics as string));
    const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent") ?? undefined);
    // A real instant (UTC), not a floating local time a calendar app would misplace.
    expect(event.startDate.zone?.tzid).toBe("UTC");
    expect(event.startDate.toJSDate().toISOString()).toBe(booking.date);
    expect(event.endDate.toJSDate().toISOString()).toBe(
      new Date(new Date(booking.date).getTime() + 60 * 60_000).toISOString(),
    );
    expect(event.location).toBe(BUSINESS.address);
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    const chats = whatsappCalls.filter((c) => c.body.to === "2348035550202");
    expect(chats.map((c) => JSON.stringify(c.body).includes("forms_request")).sort()).toEqual([
      false,
      true,
    ]);
    expect(res.body.bookingId).toBe(booking.id);

    // The visit took place and is completed: a review follows the visit (issue 28 item 5).
    const past = new Date(Date.now() - 2 * 3_600_000);
    await t.db
      .update(appointments)
      .set({ startsAt: past, endsAt: new Date(past.getTime() + 3_600_000) })
      .where(eq(appointments.id, Number(res.body.id)));
    await agent.patch(`/api/appointments/${res.body.id}`).send({ status: "completed" }).expect(200);

    // Request Review answers with the signed link and sends it by WhatsApp too.
    whatsappCalls.length = 0;
    const review = await agent
      .post("/api/send-review-request")
      .send({ bookingId: booking.id })
      .expect(200);
    expect(review.body.reviewUrl).toMatch(new RegExp(`/review/${booking.id}\\?sig=[\\w-]{32}$`));
    await settle();
    const reviewCalls = whatsappCalls.filter((c) => c.body.to === "2348035550202");
    expect(reviewCalls).toHaveLength(1);
    expect(JSON.stringify(reviewCalls[0]?.body)).toContain(review.body.reviewUrl);
  });

  it("tells the client when staff cancel their booking request from the calendar", async () => {
    const booking = await requestBooking("ada.declined@example.com", "0803 555 0808", 8);
    mails.length = 0;
    whatsappCalls.length = 0;
    await agent
      .patch(`/api/appointments/booking-${booking.id}`)
      .send({ status: "cancelled" })
      .expect(200);
    await settle();
    const toClient = mails.filter((m) => m.to.includes("ada.declined@example.com"));
    expect(toClient).toHaveLength(1);
    expect(mimePart(toClient[0]?.raw ?? "", "text/plain")).toContain(
      "Your appointment request has been cancelled",
    );
    expect(whatsappCalls.filter((c) => c.body.to === "2348035550808")).toHaveLength(1);
  });

  /** A confirmed appointment starting at 14:00 Lagos `daysAhead` days from now. */
  async function confirmedAppointment(email: string, phone: string, daysAhead: number) {
    const start = lagosAt(daysAhead, "14:00");
    const res = await agent
      .post("/api/appointments")
      .send({
        customerName: "Ada Obi",
        customerEmail: email,
        customerPhone: phone,
        serviceId: hydra.id,
        appointmentDate: `${lagosDate(start)} 14:00`,
        status: "confirmed",
      })
      .expect(201);
    await settle();
    const body = res.body as { id: string } | Array<{ id: string }>;
    const id = Number(Array.isArray(body) ? body[0]?.id : body.id);
    return { id, start };
  }

  const remindersTo = (address: string) =>
    t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, address), eq(outbox.template, "appointment-reminder-24h")));

  it("sends the 24-hour reminder once when the clock passes it, with two workers at once", async () => {
    const { start } = await confirmedAppointment("ada.remind@example.com", "0803 555 0303", 5);
    // An hour before it is due: nothing.
    const before = new Date(start.getTime() - 25 * 3_600_000);
    await enqueueDueReminders(t.db, before);
    expect(await remindersTo("ada.remind@example.com")).toHaveLength(0);

    // Just after it is due (14:01 Lagos the day before), two workers run at the same moment.
    const clock = new Date(start.getTime() - 24 * 3_600_000 + 60_000);
    mails.length = 0;
    whatsappCalls.length = 0;
    const links = { origin: "https://glowhaven.ng", secret: t.config.SESSION_SECRET };
    const worker = async () => {
      await enqueueDueReminders(t.db, clock, links);
      return sendDueMessages({ db: t.db, transports, logger }, clock);
    };
    await Promise.all([worker(), worker(), worker()]);
    await worker();

    const reminders = mails.filter((m) => m.to.includes("ada.remind@example.com"));
    expect(reminders).toHaveLength(1);
    // Mail providers' own Unsubscribe button (RFC 8058) posts to the signed API address.
    const headers = (reminders[0]?.raw ?? "").split("\r\n\r\n")[0]?.replace(/\r\n\s+/g, " ");
    expect(headers).toMatch(/^List-Unsubscribe: <https:\/\/glowhaven\.ng\/api\/unsubscribe\?/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(whatsappCalls.filter((c) => c.body.to === "2348035550303")).toHaveLength(1);
    const rows = await remindersTo("ada.remind@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe("sent");
  });

  it("sends no reminder for a cancelled appointment, nor to a channel that opted out", async () => {
    const cancelled = await confirmedAppointment("ada.cancel@example.com", "0803 555 0404", 6);
    await agent
      .patch(`/api/appointments/${cancelled.id}`)
      .send({ status: "cancelled" })
      .expect(200);
    await settle();
    await confirmedAppointment("ada.stop@example.com", "0803 555 0505", 6);
    await t.db.insert(messageOptOuts).values({
      channel: "whatsapp",
      recipient: "+2348035550505",
      scope: "reminders",
      source: "whatsapp-stop",
    });
    mails.length = 0;
    whatsappCalls.length = 0;
    const clock = new Date(cancelled.start.getTime() - 24 * 3_600_000 + 60_000);
    await enqueueDueReminders(t.db, clock);
    await sendDueMessages({ db: t.db, transports, logger }, clock);

    expect(await remindersTo("ada.cancel@example.com")).toHaveLength(0);
    expect(mails.filter((m) => m.to.includes("ada.cancel@example.com"))).toHaveLength(0);
    // The opted-out client still gets the email reminder, but no WhatsApp.
    expect(await remindersTo("ada.stop@example.com")).toHaveLength(1);
    expect(whatsappCalls.filter((c) => c.body.to === "2348035550505")).toHaveLength(0);
    // A reminder queued before the appointment was cancelled does not go out.
    const late = await confirmedAppointment("ada.late@example.com", "0803 555 0606", 6);
    const lateClock = new Date(late.start.getTime() - 24 * 3_600_000 + 60_000);
    await enqueueDueReminders(t.db, lateClock);
    await agent.patch(`/api/appointments/${late.id}`).send({ status: "cancelled" }).expect(200);
    await settle();
    mails.length = 0;
    await sendDueMessages({ db: t.db, transports, logger }, lateClock);
    const [lateReminder] = await remindersTo("ada.late@example.com");
    expect(lateReminder).toMatchObject({
      status: "failed",
      error: "Not sent: the appointment is cancelled.",
    });
    expect(mails.filter((m) => m.to.includes("ada.late@example.com"))).toHaveLength(0);

    // The cancellation itself was sent (transactional), with a cancelling .ics.
    const [cancellation] = await t.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.appointmentId, cancelled.id), eq(outbox.template, "appointment-cancelled")),
      );
    expect(cancellation?.status).toBe("sent");
  });

  it("tells the client once when their order ships and when one is cancelled", async () => {
    const paid = (email: string, reference: string) =>
      t.db
        .insert(orders)
        .values({
          status: "processing",
          paymentReference: reference,
          paymentMethod: "test",
          customerName: "Ada Obi",
          customerEmail: email,
          customerPhone: "0803 555 0707",
          deliveryAddress: "1 Awolowo Road",
          deliveryCity: "Ikoyi",
          deliveryState: "Lagos",
          deliveryPostalCode: "101233",
          subtotalKobo: 1_000_000,
          shippingKobo: 250_000,
          totalKobo: 1_250_000,
        })
        .returning({ id: orders.id });
    const [shipped] = await paid("ada.order@example.com", "txn_messages_1");
    const [cancelled] = await paid("ada.order2@example.com", "txn_messages_2");
    await agent.patch(`/api/orders/${shipped?.id}`).send({ status: "shipped" }).expect(200);
    await agent.patch(`/api/orders/${shipped?.id}`).send({ status: "shipped" }).expect(200);
    await agent.patch(`/api/orders/${cancelled?.id}`).send({ status: "cancelled" }).expect(200);
    await settle();
    const toShipped = mails.filter((m) => m.to.includes("ada.order@example.com"));
    expect(toShipped).toHaveLength(1);
    expect(mimePart(toShipped[0]?.raw ?? "", "text/plain")).toContain(
      `your order #${shipped?.id} has been shipped to Ikoyi, Lagos`,
    );
    const toCancelled = mails.filter((m) => m.to.includes("ada.order2@example.com"));
    expect(toCancelled).toHaveLength(1);
    expect(mimePart(toCancelled[0]?.raw ?? "", "text/plain")).toContain("has been cancelled");
    expect(whatsappCalls.filter((c) => c.body.to === "2348035550707")).toHaveLength(2);
    expect(await listMessagesFor(t.db, { orderId: shipped?.id })).toHaveLength(2);
  });

  it("sends no reminder during quiet hours (21:00-07:00 Lagos)", async () => {
    const start = lagosAt(7, "08:00");
    // The 2-hour reminder of an 08:00 appointment falls due at 06:00: held back then…
    expect(await enqueueDueReminders(t.db, new Date(start.getTime() - 2 * 3_600_000))).toEqual({
      enqueued: 0,
      quiet: true,
    });
    // …and a reminder already queued (e.g. a retry) waits for 07:00 too.
    const queued = await enqueueMessage(t.db, {
      event: "test-quiet:1",
      channel: "email",
      to: "ada.quiet@example.com",
      template: "appointment-reminder-2h",
      subject: "Reminder",
      text: "Reminder",
    });
    const state = async () =>
      (
        await t.db
          .select()
          .from(outbox)
          .where(eq(outbox.id, queued?.id as number))
      )[0]?.status;
    await sendDueMessages({ db: t.db, transports, logger }, lagosAt(1, "06:59"));
    expect(await state()).toBe("pending");
    await sendDueMessages({ db: t.db, transports, logger }, lagosAt(1, "07:00"));
    // No appointment behind this test message: the worker refuses it rather than sending.
    expect(await state()).toBe("failed");
  });

  it("retries a failing provider with backoff, then shows the message as failed", async () => {
    const queued = await enqueueMessage(t.db, {
      event: "test-failure:1",
      channel: "whatsapp",
      to: `+${FAILING_NUMBER}`,
      template: "review-request",
      subject: "Reminder",
      text: "Reminder",
      payload: { whatsapp: { name: "review_request", language: "en", bodyParams: ["Ada"] } },
    });
    expect(queued?.status).toBe("pending");
    const id = queued?.id as number;
    const row = async () => (await t.db.select().from(outbox).where(eq(outbox.id, id)))[0];

    let clock = new Date(Date.now() + 1000);
    const gaps: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      await sendDueMessages({ db: t.db, transports, logger }, clock);
      const after = await row();
      expect(after).toMatchObject({ status: "failed", attempts: attempt });
      expect(after?.error).toContain("WhatsApp Cloud API answered 500");
      if (!after?.nextAttemptAt) break;
      gaps.push((after.nextAttemptAt.getTime() - clock.getTime()) / 60_000);
      // Not retried before its time…
      await sendDueMessages(
        { db: t.db, transports, logger },
        new Date(after.nextAttemptAt.getTime() - 1000),
      );
      expect((await row())?.attempts).toBe(attempt);
      clock = after.nextAttemptAt;
    }
    expect(gaps).toEqual([1, 2, 4, 8, 16]);
    const final = await row();
    expect(final).toMatchObject({ status: "failed", attempts: 6, nextAttemptAt: null });
    expect(whatsappCalls.filter((c) => c.body.to === FAILING_NUMBER)).toHaveLength(6);

    // The admin's Retry gives it one more attempt at once (the provider still fails).
    expect(await retryMessage(t.db, id)).toBe(true);
    await settle();
    expect(await row()).toMatchObject({ status: "failed", attempts: 7, nextAttemptAt: null });
    expect(whatsappCalls.filter((c) => c.body.to === FAILING_NUMBER)).toHaveLength(7);
    expect(await retryMessage(t.db, 999_999)).toBe(false);

    const outboxList = await agent.get("/api/admin/outbox").expect(200);
    expect(outboxList.body.find((m: { id: number }) => m.id === id)).toMatchObject({
      status: "failed",
      attempts: 7,
    });
  });

  it("normalises Nigerian numbers to E.164 and stores an invalid one as failed", async () => {
    for (const form of [
      "08031234567",
      "8031234567",
      "+2348031234567",
      "2348031234567",
      "0803 123 4567",
      "+234 (803) 123-4567",
    ]) {
      expect(normalizeNigerianPhone(form)).toEqual({ ok: true, e164: "+2348031234567" });
    }
    expect(normalizeNigerianPhone("12345").ok).toBe(false);

    const queued = await enqueueMessage(t.db, {
      event: "test-invalid:1",
      channel: "whatsapp",
      to: "12345",
      template: "review-request",
      subject: "Review",
      text: "Review",
    });
    expect(queued?.status).toBe("failed");
    const [row] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, queued?.id as number));
    expect(row).toMatchObject({ status: "failed", nextAttemptAt: null });
    expect(row?.error).toContain('"12345" is not a valid phone number');
    // The same event for the same recipient is not queued twice.
    expect(
      await enqueueMessage(t.db, {
        event: "test-invalid:1",
        channel: "whatsapp",
        to: "12345",
        template: "review-request",
        subject: "Review",
        text: "Review",
      }),
    ).toBeNull();
  });

  it("stores messages of a channel that is not configured", async () => {
    const queued = await enqueueMessage(t.db, {
      event: "test-stored:1",
      channel: "email",
      to: "Stored@Example.com",
      template: "order-shipped",
      subject: "Stored",
      text: "Stored",
    });
    await sendDueMessages({ db: t.db, transports: { email: null, whatsapp: null }, logger });
    const [row] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, queued?.id as number));
    expect(row).toMatchObject({ status: "stored", toAddress: "stored@example.com" });
  });
});
