/**
 * WhatsApp Business Cloud API transport: sends one template message and nothing else (no
 * database; storing messages first is server/modules/messages/'s job). Business-initiated
 * messages (confirmations, reminders, review requests) must be approved template messages
 * (shared/notes/integrations.md "WhatsApp Business Cloud API").
 */

/** One template message as the Cloud API receives it. */
export type WhatsAppTemplateMessage = {
  /** E.164 number, e.g. '+2348031234567' (sent as digits without '+'). */
  to: string;
  /** The approved template's name, e.g. 'booking_received'. */
  template: string;
  /** Template language code, e.g. 'en'. */
  language: string;
  /** The body's {{1}}, {{2}}… values, in order. */
  bodyParams: string[];
};

/** Something that delivers a WhatsApp message, or rejects with the reason it could not. */
export type WhatsAppTransport = {
  /**
   * @returns the Cloud API's message id (`messages[0].id`), to match webhook statuses later.
   * @throws Error with the API's status and error message when it refuses, or cannot be reached.
   */
  send(message: WhatsAppTemplateMessage): Promise<{ messageId: string | null }>;
};

/** Milliseconds one Cloud API call may take before it counts as failed (then retried). */
export const WHATSAPP_TIMEOUT_MS = 15_000;

/**
 * The Cloud API transport, or null when WhatsApp is not configured (token or phone-number id
 * missing: messages are then only stored in the outbox).
 * @param options.baseUrl WHATSAPP_API_BASE_URL with the API version, e.g.
 *   'https://graph.facebook.com/v21.0'; tests pass a local fake server's address.
 */
export function createWhatsAppTransport(options: {
  baseUrl: string;
  token: string | undefined;
  phoneNumberId: string | undefined;
}): WhatsAppTransport | null {
  const { token, phoneNumberId } = options;
  if (!token || !phoneNumberId) return null;
  const url = `${options.baseUrl.replace(/\/+$/, "")}/${phoneNumberId}/messages`;
  return {
    async send(message) {
      const body = {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: message.to.replace(/^\+/, ""),
        type: "template",
        template: {
          name: message.template,
          language: { code: message.language },
          components:
            message.bodyParams.length > 0
              ? [
                  {
                    type: "body",
                    parameters: message.bodyParams.map((text) => ({ type: "text", text })),
                  },
                ]
              : [],
        },
      };
      const res = await fetch(url, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(WHATSAPP_TIMEOUT_MS),
      });
      const answer = (await res.json().catch(() => null)) as {
        messages?: Array<{ id?: string }>;
        error?: { message?: string; code?: number };
      } | null;
      if (!res.ok) {
        const reason = answer?.error?.message ?? res.statusText;
        const code = answer?.error?.code ? ` (code ${answer.error.code})` : "";
        throw new Error(`WhatsApp Cloud API answered ${res.status}: ${reason}${code}`);
      }
      return { messageId: answer?.messages?.[0]?.id ?? null };
    },
  };
}
