/**
 * Writes other than sales that the front desk may do offline (issue 35): clock in and out,
 * check-in, completion, client notes. Each is sent with an `Idempotency-Key` the server honours
 * (server/modules/offline/replay.ts): when the network is down it is kept, sealed with the
 * session's key, in the queue's database (./offline-queue.ts) and sent when the connection
 * returns, oldest first, each exactly once; a refusal is kept as a conflict with the server's
 * message for the member to settle (retry or discard), never dropped.
 */
import { useEffect, useState } from "react";
import { ApiError, apiRequest } from "#app/lib/api.ts";
import { currentKey, type Sealed, sealJson, unsealJson } from "#app/lib/offline-vault.ts";
import {
  changed,
  database,
  isConnectionError,
  QUEUE_CHANGED_EVENT,
  REQUEST_STORE,
} from "./offline-queue.ts";

/** A write kept for later. */
export type QueuedRequest = {
  key: string;
  method: "POST" | "PUT" | "PATCH";
  url: string;
  body: unknown;
  /** What the member sees in the list, e.g. 'Clock out: Ada Obi'. */
  label: string;
  /** ISO 8601 UTC: when it was done. */
  queuedAt: string;
  status: "waiting" | "conflict";
  error?: string;
};

type StoredRequest = Pick<QueuedRequest, "key" | "queuedAt" | "status" | "error"> & {
  sealed?: Sealed;
  clear?: Pick<QueuedRequest, "method" | "url" | "body" | "label">;
};

function newKey(): string {
  return `offline-${crypto.randomUUID()}`;
}

/**
 * Sends a kept or new write with its `Idempotency-Key`. Through `apiRequest`, so a health or
 * consent check's refusal asks the member for the override reason and sends it once more, as
 * every other back-office write does (issues 30 and 31).
 */
function send(item: Pick<QueuedRequest, "key" | "method" | "url" | "body">): Promise<unknown> {
  return apiRequest(item.method, item.url, item.body, { "Idempotency-Key": item.key });
}

async function keep(item: QueuedRequest): Promise<void> {
  const { method, url, body, label, ...rest } = item;
  const contents = { method, url, body, label };
  const key = await currentKey();
  const stored: StoredRequest = key
    ? { ...rest, sealed: await sealJson(key, contents) }
    : { ...rest, clear: contents };
  await (await database()).put(REQUEST_STORE, stored);
  changed();
}

/**
 * Sends a write now, or keeps it for later when the server cannot be reached.
 * @param write the request; `body` gets `at` (now, ISO) when `dated` (the server dates the work
 *   by it: a clock in or out done offline keeps its time).
 * @returns `{ queued: false, data }` when sent, `{ queued: true, key }` when kept (`key` follows
 *   it: useQueuedState).
 * @throws ApiError when the server refused it (shown to the member as usual).
 */
export async function sendOrQueue(write: {
  method: QueuedRequest["method"];
  url: string;
  body: Record<string, unknown>;
  label: string;
  dated?: boolean;
}): Promise<{ queued: true; key: string } | { queued: false; data: unknown }> {
  const body = write.dated ? { ...write.body, at: new Date().toISOString() } : write.body;
  const item = { key: newKey(), method: write.method, url: write.url, body };
  try {
    return { queued: false, data: await send(item) };
  } catch (error) {
    if (!isConnectionError(error)) throw error;
    await keep({
      ...item,
      label: write.label,
      queuedAt: new Date().toISOString(),
      status: "waiting",
    });
    return { queued: true, key: item.key };
  }
}

/** The kept writes, oldest first (those sealed under another key are not readable: left out). */
export async function queuedRequests(): Promise<QueuedRequest[]> {
  if (typeof indexedDB === "undefined") return [];
  const key = await currentKey();
  const rows = (await (await database()).getAll(REQUEST_STORE)) as StoredRequest[];
  const items: QueuedRequest[] = [];
  for (const row of rows) {
    const contents =
      row.clear ??
      (row.sealed && key ? await unsealJson<StoredRequest["clear"]>(key, row.sealed) : null);
    if (!contents) continue;
    const { sealed: _s, clear: _c, ...rest } = row;
    items.push({ ...rest, ...contents });
  }
  return items.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

/** What became of a kept write: still waiting, refused (with the server's message), or gone (sent or discarded). */
export type QueuedState = { status: "waiting" } | { status: "conflict"; error: string } | null;

/**
 * The state of the kept write `key` (null key: none), followed as the queue changes, so the
 * screen that kept it can say 'waiting to sync', show a refusal, or drop its note once sent.
 */
export function useQueuedState(key: string | null): QueuedState {
  const [state, setState] = useState<QueuedState>(null);
  useEffect(() => {
    if (!key) {
      setState(null);
      return;
    }
    const read = () => {
      queuedRequests()
        .then((items) => {
          const item = items.find((i) => i.key === key);
          setState(
            !item
              ? null
              : item.status === "conflict"
                ? { status: "conflict", error: item.error ?? "The change was refused" }
                : { status: "waiting" },
          );
        })
        .catch(() => setState(null));
    };
    read();
    window.addEventListener(QUEUE_CHANGED_EVENT, read);
    return () => window.removeEventListener(QUEUE_CHANGED_EVENT, read);
  }, [key]);
  return state;
}

/** Removes a kept write (sent, or discarded by the member). */
export async function removeRequest(key: string): Promise<void> {
  await (await database()).delete(REQUEST_STORE, key);
  changed();
}

/** Puts a conflict back to waiting (the member settled its cause). */
export async function retryRequest(key: string): Promise<void> {
  const db = await database();
  const row = (await db.get(REQUEST_STORE, key)) as StoredRequest | undefined;
  if (row) await db.put(REQUEST_STORE, { ...row, status: "waiting", error: undefined });
  changed();
}

/** What a sync of the queued writes did; `stopped`: the connection failed, the rest wait. */
export type RequestSyncOutcome = { sent: number; conflicts: number; stopped: boolean };

let syncing: Promise<RequestSyncOutcome> | null = null;

/**
 * Sends every waiting write once, oldest first, one sync at a time (Web Locks across tabs); stops
 * at the first connection error (the rest keep waiting, in order); a refusal becomes a conflict.
 */
export function syncQueuedRequests(): Promise<RequestSyncOutcome> {
  const run = async () => {
    const outcome: RequestSyncOutcome = { sent: 0, conflicts: 0, stopped: false };
    for (const item of await queuedRequests()) {
      if (item.status !== "waiting") continue;
      try {
        await send(item);
        await removeRequest(item.key);
        outcome.sent++;
      } catch (error) {
        if (isConnectionError(error)) {
          outcome.stopped = true;
          break;
        }
        const message =
          (error instanceof ApiError && error.serverMessage) || "The change was refused";
        await keep({ ...item, status: "conflict", error: message });
        outcome.conflicts++;
      }
    }
    return outcome;
  };
  syncing ??= (async () => {
    try {
      const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
      return locks ? await locks.request("glow-haven-requests-sync", run) : await run();
    } finally {
      syncing = null;
    }
  })();
  return syncing;
}
