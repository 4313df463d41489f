/**
 * The till's offline queue (issue 11 "Offline"): when the connection drops, a sale is kept in
 * the browser's IndexedDB with its idempotency key and sent when the connection returns. The key
 * makes the server record it once however often it is sent (a send that reached the server but
 * whose answer was lost is answered with the same sale); a refusal (stock ran out meanwhile, a
 * price changed) is kept as a conflict for the front desk to see and settle, never dropped.
 */
import { type IDBPDatabase, openDB } from "idb";
import { ApiError } from "#app/lib/api.ts";
import type { ProcessSaleResult, SaleInput } from "#common/sales.ts";

export type QueuedSale = {
  key: string;
  payload: SaleInput;
  /** ISO 8601 UTC: when the sale was rung up. */
  queuedAt: string;
  customerName: string;
  /** Naira, as the till computed it. */
  total: number;
  status: "waiting" | "conflict";
  /** The server's refusal, for a conflict. */
  error?: string;
};

const DB_NAME = "glow-haven-pos";
const STORE = "queued-sales";

let opening: Promise<IDBPDatabase> | null = null;
function database(): Promise<IDBPDatabase> {
  opening ??= openDB(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore(STORE, { keyPath: "key" });
    },
  });
  return opening;
}

/** Keeps a sale to send later. */
export async function queueSale(sale: QueuedSale): Promise<void> {
  await (await database()).put(STORE, sale);
}

/** The queued sales, oldest first. */
export async function queuedSales(): Promise<QueuedSale[]> {
  if (typeof indexedDB === "undefined") return [];
  const all = (await (await database()).getAll(STORE)) as QueuedSale[];
  return all.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

export async function removeQueued(key: string): Promise<void> {
  await (await database()).delete(STORE, key);
}

/** Puts a conflict back to waiting (the front desk fixed the cause, e.g. restocked). */
export async function retryQueued(key: string): Promise<void> {
  const db = await database();
  const sale = (await db.get(STORE, key)) as QueuedSale | undefined;
  if (sale) await db.put(STORE, { ...sale, status: "waiting", error: undefined });
}

/** Whether an error means the server was not reached (keep the sale and try again later). */
export function isConnectionError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 || error.status === 408;
  return error instanceof TypeError || (typeof navigator !== "undefined" && !navigator.onLine);
}

let syncing: Promise<SyncOutcome> | null = null;

export type SyncOutcome = { recorded: ProcessSaleResult[]; conflicts: QueuedSale[] };

/**
 * Sends every waiting sale once, oldest first; one sync at a time in this tab (and across tabs
 * where the Web Locks API exists). Recorded sales leave the queue; refused ones stay as
 * conflicts; on a connection error the sync stops and the rest keep waiting.
 */
export function syncQueuedSales(
  send: (payload: SaleInput) => Promise<ProcessSaleResult>,
): Promise<SyncOutcome> {
  const run = async (): Promise<SyncOutcome> => {
    const outcome: SyncOutcome = { recorded: [], conflicts: [] };
    for (const sale of await queuedSales()) {
      if (sale.status !== "waiting") continue;
      try {
        outcome.recorded.push(await send(sale.payload));
        await removeQueued(sale.key);
      } catch (error) {
        if (isConnectionError(error)) break;
        const message =
          (error instanceof ApiError && error.serverMessage) || "The sale was refused";
        const conflict: QueuedSale = { ...sale, status: "conflict", error: message };
        await queueSale(conflict);
        outcome.conflicts.push(conflict);
      }
    }
    return outcome;
  };
  syncing ??= (async () => {
    try {
      const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
      return locks ? await locks.request("glow-haven-pos-sync", run) : await run();
    } finally {
      syncing = null;
    }
  })();
  return syncing;
}
