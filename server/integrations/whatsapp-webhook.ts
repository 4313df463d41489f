/**
 * The WhatsApp Business Cloud API's webhook (notes/integrations.md "WhatsApp Business Cloud
 * API"): the signature of an event POST and the shape of its body. Transport facts only, no db
 * (ARCHITECTURE.md "Back-office layout"); what an event changes is modules/consent/webhook.ts.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/** 'sha256=<hex>': the X-Hub-Signature-256 header Meta sends for `rawBody` under the app secret. */
export function whatsappSignature(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
}

/**
 * Whether `header` (X-Hub-Signature-256) signs the RAW bytes `rawBody` with `appSecret`,
 * compared in constant time; false when missing or malformed.
 */
export function isValidWhatsAppSignature(
  rawBody: Buffer,
  header: string | undefined,
  appSecret: string,
): boolean {
  const match = header?.trim().match(/^sha256=([0-9a-f]{64})$/i);
  if (!match?.[1]) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  const given = Buffer.from(match[1], "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The delivery statuses Meta reports for a message the clinic sent. */
export const WHATSAPP_DELIVERY_STATUSES = ["sent", "delivered", "read", "failed"] as const;
export type WhatsAppDeliveryStatus = (typeof WHATSAPP_DELIVERY_STATUSES)[number];

const statusSchema = z.object({
  /** The message id the send call answered with (`messages[0].id`). */
  id: z.string().min(1).max(200),
  status: z.string().max(40),
  recipient_id: z.string().max(40).optional(),
  timestamp: z.string().max(20).optional(),
  errors: z
    .array(
      z.object({
        code: z.number().optional(),
        title: z.string().max(500).optional(),
        message: z.string().max(500).optional(),
        error_data: z.object({ details: z.string().max(500).optional() }).optional(),
      }),
    )
    .optional(),
});

const inboundSchema = z.object({
  /** The sender's number, E.164 digits without '+'. */
  from: z.string().min(1).max(40),
  id: z.string().max(200).optional(),
  type: z.string().max(40).optional(),
  text: z.object({ body: z.string().max(4096) }).optional(),
  /** Quick-reply buttons of template messages carry their text here. */
  button: z.object({ text: z.string().max(256).optional() }).optional(),
});

/** An event POST: `entry[].changes[].value` with `statuses[]` and/or inbound `messages[]`. */
export const whatsappEventSchema = z.object({
  object: z.string().max(100).optional(),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string().max(100).optional(),
              value: z
                .object({
                  statuses: z.array(statusSchema).optional(),
                  messages: z.array(inboundSchema).optional(),
                })
                .optional(),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});
export type WhatsAppEvent = z.infer<typeof whatsappEventSchema>;
export type WhatsAppStatusUpdate = z.infer<typeof statusSchema>;
export type WhatsAppInbound = z.infer<typeof inboundSchema>;

/** The text a status's first error gives, for the outbox's error column. */
export function statusErrorText(status: WhatsAppStatusUpdate): string | null {
  const e = status.errors?.[0];
  if (!e) return null;
  const text = e.error_data?.details ?? e.message ?? e.title ?? "WhatsApp reported a failure";
  return e.code === undefined ? text : `${e.code}: ${text}`;
}
