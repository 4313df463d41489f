/**
 * What a signed WhatsApp webhook event changes (issue 17): delivery statuses onto the outbox row
 * whose provider message id matches, and STOP / START replies onto the opt-outs.
 */
import { and, eq, inArray } from "drizzle-orm";
import { START_WORD, STOP_WORDS } from "#common/consent.ts";
import type { Db } from "#server/db/client.ts";
import { outbox } from "#server/db/schema/content.ts";
import {
  statusErrorText,
  type WhatsAppEvent,
  type WhatsAppInbound,
  type WhatsAppStatusUpdate,
} from "#server/integrations/whatsapp-webhook.ts";
import { optIn, optOut, whatsappRecipient } from "./service.ts";

/** What one event did. */
export type WhatsAppEventOutcome = { statuses: number; optedOut: number; optedIn: number };

/**
 * The outbox statuses a delivery status may move a row from, so that a late 'sent' never undoes
 * 'delivered' (Meta does not promise order) and 'failed' is final for that attempt.
 */
const MOVES_FROM: Record<"sent" | "delivered" | "read" | "failed", readonly string[]> = {
  sent: ["pending", "sending", "stored", "failed"],
  delivered: ["pending", "sending", "stored", "sent", "failed"],
  read: ["pending", "sending", "stored", "sent", "delivered", "failed"],
  failed: ["pending", "sending", "stored", "sent"],
};

async function applyStatus(db: Db, update: WhatsAppStatusUpdate): Promise<boolean> {
  const status = update.status as keyof typeof MOVES_FROM;
  if (!(status in MOVES_FROM)) return false;
  const at = update.timestamp ? new Date(Number(update.timestamp) * 1000) : new Date();
  const rows = await db
    .update(outbox)
    .set(
      status === "failed"
        ? { status: "failed", error: statusErrorText(update) ?? "WhatsApp reported a failure" }
        : { status, error: null, sentAt: Number.isNaN(at.getTime()) ? new Date() : at },
    )
    .where(
      and(
        eq(outbox.channel, "whatsapp"),
        eq(outbox.providerMessageId, update.id),
        inArray(outbox.status, [...MOVES_FROM[status]]),
      ),
    )
    .returning({ id: outbox.id });
  return rows.length > 0;
}

/** The reply's words: its text, or a quick-reply button's. Trimmed, upper case. */
function replyWord(message: WhatsAppInbound): string {
  return (message.text?.body ?? message.button?.text ?? "").trim().toUpperCase();
}

/** Applies `event`; every change is idempotent, so a repeated delivery of it changes nothing. */
export async function applyWhatsAppEvent(
  db: Db,
  event: WhatsAppEvent,
): Promise<WhatsAppEventOutcome> {
  const outcome: WhatsAppEventOutcome = { statuses: 0, optedOut: 0, optedIn: 0 };
  for (const entry of event.entry) {
    for (const change of entry.changes) {
      for (const update of change.value?.statuses ?? []) {
        if (await applyStatus(db, update)) outcome.statuses++;
      }
      for (const message of change.value?.messages ?? []) {
        const word = replyWord(message);
        const recipient = whatsappRecipient(message.from);
        if (!recipient) continue;
        if ((STOP_WORDS as readonly string[]).includes(word)) {
          outcome.optedOut += await optOut(db, {
            channel: "whatsapp",
            recipient,
            source: "whatsapp-stop",
          });
        } else if (word === START_WORD) {
          outcome.optedIn += await optIn(db, "whatsapp", recipient);
        }
      }
    }
  }
  return outcome;
}
