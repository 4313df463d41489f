/**
 * SMTP transport (nodemailer over SMTP_URL): sends one message and nothing else. No database and
 * no module imports (ARCHITECTURE.md "Back-office layout": integrations are transports only);
 * storing every email first and sending it is the messages module's job
 * (server/modules/messages/service.ts enqueueMessage, worker.ts).
 */
import nodemailer from "nodemailer";

/** One email as the app writes it. */
export type EmailMessage = {
  /** What the message is about, e.g. 'order-confirmation', 'review-request'. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files attached to the email, e.g. an appointment's .ics (issue 17). */
  attachments?: Array<{ filename: string; contentType: string; content: string }>;
  /** Extra headers, e.g. RFC 8058 List-Unsubscribe / List-Unsubscribe-Post on reminders. */
  headers?: Record<string, string>;
};

/** Something that delivers a message, or rejects with the reason it could not. */
export type EmailTransport = {
  /** @throws Error when the server cannot be reached or refuses the message. */
  send(message: EmailMessage): Promise<void>;
};

/**
 * How long a send may wait on the SMTP server, in milliseconds. Emails are sent while a request
 * waits (an order's confirmation during Paystack's webhook or the payment check, a staff
 * invitation, a receipt): nodemailer's defaults (2 minutes to connect, 10 minutes of socket
 * silence) would hold those requests, and Paystack retries a webhook that does not answer.
 * A send that times out fails; the message stays in the outbox and is retried with backoff.
 */
export const SMTP_TIMEOUTS_MS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
} as const;

/**
 * The SMTP transport for `url`, or null when no SMTP server is configured (emails are then only
 * stored in the outbox).
 * @param options.url SMTP_URL, e.g. 'smtps://user:pass@smtp.example.com:465'; undefined = none.
 * @param options.from the From header, e.g. 'Glow Haven <hello@glowhaven.ng>' (MAIL_FROM).
 */
export function createSmtpTransport(options: {
  url: string | undefined;
  from: string;
}): EmailTransport | null {
  if (!options.url) return null;
  const transport = nodemailer.createTransport({ url: options.url, ...SMTP_TIMEOUTS_MS });
  return {
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments,
        headers: message.headers,
      });
    },
  };
}
