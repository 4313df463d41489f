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
} from "drizzle-orm/pg-core";
import { OUTBOX_STATUSES } from "#common/outbox.ts";
import { createdAt, oneOf } from "./columns.ts";

/** Newsletter sign-ups; one row per email (lower-cased). */
export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: serial("id").primaryKey(),
  email: text("email").notNull().unique(),
  consentAt: timestamp("consent_at", { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

/**
 * Every email the app sends is written here first, so none is lost when SMTP is down or not
 * configured; the admin can read what was stored (ARCHITECTURE.md "email").
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    /** What the message is about, e.g. 'order-confirmation', 'review-request'. */
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** 'stored' (no SMTP configured), 'sent', or 'failed' (SMTP refused; see `error`). */
    status: text("status").notNull().default("stored"),
    error: text("error"),
    /** Sending attempts made so far (issue 16: failed emails are retried with backoff). */
    attempts: integer("attempts").notNull().default(0),
    /**
     * When a 'failed' message is tried again (server/scheduler/jobs.ts); null when it will not be
     * (sent, stored without SMTP, or failed for good after OUTBOX_MAX_ATTEMPTS).
     */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_created_at_idx").on(t.createdAt),
    index("outbox_retry_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'failed'`),
    check("outbox_status_valid", oneOf(t.status, OUTBOX_STATUSES)),
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
