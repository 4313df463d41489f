/**
 * Email: every message is written to the `outbox` table first, then sent over SMTP when
 * SMTP_URL is configured (nodemailer). Without SMTP, or when sending fails, the message stays in
 * the outbox for staff to read, so booking, order and review emails are never lost
 * (ARCHITECTURE.md "email").
 */
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Db } from "#server/db/client.ts";
import { outbox } from "#server/db/schema/content.ts";

export type MailMessage = {
  /** What the message is about, e.g. 'order-confirmation'. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
};

export type MailResult = { outboxId: number; status: "stored" | "sent" | "failed" };

export type Mailer = {
  /** Stores the message, then sends it if SMTP is configured. Never throws for SMTP failures. */
  send(message: MailMessage): Promise<MailResult>;
};

/**
 * @param options.smtpUrl e.g. 'smtps://user:pass@smtp.example.com:465'; undefined = outbox only.
 * @param options.from the From header, e.g. 'Glow Haven <hello@glowhaven.ng>'.
 */
export function createMailer(options: {
  db: Db;
  logger: Logger;
  smtpUrl?: string;
  from: string;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(message) {
      const [row] = await options.db
        .insert(outbox)
        .values({
          kind: message.kind,
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html ?? null,
        })
        .returning({ id: outbox.id });
      if (!row) throw new Error("outbox insert returned no row");
      if (!transport) return { outboxId: row.id, status: "stored" };
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        await options.db
          .update(outbox)
          .set({ status: "sent", sentAt: new Date() })
          .where(eq(outbox.id, row.id));
        return { outboxId: row.id, status: "sent" };
      } catch (err) {
        options.logger.error({ err, outboxId: row.id }, "email not sent; kept in the outbox");
        await options.db
          .update(outbox)
          .set({ status: "failed", error: String((err as Error).message).slice(0, 500) })
          .where(eq(outbox.id, row.id));
        return { outboxId: row.id, status: "failed" };
      }
    },
  };
}
