/**
 * Newsletter subscribers, the email outbox and advisor conversations.
 * Money is integer kobo; instants are timestamptz (ARCHITECTURE.md "Data rules").
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { MESSAGE_CHANNELS, OPT_OUT_SCOPES, OUTBOX_STATUSES } from "#common/outbox.ts";
import { bookings } from "./bookings.ts";
import { appointments } from "./calendar.ts";
import { createdAt, oneOf } from "./columns.ts";
import { orders } from "./orders.ts";

/** Newsletter sign-ups; one row per email (lower-cased). */
export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: serial("id").primaryKey(),
  email: text("email").notNull().unique(),
  consentAt: timestamp("consent_at", { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

/**
 * Every message the app sends (email or WhatsApp) is written here first, in the transaction of
 * the change that caused it, so none is lost when a provider is down or not configured; the
 * messages worker sends it (server/modules/messages/), and the admin can read what was stored
 * (ARCHITECTURE.md "email", issue 17).
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    /** What the message is about, e.g. 'order-confirmation', 'review-request'. */
    kind: text("kind").notNull(),
    /** 'email' or 'whatsapp' (MESSAGE_CHANNELS). */
    channel: text("channel").notNull().default("email"),
    /** An email address, or for WhatsApp an E.164 number ('+2348031234567'). */
    toAddress: text("to_address").notNull(),
    /** The template it was rendered from (server/modules/messages/templates.ts); null before issue 17. */
    template: text("template"),
    /**
     * What the channel needs beyond subject and text: the template's data, the WhatsApp template
     * call, email attachments (server/modules/messages/ MessagePayload).
     */
    payload: jsonb("payload").$type<Record<string, unknown>>(),
    /**
     * '{event}|{channel}|{recipient}': a second enqueue of the same message is ignored (ON
     * CONFLICT DO NOTHING), so a retried request or two instances never send twice. Null for
     * messages written before issue 17.
     */
    idempotencyKey: text("idempotency_key").unique(),
    /** The person it is for (lower-cased email), for the client's timeline. */
    clientEmail: text("client_email"),
    bookingId: integer("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    appointmentId: integer("appointment_id").references(() => appointments.id, {
      onDelete: "set null",
    }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** The provider's id of the sent message (WhatsApp `messages[0].id`), to match webhook statuses. */
    providerMessageId: text("provider_message_id"),
    /** The last delivery status the provider reported (WhatsApp webhook: 'delivered', 'read', 'failed'). */
    deliveryStatus: text("delivery_status"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** OUTBOX_STATUSES: 'pending', 'sending', 'stored' (channel not configured), 'sent', 'failed'. */
    status: text("status").notNull().default("stored"),
    error: text("error"),
    /** Sending attempts made so far (issue 16: failed emails are retried with backoff). */
    attempts: integer("attempts").notNull().default(0),
    /**
     * When a 'pending' or 'failed' message is (tried) again, or when a 'sending' worker's claim
     * lapses; null when it will not be (sent, stored without a channel, or failed for good after
     * OUTBOX_MAX_ATTEMPTS).
     */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_created_at_idx").on(t.createdAt),
    index("outbox_retry_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'failed'`),
    index("outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} IN ('pending', 'sending', 'failed')`),
    index("outbox_client_email_idx").on(t.clientEmail),
    index("outbox_booking_idx").on(t.bookingId),
    index("outbox_appointment_idx").on(t.appointmentId),
    index("outbox_order_idx").on(t.orderId),
    index("outbox_provider_message_idx").on(t.providerMessageId),
    check("outbox_status_valid", oneOf(t.status, OUTBOX_STATUSES)),
    check("outbox_channel_valid", oneOf(t.channel, MESSAGE_CHANNELS)),
  ],
);

/**
 * Who asked not to receive which messages (issue 17 "Consent and opt-out"): a WhatsApp STOP or
 * the email's unsubscribe link. Reminders and marketing skip a recipient with a matching row
 * (server/modules/messages/ isOptedOut); transactional messages about their own order or
 * appointment still go.
 */
export const messageOptOuts = pgTable(
  "message_opt_outs",
  {
    id: serial("id").primaryKey(),
    /** 'email' or 'whatsapp'. */
    channel: text("channel").notNull(),
    /** E.164 number for WhatsApp, lower-cased email for email. */
    recipient: text("recipient").notNull(),
    /** 'reminders', 'marketing' or 'all' (OPT_OUT_SCOPES). */
    scope: text("scope").notNull(),
    /** How it was asked, e.g. 'whatsapp-stop', 'email-unsubscribe', 'admin'. */
    source: text("source").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("message_opt_outs_unique").on(t.channel, t.recipient, t.scope),
    check("message_opt_outs_channel_valid", oneOf(t.channel, MESSAGE_CHANNELS)),
    check("message_opt_outs_scope_valid", oneOf(t.scope, OPT_OUT_SCOPES)),
  ],
);

/**
 * Treatment-advisor conversations (storefront spec §3 "Chat session"). The id is a random UUID
 * the browser keeps and sends with later questions. Chats may hold health details, so sessions
 * idle for 30 days are deleted (server/modules/advisor/service.ts).
 */
export const chatSessions = pgTable(
  "chat_sessions",
  {
    id: text("id").primaryKey(),
    createdAt: createdAt(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chat_sessions_last_message_at_idx").on(t.lastMessageAt)],
);

/** Messages of an advisor conversation (storefront spec §3 "Chat message"). */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    /** 'user' or 'assistant'. */
    role: text("role").notNull(),
    /** The message as plain text. */
    content: text("content").notNull(),
    /** Assistant messages: the parts the chat renders (common/advisor.ts ChatPart[]). */
    parts: jsonb("parts").$type<unknown[]>(),
    /**
     * What the advisor understood, for follow-ups: concept ids, recommended service and product
     * ids, safety signal ids.
     */
    meta: jsonb("meta").$type<{
      concepts?: string[];
      serviceIds?: number[];
      productIds?: number[];
      safety?: string[];
    }>(),
    /** Who answered: 'builtin', 'llm', or 'builtin-fallback' (the model failed). */
    engine: text("engine"),
    createdAt: createdAt(),
  },
  (t) => [
    index("chat_messages_session_idx").on(t.sessionId, t.id),
    check("chat_messages_role", sql`${t.role} IN ('user', 'assistant')`),
  ],
);
