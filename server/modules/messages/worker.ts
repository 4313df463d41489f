/**
 * The messages worker (issue 17; the one sender since issue 27): sends the outbox's due messages
 * through their channel (email over SMTP, WhatsApp over the Cloud API) with retries and backoff.
 * Every message reaches it the same way: `enqueueMessage` (service.ts) stores it 'pending' in the
 * transaction of the change that caused it, the request kicks the worker after commit, and the
 * scheduler's 'messages' job catches up what a kick missed. Rows written before issue 27 without
 * a template (staff invitations, receipts, order emails) are sent and retried by the same rules.
 *
 * Claiming: one UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) moves due rows to
 * 'sending' and sets `next_attempt_at` to a lease CLAIM_LEASE_MS ahead, so two workers (two
 * instances, a scheduler tick and a request's kick) never claim one message; a worker that dies
 * mid-send leaves the row to be claimed again when the lease lapses (at-least-once only then).
 * Outcomes: 'sent' (with the provider's message id), or 'failed' with the reason and the next
 * attempt after 1, 2, 4, 8, 16 minutes (nextAttemptAt), and for good after OUTBOX_MAX_ATTEMPTS.
 * A channel without configuration stores its messages ('stored'). A reminder whose appointment
 * stopped being booked before it went out is not sent ('failed', with the reason, never retried).
 */

import { and, asc, eq, inArray, isNull, like, lte, not, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { outbox } from "#server/db/schema/content.ts";
import type { EmailTransport } from "#server/integrations/smtp.ts";
import { createWhatsAppTransport, type WhatsAppTransport } from "#server/integrations/whatsapp.ts";
import { inQuietHours } from "./reminders.ts";
import { MESSAGE_CHANNELS, type MessageChannel, type MessagePayload } from "./service.ts";

/** The channels' transports; null = not configured (messages are only stored). */
export type MessageTransports = {
  email: EmailTransport | null;
  whatsapp: WhatsAppTransport | null;
};

/** What the worker needs. */
export type MessagesDeps = { db: Db; transports: MessageTransports; logger?: Logger };

/**
 * Sending attempts before a message stays 'failed' for good (the first send and the retries);
 * attempt n (1-based) that fails is tried again OUTBOX_RETRY_BASE_MS × 2^(n−1) later: 1, 2, 4,
 * 8, 16 minutes (issue 16 "retry failed emails with backoff").
 */
export const OUTBOX_MAX_ATTEMPTS = 6;
export const OUTBOX_RETRY_BASE_MS = 60_000;

/** When a message whose `attempts`-th attempt just failed is tried again; null = never. */
export function nextAttemptAt(attempts: number, now: Date): Date | null {
  if (attempts >= OUTBOX_MAX_ATTEMPTS) return null;
  return new Date(now.getTime() + OUTBOX_RETRY_BASE_MS * 2 ** (attempts - 1));
}

/**
 * How long a claim holds a message (ms) before another worker may take it again: far above the
 * longest send (server/integrations/smtp.ts SMTP_TIMEOUTS_MS, whatsapp.ts WHATSAPP_TIMEOUT_MS),
 * so a send still running is never started twice; a send cut short by a crash is sent again
 * once the lease lapses (at least once, never lost).
 */
export const CLAIM_LEASE_MS = 5 * 60_000;
/** Messages claimed per batch. */
const BATCH = 20;

/** The transports `config` describes: SMTP (`smtp`, built by the caller) and WhatsApp. */
export function messageTransports(
  config: Pick<Config, "WHATSAPP_API_BASE_URL" | "WHATSAPP_TOKEN" | "WHATSAPP_PHONE_NUMBER_ID">,
  smtp: EmailTransport | null,
): MessageTransports {
  return {
    email: smtp,
    whatsapp: createWhatsAppTransport({
      baseUrl: config.WHATSAPP_API_BASE_URL,
      token: config.WHATSAPP_TOKEN,
      phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
    }),
  };
}

/** What one pass did. */
export type SendPass = { sent: number; retrying: number; gaveUp: number; stored: number };

function configured(transports: MessageTransports): MessageChannel[] {
  const channels: MessageChannel[] = [];
  if (transports.email) channels.push("email");
  if (transports.whatsapp) channels.push("whatsapp");
  return channels;
}

/**
 * Claims up to `limit` due messages of the configured `channels` for this worker (atomic; see
 * the file comment), or only message `id` when given. Due = 'pending' or 'failed' with
 * next_attempt_at <= now, or 'sending' whose lease lapsed. Each claim counts one attempt. During
 * Lagos quiet hours (21:00-07:00) reminders are left for 07:00, so a retried reminder does not
 * wake the client either.
 */
export async function claimDueMessages(
  db: Db,
  channels: MessageChannel[],
  now: Date,
  { limit = BATCH, id }: { limit?: number; id?: number } = {},
) {
  if (channels.length === 0) return [];
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        id === undefined ? undefined : eq(outbox.id, id),
        inArray(outbox.status, ["pending", "failed", "sending"]),
        lte(outbox.nextAttemptAt, now),
        inArray(outbox.channel, channels),
        // Rows without a template (written before issue 27) are never reminders.
        inQuietHours(now)
          ? or(isNull(outbox.template), not(like(outbox.template, "appointment-reminder%")))
          : undefined,
      ),
    )
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(outbox)
    .set({
      status: "sending",
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS),
    })
    .where(inArray(outbox.id, due))
    .returning();
}

/**
 * Why a claimed message must not go out any more, or null: a reminder whose appointment was
 * cancelled (or deleted, or otherwise no longer booked) after it was queued.
 */
async function obsolete(db: Db, row: typeof outbox.$inferSelect): Promise<string | null> {
  if (!row.template?.startsWith("appointment-reminder")) return null;
  if (row.appointmentId === null) return "Not sent: the appointment no longer exists.";
  const [appointment] = await db
    .select({ status: appointments.status })
    .from(appointments)
    .where(eq(appointments.id, row.appointmentId));
  if (!appointment) return "Not sent: the appointment no longer exists.";
  if (appointment.status !== "scheduled" && appointment.status !== "confirmed") {
    return `Not sent: the appointment is ${appointment.status}.`;
  }
  return null;
}

async function deliver(
  transports: MessageTransports,
  row: typeof outbox.$inferSelect,
): Promise<string | null> {
  const payload = (row.payload ?? {}) as MessagePayload;
  if (row.channel === "whatsapp") {
    if (!transports.whatsapp) throw new Error("WhatsApp is not configured");
    if (!payload.whatsapp) throw new Error("This message has no WhatsApp template call");
    const { messageId } = await transports.whatsapp.send({
      to: row.toAddress,
      template: payload.whatsapp.name,
      language: payload.whatsapp.language,
      bodyParams: payload.whatsapp.bodyParams,
    });
    return messageId;
  }
  if (!transports.email) throw new Error("SMTP is not configured");
  await transports.email.send({
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody ?? undefined,
    attachments: payload.attachments,
    headers: payload.headers,
  });
  return null;
}

/** The channels of `transports` without configuration. */
function unconfigured(transports: MessageTransports): MessageChannel[] {
  const channels = configured(transports);
  return MESSAGE_CHANNELS.filter((c) => !channels.includes(c));
}

/**
 * Marks 'stored' the pending messages (or only message `id`) of the channels without
 * configuration: kept for staff to read.
 */
async function storeUnconfigured(deps: MessagesDeps, id?: number): Promise<number> {
  const channels = unconfigured(deps.transports);
  if (channels.length === 0) return 0;
  const stored = await deps.db
    .update(outbox)
    .set({ status: "stored", nextAttemptAt: null })
    .where(
      and(
        id === undefined ? undefined : eq(outbox.id, id),
        eq(outbox.status, "pending"),
        inArray(outbox.channel, channels),
      ),
    )
    .returning({ id: outbox.id });
  return stored.length;
}

/**
 * Sends one claimed message at `now` and records the outcome on its row, counting it in `pass`:
 * 'sent', 'failed' with the next attempt (or for good), or 'failed' never to be sent (obsolete).
 */
async function sendClaimed(
  deps: MessagesDeps,
  row: typeof outbox.$inferSelect,
  now: Date,
  pass: SendPass,
): Promise<void> {
  const skip = await obsolete(deps.db, row);
  if (skip) {
    await deps.db
      .update(outbox)
      .set({ status: "failed", error: skip, nextAttemptAt: null })
      .where(eq(outbox.id, row.id));
    pass.gaveUp++;
    return;
  }
  try {
    const providerMessageId = await deliver(deps.transports, row);
    await deps.db
      .update(outbox)
      .set({
        status: "sent",
        sentAt: new Date(),
        error: null,
        nextAttemptAt: null,
        providerMessageId,
      })
      .where(eq(outbox.id, row.id));
    pass.sent++;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    const next = nextAttemptAt(row.attempts, now);
    if (next) pass.retrying++;
    else pass.gaveUp++;
    deps.logger?.warn(
      { err: reason, outboxId: row.id, channel: row.channel, attempts: row.attempts },
      next ? "message not sent; will retry" : "message not sent; gave up",
    );
    await deps.db
      .update(outbox)
      .set({ status: "failed", error: reason.slice(0, 500), nextAttemptAt: next })
      .where(eq(outbox.id, row.id));
  }
}

/**
 * One pass of the worker at `now` (UTC): stores the pending messages of channels without
 * configuration, then claims and sends due messages in batches until none is left (at most
 * 10 batches a pass). Never throws for a provider's failure (the row records it).
 * @throws only on a database error.
 */
export async function sendDueMessages(deps: MessagesDeps, now = new Date()): Promise<SendPass> {
  const pass: SendPass = { sent: 0, retrying: 0, gaveUp: 0, stored: 0 };
  const channels = configured(deps.transports);
  pass.stored = await storeUnconfigured(deps);
  for (let batch = 0; batch < 10; batch++) {
    const claimed = await claimDueMessages(deps.db, channels, now);
    if (claimed.length === 0) break;
    for (const row of claimed) await sendClaimed(deps, row, now, pass);
  }
  return pass;
}

/**
 * Sends message `id` alone at `now`, if it is due (the same claim, lease and outcome rules as a
 * pass): stored when its channel is not configured. For a request that waits for one message.
 * @throws only on a database error.
 */
export async function sendOneMessage(deps: MessagesDeps, id: number, now = new Date()) {
  const pass: SendPass = { sent: 0, retrying: 0, gaveUp: 0, stored: 0 };
  pass.stored = await storeUnconfigured(deps, id);
  const claimed = await claimDueMessages(deps.db, configured(deps.transports), now, { id });
  for (const row of claimed) await sendClaimed(deps, row, now, pass);
  return pass;
}

/**
 * The admin's Retry of one 'failed' (or 'stored') message (issue 17 "failures visible in the
 * admin outbox with a Retry button"): it goes back to 'pending', due at once, and gets one more
 * attempt (its `attempts` stay, so a retry after OUTBOX_MAX_ATTEMPTS that fails again is failed
 * for good again); the worker is kicked. The provider's last delivery report is cleared in the
 * same update: it was about the failed send.
 * @returns false when there is no such message or it is not failed or stored (nothing changed).
 */
export async function retryMessage(db: Db, id: number, now = new Date()): Promise<boolean> {
  const [row] = await db
    .update(outbox)
    .set({ status: "pending", nextAttemptAt: now, deliveryStatus: null })
    .where(and(eq(outbox.id, id), inArray(outbox.status, ["failed", "stored"])))
    .returning({ id: outbox.id });
  if (!row) return false;
  kickMessages(db);
  return true;
}

/** Settings templates need from the process's configuration. */
export type MessagingSettings = {
  /** PUBLIC_URL: the origin of links in messages; undefined = the request's origin. */
  publicUrl?: string;
  /** CLINIC_WHATSAPP_NUMBER: the front desk's number for new booking requests. */
  clinicWhatsApp?: string;
};

/** A process's messages worker for one database. */
export type MessagesWorker = {
  readonly settings: MessagingSettings;
  /**
   * Starts a pass in the background now (after a transaction that enqueued messages commits),
   * so a request does not wait on SMTP or WhatsApp; a kick during a pass runs one more pass.
   * Errors are logged.
   */
  kick(): void;
  /** Resolves when no kicked pass is running (tests, shutdown). */
  idle(): Promise<void>;
  /** Sends message `id` now if it is due (sendOneMessage); errors are logged. */
  send(id: number): Promise<void>;
};

const workers = new WeakMap<Db, MessagesWorker>();

/**
 * Creates the messages worker of `deps.db` and registers it, so services that enqueue messages
 * can kick it (kickMessages) and read its settings (messagingSettings). One per database handle;
 * a second call replaces the first.
 */
export function installMessagesWorker(
  deps: MessagesDeps & { settings?: MessagingSettings; now?: () => Date },
): MessagesWorker {
  let running: Promise<void> | null = null;
  let again = false;
  const now = deps.now ?? (() => new Date());
  const worker: MessagesWorker = {
    settings: deps.settings ?? {},
    kick() {
      if (running) {
        again = true;
        return;
      }
      running = (async () => {
        do {
          again = false;
          try {
            await sendDueMessages(deps, now());
          } catch (err) {
            deps.logger?.error({ err }, "messages worker pass failed");
          }
        } while (again);
      })().finally(() => {
        running = null;
      });
    },
    idle: () => running ?? Promise.resolve(),
    async send(id) {
      try {
        await sendOneMessage(deps, id, now());
      } catch (err) {
        deps.logger?.error({ err, outboxId: id }, "message not sent now; left to the worker");
      }
    },
  };
  workers.set(deps.db, worker);
  return worker;
}

/** The messages worker registered for `db`, if any. */
export function messagesWorkerFor(db: Db): MessagesWorker | undefined {
  return workers.get(db);
}

/** Kicks `db`'s messages worker, if one is installed (else the scheduler's job sends them). */
export function kickMessages(db: Db): void {
  workers.get(db)?.kick();
}

/** The messaging settings of `db`'s worker ({} when none is installed). */
export function messagingSettings(db: Db): MessagingSettings {
  return workers.get(db)?.settings ?? {};
}

/** What became of a message a request waited for (sendNow). */
export type SentNow = "pending" | "stored" | "sent" | "failed";

/**
 * Sends message `id` through `db`'s messages worker now, waiting for that one send only (bounded
 * by the transports' time limits), and reads what became of it: for a request that answers the
 * outcome of one email (the emailed receipt's 'stored', 'sent' or 'failed'), as the request that
 * wrote it used to. 'pending' when no worker is installed or another worker holds the message:
 * the 'messages' job sends it. Call it after the transaction that enqueued the message commits.
 * @throws only on a database error.
 */
export async function sendNow(db: Db, id: number): Promise<SentNow> {
  await workers.get(db)?.send(id);
  const [row] = await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id));
  const status = row?.status;
  return status === "stored" || status === "sent" || status === "failed" ? status : "pending";
}
