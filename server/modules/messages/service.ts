/**
 * The clinic's messages as one outbox with channels (issue 17), the one way a message goes out
 * (issue 27: staff invitations, receipts and order emails too). A change that causes messages
 * (a booking request, an appointment confirmed, an order shipped, a staff invitation) calls
 * `enqueueMessage` inside ITS OWN transaction, so the message exists exactly when the change
 * does; the messages worker (worker.ts) sends it afterwards with retries and backoff. The
 * idempotency key '{event}|{channel}|{recipient}' is unique: a retried request, a second
 * instance or a second scheduler tick adds nothing.
 */

import { and, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Logger } from "pino";
import {
  MESSAGE_CHANNELS,
  type MessageChannel,
  OPT_OUT_SCOPES,
  type OptOutScope,
} from "#common/outbox.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { messageOptOuts, outbox } from "#server/db/schema/content.ts";
import { normalizeNigerianPhone } from "./phone.ts";

export { MESSAGE_CHANNELS, type MessageChannel, OPT_OUT_SCOPES, type OptOutScope };

/**
 * What a service that writes messages is handed by its route. Only `db` is read: the messages
 * worker owns the transports; `logger` is accepted for the routes that pass the request's.
 */
export type MessageDeps = { db: Db; logger?: Logger };

/** An email attachment kept in the payload until the message is sent (e.g. the .ics invite). */
export type MessageAttachment = {
  filename: string;
  /** MIME type, e.g. 'text/calendar; charset=utf-8; method=REQUEST'. */
  contentType: string;
  /** The file's text (calendar files are text). */
  content: string;
};

/** One WhatsApp Cloud API template call (business-initiated messages must use templates). */
export type WhatsAppTemplateCall = {
  /** The approved template's name in WhatsApp Manager, e.g. 'booking_received'. */
  name: string;
  /** Its language code, e.g. 'en'. */
  language: string;
  /** The body's {{1}}, {{2}}… values, in order. */
  bodyParams: string[];
};

/** What a message carries beyond subject and text (the outbox row's `payload`). */
export type MessagePayload = {
  /** The template's data, kept so the message can be understood and re-rendered. */
  data?: Record<string, unknown>;
  /** Email only. */
  attachments?: MessageAttachment[];
  /** Email only: extra headers, e.g. List-Unsubscribe on reminders (consent/links.ts). */
  headers?: Record<string, string>;
  /** WhatsApp only: the template call the Cloud API receives. */
  whatsapp?: WhatsAppTemplateCall;
};

/** Which person, booking, appointment or order a message belongs to (client timeline, cards). */
export type MessageRefs = {
  /** The person's email (lower-cased on write), also for WhatsApp messages to them. */
  clientEmail?: string | null;
  bookingId?: number | null;
  appointmentId?: number | null;
  orderId?: number | null;
};

/** A rendered message to enqueue (templates.ts builds these). */
export type NewMessage = {
  /**
   * The event and its subject, e.g. 'booking-received:42' or
   * 'appointment-reminder-24h:7:2026-11-24T09:00:00.000Z'; with the channel and recipient it
   * forms the idempotency key.
   */
  event: string;
  channel: MessageChannel;
  /** Email address, or a Nigerian phone number in any common form (normalised to E.164). */
  to: string;
  /** The template's name, e.g. 'booking-received-client'; also the row's `kind`. */
  template: string;
  /** Email subject; for WhatsApp a short title the admin outbox shows. */
  subject: string;
  /** Plain-text body (email text part; for WhatsApp the message as the client reads it). */
  text: string;
  /** Email HTML part. */
  html?: string;
  payload?: MessagePayload;
  refs?: MessageRefs;
  /** Not sent before this instant (UTC), e.g. the end of quiet hours; default now. */
  notBefore?: Date;
};

/** What enqueueMessage did: the row's id, or null when the same message was already queued. */
export type Enqueued = { id: number; status: "pending" | "failed" } | null;

/** The idempotency key of a message: '{event}|{channel}|{recipient}' (recipient normalised). */
export function idempotencyKey(event: string, channel: MessageChannel, recipient: string): string {
  return `${event}|${channel}|${recipient}`;
}

/**
 * Inserts `message` in the caller's transaction `tx` as 'pending' (due now), or does nothing
 * when its idempotency key exists (ON CONFLICT DO NOTHING). A WhatsApp number that is not a
 * valid Nigerian (or international '+…') number is stored at once as 'failed' with the reason,
 * never retried, and never thrown: the change that caused it still commits.
 * Call `kickMessages` (worker.ts) after the transaction commits to send without waiting for the
 * scheduler's 'messages' job, or `sendNow` to wait for the outcome.
 * @returns the new row's id and status, or null when it was already queued.
 * @throws only on a database error (the caller's transaction then rolls back).
 */
export async function enqueueMessage(tx: Db | Tx, message: NewMessage): Promise<Enqueued> {
  let to = message.to.trim();
  let error: string | null = null;
  if (message.channel === "email") to = to.toLowerCase();
  else {
    const phone = normalizeNigerianPhone(to);
    if (phone.ok) to = phone.e164;
    else error = phone.error;
  }
  const refs = message.refs ?? {};
  const [row] = await tx
    .insert(outbox)
    .values({
      kind: message.template,
      channel: message.channel,
      toAddress: to,
      template: message.template,
      payload: (message.payload ?? {}) as Record<string, unknown>,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      idempotencyKey: idempotencyKey(message.event, message.channel, to),
      clientEmail: refs.clientEmail?.trim().toLowerCase() || null,
      bookingId: refs.bookingId ?? null,
      appointmentId: refs.appointmentId ?? null,
      orderId: refs.orderId ?? null,
      status: error ? "failed" : "pending",
      error,
      nextAttemptAt: error ? null : (message.notBefore ?? sql`now()`),
    })
    .onConflictDoNothing({ target: outbox.idempotencyKey })
    .returning({ id: outbox.id });
  if (!row) return null;
  return { id: row.id, status: error ? "failed" : "pending" };
}

/** A message as the client's timeline and the booking card list it (ISO 8601 UTC times). */
export type PersonMessage = {
  id: number;
  channel: string;
  template: string | null;
  kind: string;
  toAddress: string;
  subject: string;
  textBody: string;
  status: string;
  /** What the provider last reported (WhatsApp webhook): 'sent', 'delivered', 'read', 'failed'. */
  deliveryStatus: string | null;
  error: string | null;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
  bookingId: number | null;
  appointmentId: number | null;
  orderId: number | null;
};

/**
 * The messages of a person, booking, appointment or order, newest first (at most `limit`, default
 * 100). Several filters match any of them (OR): e.g. `{ clientEmail, bookingId }` lists what the
 * person received and what was sent about the booking (including the clinic's copy).
 * `clientEmail` also matches messages addressed to that email before issue 17.
 * An empty filter returns [].
 */
export async function listMessagesFor(
  db: Db | Tx,
  filter: MessageRefs & { phone?: string | null },
  limit = 100,
): Promise<PersonMessage[]> {
  const conditions: SQL[] = [];
  const email = filter.clientEmail?.trim().toLowerCase();
  if (email) {
    conditions.push(eq(outbox.clientEmail, email));
    conditions.push(and(eq(outbox.channel, "email"), eq(outbox.toAddress, email)) as SQL);
  }
  if (filter.phone) {
    const phone = normalizeNigerianPhone(filter.phone);
    if (phone.ok)
      conditions.push(and(eq(outbox.channel, "whatsapp"), eq(outbox.toAddress, phone.e164)) as SQL);
  }
  if (filter.bookingId != null) conditions.push(eq(outbox.bookingId, filter.bookingId));
  if (filter.appointmentId != null) conditions.push(eq(outbox.appointmentId, filter.appointmentId));
  if (filter.orderId != null) conditions.push(eq(outbox.orderId, filter.orderId));
  if (conditions.length === 0) return [];
  const rows = await db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      template: outbox.template,
      kind: outbox.kind,
      toAddress: outbox.toAddress,
      subject: outbox.subject,
      textBody: outbox.textBody,
      status: outbox.status,
      deliveryStatus: outbox.deliveryStatus,
      error: outbox.error,
      attempts: outbox.attempts,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
      nextAttemptAt: outbox.nextAttemptAt,
      bookingId: outbox.bookingId,
      appointmentId: outbox.appointmentId,
      orderId: outbox.orderId,
    })
    .from(outbox)
    .where(or(...conditions))
    .orderBy(desc(outbox.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
  }));
}

/**
 * The form a recipient is stored in `message_opt_outs`: E.164 for WhatsApp (null when the
 * number is not valid), lower-cased and trimmed for email.
 */
export function optOutRecipient(channel: MessageChannel, recipient: string): string | null {
  if (channel === "email") return recipient.trim().toLowerCase();
  const phone = normalizeNigerianPhone(recipient);
  return phone.ok ? phone.e164 : null;
}

/**
 * Whether `recipient` asked not to receive `scope` messages on `channel` (a row with that scope
 * or 'all'). Reminders and marketing call it before enqueueing; transactional messages do not
 * (issue 17 "Consent and opt-out"). The recipient is normalised like optOutRecipient.
 */
export async function isOptedOut(
  db: Db | Tx,
  query: { channel: MessageChannel; recipient: string; scope: Exclude<OptOutScope, "all"> },
): Promise<boolean> {
  const recipient = optOutRecipient(query.channel, query.recipient);
  if (!recipient) return false;
  const [row] = await db
    .select({ id: messageOptOuts.id })
    .from(messageOptOuts)
    .where(
      and(
        eq(messageOptOuts.channel, query.channel),
        eq(messageOptOuts.recipient, recipient),
        inArray(messageOptOuts.scope, [query.scope, "all"]),
      ),
    )
    .limit(1);
  return row !== undefined;
}
