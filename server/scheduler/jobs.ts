/**
 * The clinic's scheduled jobs (issue 16 "Nothing runs on a schedule"): settle pending payments,
 * the daily backup, delete idle advisor chats, send and retry the outbox's messages (one job for
 * every message since issue 27), appointment reminders. Each is a thin call into the module that
 * owns the work; times are Africa/Lagos (scheduler.ts).
 */

import path from "node:path";
import type { Logger } from "pino";
import { runDailyBackup } from "#server/backup/backup.ts";
import { backupBucket } from "#server/backup/offsite.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { configuredOrigin } from "#server/http.ts";
import type { EmailTransport } from "#server/integrations/smtp.ts";
import { CHAT_RETENTION_DAYS, purgeIdleSessions } from "#server/modules/advisor/service.ts";
import { releaseExpiredHolds } from "#server/modules/bookings/deposit-payment.ts";
import { catalogueCache } from "#server/modules/catalog/cache.ts";
import { queueFormReminders } from "#server/modules/forms/requests.ts";
import { enqueueDueReminders } from "#server/modules/messages/reminders.ts";
import {
  kickMessages,
  messageTransports,
  type SendPass,
  sendDueMessages,
} from "#server/modules/messages/worker.ts";
import { pruneReplays, REPLAY_KEEP_DAYS } from "#server/modules/offline/replay.ts";
import { describePass, settlePendingOrders } from "#server/modules/orders/expiry.ts";
import { paymentProviderFor } from "#server/modules/orders/payment.ts";
import type { Job } from "./scheduler.ts";

/** Makes the daily backup at `now` and says what it wrote (server/backup/, issue 16). */
export type BackupFn = (now: Date) => Promise<string>;

/**
 * The daily backup of `db` into BACKUP_DIR (runDailyBackup: 7 daily, 4 weekly copies), and into
 * the BACKUP_S3_BUCKET bucket with the same retention when one is set (server/backup/offsite.ts).
 */
export function dailyBackup(config: Config, db: Db): BackupFn {
  const bucket = backupBucket(config);
  return async (now) => {
    const made = await runDailyBackup(config, db, now, bucket);
    const offsite = made.offsite
      ? `; ${bucket?.where}: ${made.offsite.daily.length} daily and ${made.offsite.weekly.length} weekly`
      : "";
    return `${path.basename(made.file)} written; ${made.daily.length} daily and ${made.weekly.length} weekly copies kept${offsite}`;
  };
}

/** What the jobs need from the process. */
export type JobDeps = {
  db: Db;
  config: Config;
  logger: Logger;
  smtp: EmailTransport | null;
  /** The daily backup; without it the backup job is not scheduled. */
  backup?: BackupFn;
};

/**
 * Re-verifies pending orders with the payment provider every 5 minutes and expires those left
 * for ORDER_EXPIRY_MINUTES (server/modules/orders/expiry.ts).
 */
export function pendingPaymentsJob(deps: JobDeps): Job {
  // With Paystack keys the provider asks Paystack; in test-payment mode it reads the dialog's
  // outcomes from the database (test_payments), whichever instance recorded them (issue 34).
  const provider = paymentProviderFor(deps.config, deps.db);
  return {
    name: "pending-payments",
    schedule: "*/5 * * * *",
    description: `Asks Paystack about unpaid orders older than 5 minutes, completes the paid ones and expires those left ${deps.config.ORDER_EXPIRY_MINUTES} minutes.`,
    async run(ctx) {
      const pass = await settlePendingOrders(
        { db: ctx.db, logger: ctx.logger, provider },
        ctx.now(),
        deps.config.ORDER_EXPIRY_MINUTES * 60_000,
      );
      // A completed order took stock outside any request: the cached catalogue must not show it
      // (issue 15 cache; requests invalidate through invalidateOnWrite, jobs here), on any
      // instance (issue 34: changed() takes a new shared cache version).
      if (pass.paid > 0 || pass.expired > 0) await catalogueCache(deps.db).changed();
      return describePass(pass);
    },
  };
}

function describeSend(pass: SendPass): string {
  const parts = [
    pass.sent ? `${pass.sent} sent` : "",
    pass.retrying ? `${pass.retrying} to retry` : "",
    pass.gaveUp ? `${pass.gaveUp} failed for good` : "",
    pass.stored ? `${pass.stored} stored (channel not configured)` : "",
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : "no messages due";
}

/**
 * Sends the due email and WhatsApp messages of the outbox, retrying failed ones with backoff
 * (server/modules/messages/worker.ts; issue 17): the one retry rule for every message (issue 27
 * folded the 'email-retry' job into it). Requests kick the worker at once; this job catches up
 * what a kick missed (another instance, a restart, a retry coming due, a send cut short).
 */
export function messagesJob(deps: JobDeps): Job {
  const transports = messageTransports(deps.config, deps.smtp);
  return {
    name: "messages",
    schedule: "* * * * *",
    description:
      "Sends queued email and WhatsApp messages; retries failures after 1, 2, 4, 8 and 16 minutes, then gives up.",
    async run(ctx) {
      return describeSend(
        await sendDueMessages({ db: ctx.db, transports, logger: ctx.logger }, ctx.now()),
      );
    },
  };
}

/**
 * Enqueues appointment reminders 24 h and 2 h before (not 21:00–07:00 Lagos; the rule is
 * enqueueDueReminders') and kicks the messages worker to send them; what the kick misses (no
 * worker in this process, a failure to retry) is the 'messages' job's, the one retry rule.
 */
export function appointmentRemindersJob(deps: JobDeps): Job {
  return {
    name: "appointment-reminders",
    schedule: "*/5 * * * *",
    description:
      "Reminds clients of their appointments 24 hours and 2 hours before, by email and WhatsApp (not 21:00-07:00).",
    async run(ctx) {
      const pass = await enqueueDueReminders(ctx.db, ctx.now(), {
        origin: configuredOrigin(deps.config),
        secret: deps.config.SESSION_SECRET,
      });
      if (pass.quiet) return "quiet hours (21:00-07:00 Lagos): no reminders sent";
      kickMessages(ctx.db);
      return `${pass.enqueued} reminder${pass.enqueued === 1 ? "" : "s"} queued for the messages worker`;
    },
  };
}

/**
 * The day before a visit (issue 31): the client whose forms are still unsigned gets the link
 * again, once, by email and WhatsApp (held until 07:00 in quiet hours).
 */
export function formRemindersJob(): Job {
  return {
    name: "form-reminders",
    schedule: "*/15 * * * *",
    description:
      "Sends the intake and consent forms link again the day before a visit when it is still unsigned.",
    async run(ctx) {
      const reminded = await queueFormReminders(ctx.db, ctx.now());
      if (reminded > 0) kickMessages(ctx.db);
      return `${reminded} client${reminded === 1 ? "" : "s"} reminded to sign their forms`;
    },
  };
}

/** The daily backup at 02:30 Lagos time (`backup` is server/backup/'s runDailyBackup). */
export function dailyBackupJob(backup: BackupFn): Job {
  return {
    name: "daily-backup",
    schedule: "30 2 * * *",
    description: "Backs up the database; keeps 7 daily and 4 weekly copies.",
    run: (ctx) => backup(ctx.now()),
  };
}

/** Deletes advisor conversations idle for CHAT_RETENTION_DAYS (they may hold health details). */
export function idleChatsJob(): Job {
  return {
    name: "idle-advisor-chats",
    schedule: "15 3 * * *",
    description: `Deletes advisor chats idle for ${CHAT_RETENTION_DAYS} days.`,
    async run(ctx) {
      const deleted = await purgeIdleSessions(ctx.db, ctx.now());
      return `${deleted} idle chat${deleted === 1 ? "" : "s"} deleted`;
    },
  };
}

/**
 * Forgets the stored answers of offline writes (Idempotency-Key, issue 35) older than
 * REPLAY_KEEP_DAYS: a device that was offline longer has lost its session (and its sealed
 * queue) anyway, and the table would otherwise grow with every write sent from the front desk.
 */
export function offlineReplaysJob(): Job {
  return {
    name: "offline-replays",
    schedule: "45 3 * * *",
    description: `Forgets offline writes' stored answers after ${REPLAY_KEEP_DAYS} days.`,
    async run(ctx) {
      const deleted = await pruneReplays(ctx.db, ctx.now());
      return `${deleted} stored answer${deleted === 1 ? "" : "s"} forgotten`;
    },
  };
}

/**
 * Releases online bookings held for a deposit that was not paid in time (issue 32): each is
 * asked about once more with Paystack keys, then its appointment cancelled so the time is free.
 */
export function bookingHoldsJob(deps: JobDeps): Job {
  // As pending-payments: with keys Paystack is asked; in test-payment mode the dialog's outcomes
  // are rows of test_payments (decision 0287), so a test hold approved on any instance is kept.
  const provider = paymentProviderFor(deps.config, deps.db);
  return {
    name: "booking-holds",
    schedule: "* * * * *",
    description:
      "Releases online bookings whose deposit was not paid within the hold time, so the time is free again.",
    async run(ctx) {
      const pass = await releaseExpiredHolds(
        {
          db: ctx.db,
          logger: ctx.logger,
          provider,
          secret: deps.config.SESSION_SECRET,
          origin: configuredOrigin(deps.config),
        },
        ctx.now(),
      );
      if (pass.paid > 0) kickMessages(ctx.db);
      return `${pass.released} hold${pass.released === 1 ? "" : "s"} released, ${pass.paid} paid late`;
    },
  };
}

/** Every job of the process, in the order the Operations page lists them. */
export function operationsJobs(deps: JobDeps): Job[] {
  return [
    pendingPaymentsJob(deps),
    ...(deps.backup ? [dailyBackupJob(deps.backup)] : []),
    idleChatsJob(),
    messagesJob(deps),
    appointmentRemindersJob(deps),
    formRemindersJob(),
    bookingHoldsJob(deps),
    offlineReplaysJob(),
  ];
}
