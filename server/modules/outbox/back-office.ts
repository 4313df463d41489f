/** The outbox's part of the back office: Clear Admin Data empties the stored emails. */
import type { ClearableTable } from "#server/back-office.ts";
import { outbox } from "#server/db/schema/content.ts";

export const outboxClearable: ClearableTable[] = [{ name: "outbox", table: outbox }];
