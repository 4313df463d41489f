/** The Outbox screen's reads (common/outbox.ts `OutboxPages`). */
import type { OutboxPages } from "#common/outbox.ts";
import type { Db } from "#server/db/client.ts";
import { listOutboxPage } from "./service.ts";

export function outboxPages(db: Db): OutboxPages {
  return { page: (query) => listOutboxPage(db, query) };
}
