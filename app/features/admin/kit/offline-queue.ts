/**
 * The till's offline queue (issue 11 "Offline"): when the connection drops, a sale is kept in
 * the browser's IndexedDB with its idempotency key and sent when the connection returns. The key
 * makes the server record it once however often it is sent (a send that reached the server but
 * whose answer was lost is answered with the same sale); a refusal (stock ran out meanwhile, a
 * price changed) is kept as a conflict for the front desk to see and settle, never dropped.
 *
 * On the device the sale (customer, lines, payments) is sealed with the session's offline key
 * (app/lib/offline-vault.ts, issue 35): only the key, the time and the state are in clear. Without
 * a key (none was ever fetched) the sale is kept in clear rather than lost.
 */
import { type IDBPDatabase, openDB } from "idb";
import { ApiError } from "#app/lib/api.ts";
import {
  currentKey,
  type Sealed,
  sealJson,
  unsealJson,
  type VaultKey,
} from "#app/lib/offline-vault.ts";
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

/** What is stored: the sale's contents sealed (or in clear when no key was ever fetched). */
type StoredSale = Pick<QueuedSale, "key" | "queuedAt" | "status" | "error"> & {
  sealed?: Sealed;
  clear?: Pick<QueuedSale, "payload" | "customerName" | "total">;
};

const DB_NAME = "glow-haven-pos";
const STORE = "queued-sales";
/** Other writes queued offline (clock in and out, check-in, completion, notes): ./offline-requests.ts. */
export const REQUEST_STORE = "queued-requests";
/** Dispatched on window whenever the queue changes (the top bar's waiting count listens). */
export const QUEUE_CHANGED_EVENT = "glow-haven-queue-changed";

let opening: Promise<IDBPDatabase> | null = null;
/** The queue's database (sales and other writes). */
export function database(): Promise<IDBPDatabase> {
  opening ??= openDB(DB_NAME, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) db.createObjectStore(STORE, { keyPath: "key" });
      if (oldVersion < 2) db.createObjectStore(REQUEST_STORE, { keyPath: "key" });
    },
    // Erasing the device's offline data (sign-out) deletes this database: let it go.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opening = null;
    },
  }).catch((error) => {
    opening = null;
    throw error;
  });
  return opening;
}

/** Tells the top bar the queue changed. */
export function changed() {
  if (typeof window !== "undefined") window.dispatchEvent(new Event(QUEUE_CHANGED_EVENT));
}

async function toStored(sale: QueuedSale, key: VaultKey | null): Promise<StoredSale> {
  const { payload, customerName, total, ...rest } = sale;
  const contents = { payload, customerName, total };
  return key ? { ...rest, sealed: await sealJson(key, contents) } : { ...rest, clear: contents };
}

async function fromStored(row: StoredSale, key: VaultKey | null): Promise<QueuedSale | null> {
  const contents =
    row.clear ??
    (row.sealed && key ? await unsealJson<StoredSale["clear"]>(key, row.sealed) : null);
  if (!contents) return null;
  const { sealed: _s, clear: _c, ...rest } = row;
  return { ...rest, ...contents };
}

/** How many items wait (or are in conflict), sales and other writes, without opening them. */
export async function queuedCount(): Promise<number> {
  if (typeof indexedDB === "undefined") return 0;
  const db = await database();
  return (await db.count(STORE)) + (await db.count(REQUEST_STORE));
}

/**
 * Seals every kept sale again under `next` (a new session's key), opening them with `previous`:
 * signing in again after a pause keeps the work done offline.
 */
export async function resealQueue(previous: VaultKey | null, next: VaultKey): Promise<void> {
  const db = await database();
  for (const store of [STORE, REQUEST_STORE]) {
    for (const row of (await db.getAll(store)) as Array<{ sealed?: Sealed; clear?: unknown }>) {
      const contents =
        row.clear ?? (row.sealed && previous ? await unsealJson(previous, row.sealed) : null);
      if (!contents) continue;
      const { clear: _c, ...rest } = row;
      await db.put(store, { ...rest, sealed: await sealJson(next, contents) });
    }
  }
}

/** Keeps a sale to send later. */
export async function queueSale(sale: QueuedSale): Promise<void> {
  const stored = await toStored(sale, await currentKey());
  await (await database()).put(STORE, stored);
  changed();
}

/** The queued sales, oldest first. */
export async function queuedSales(): Promise<QueuedSale[]> {
  if (typeof indexedDB === "undefined") return [];
  const key = await currentKey();
  const rows = (await (await database()).getAll(STORE)) as StoredSale[];
  const all = await Promise.all(rows.map((row) => fromStored(row, key)));
  return all
    .filter((sale): sale is QueuedSale => sale !== null)
    .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

export async function removeQueued(key: string): Promise<void> {
  await (await database()).delete(STORE, key);
  changed();
}

/** Puts a conflict back to waiting (the front desk fixed the cause, e.g. restocked). */
export async function retryQueued(key: string): Promise<void> {
  const db = await database();
  const row = (await db.get(STORE, key)) as StoredSale | undefined;
  if (row) await db.put(STORE, { ...row, status: "waiting", error: undefined });
  changed();
}

/** Whether an error means the server was not reached (keep the sale and try again later). */
export function isConnectionError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 || error.status === 408;
  return error instanceof TypeError || (typeof navigator !== "undefined" && !navigator.onLine);
}

let syncing: Promise<SyncOutcome> | null = null;

export type SyncOutcome = {
  recorded: ProcessSaleResult[];
  conflicts: QueuedSale[];
  /** The connection failed mid-sync: the rest keep waiting for the next sync. */
  stopped: boolean;
};

/**
 * Sends every waiting sale once, oldest first; one sync at a time in this tab (and across tabs
 * where the Web Locks API exists). Recorded sales leave the queue; refused ones stay as
 * conflicts; on a connection error the sync stops (`stopped`) and the rest keep waiting.
 */
export function syncQueuedSales(
  send: (payload: SaleInput) => Promise<ProcessSaleResult>,
): Promise<SyncOutcome> {
  const run = async (): Promise<SyncOutcome> => {
    const outcome: SyncOutcome = { recorded: [], conflicts: [], stopped: false };
    for (const sale of await queuedSales()) {
      if (sale.status !== "waiting") continue;
      try {
        outcome.recorded.push(await send(sale.payload));
        await removeQueued(sale.key);
      } catch (error) {
        if (isConnectionError(error)) {
          outcome.stopped = true;
          break;
        }
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
