/**
 * What a signed WhatsApp webhook event changes (issue 17): delivery statuses onto the outbox row
 * whose provider message id matches (`delivery_status`; the worker's `status` says whether the
 * send call succeeded), and STOP / START replies onto the opt-outs.
 */
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { START_WORD, STOP_WORDS } from "#common/consent.ts";
import type { Db } from "#server/db/client.ts";
import { outbox } from "#server/db/schema/content.ts";
import {
  statusErrorText,
  WHATSAPP_DELIVERY_STATUSES,
  type WhatsAppDeliveryStatus,
  type WhatsAppEvent,
  type WhatsAppInbound,
  type WhatsAppStatusUpdate,
} from "#server/integrations/whatsapp-webhook.ts";
import { optOutRecipient } from "#server/modules/messages/service.ts";
import { optIn, optOut } from "./service.ts";

/** What one event did. */
export type WhatsAppEventOutcome = { statuses: number; optedOut: number; optedIn: number };

/**
 * The delivery statuses a reported one may replace, so that a late 'sent' never undoes
 * 'delivered' (Meta does not promise their order). 'failed' also marks the row failed with
 * Meta's reason and no automatic retry (staff can Retry from the outbox).
 */
const REPLACES: Record<WhatsAppDeliveryStatus, readonly string[]> = {
  sent: [],
  delivered: ["sent"],
  read: ["sent", "delivered"],
  failed: ["sent"],
};

async function applyStatus(db: Db, update: WhatsAppStatusUpdate): Promise<boolean> {
  const status = update.status as WhatsAppDeliveryStatus;
  if (!WHATSAPP_DELIVERY_STATUSES.includes(status)) return false;
  const replaceable = or(
    isNull(outbox.deliveryStatus),
    REPLACES[status].length > 0 ? inArray(outbox.deliveryStatus, [...REPLACES[status]]) : undefined,
  );
  const rows = await db
    .update(outbox)
    .set(
      status === "failed"
        ? {
            deliveryStatus: status,
            status: "failed",
            error: statusErrorText(update) ?? "WhatsApp reported a failure",
            nextAttemptAt: null,
          }
        : { deliveryStatus: status },
    )
    .where(
      and(eq(outbox.channel, "whatsapp"), eq(outbox.providerMessageId, update.id), replaceable),
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
        const recipient = optOutRecipient("whatsapp", message.from);
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
