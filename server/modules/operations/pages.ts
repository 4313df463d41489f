/** The admin Operations screen's reads (common/operations.ts `OperationsPages`). */
import type { OperationsPages } from "#common/operations.ts";
import type { Db } from "#server/db/client.ts";
import { type DefinedJob, listJobs } from "./service.ts";

export function operationsPages(db: Db, defined: readonly DefinedJob[]): OperationsPages {
  return { jobs: () => listJobs(db, defined) };
}
