/**
 * Readies this device for offline work once the back office has opened (issue 35;
 * docs/decisions/0275-offline-data-sealed-by-the-session.md), and tracks what the top bar shows.
 *
 * Online, on every opening of the shell: fetch the session's offline key (GET
 * /api/auth/offline-key); a new session's key replaces the previous one after the queue is
 * re-sealed under it (the previous session's page copies are dropped, they are unreadable now);
 * an ended session (X-Session-Ended) erases everything. Then, in production builds, register the
 * service worker (scope /admin) and ask it to fetch the offline pages ahead; when that is done,
 * `<html data-offline-ready>` is set (the e2e waits for it).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useToast } from "#app/components/ui/toast.tsx";
import {
  QUEUE_CHANGED_EVENT,
  queuedCount,
  resealQueue,
} from "#app/features/admin/kit/offline-queue.ts";
import { syncQueuedRequests } from "#app/features/admin/kit/offline-requests.ts";
import {
  currentKey,
  type OfflineKeyAnswer,
  RECEIPT_PREFIX,
  storeKey,
  vaultPut,
  wipeOfflineData,
} from "#app/lib/offline-vault.ts";
import {
  ADMIN_SW_SCOPE,
  ADMIN_SW_URL,
  OFFLINE_PAGE_CACHE,
  offlinePages,
  SESSION_ENDED_HEADER,
} from "#common/offline.ts";

/** Fetches the session's key and keeps it; true when the device holds a key afterwards. */
async function refreshKey(): Promise<boolean> {
  const res = await fetch("/api/auth/offline-key", { credentials: "include" });
  if (res.headers.get(SESSION_ENDED_HEADER)) {
    await wipeOfflineData();
    return false;
  }
  if (!res.ok) return false;
  const answer = (await res.json()) as OfflineKeyAnswer;
  if (answer.receiptPrefix) await vaultPut(RECEIPT_PREFIX, answer.receiptPrefix);
  const previous = await currentKey();
  if (previous?.keyId === answer.keyId) return true;
  const next = await storeKey(answer);
  await resealQueue(previous, next);
  if (previous) await caches.delete(OFFLINE_PAGE_CACHE);
  return true;
}

/** Registers the service worker and has it fetch the offline pages; resolves with how many. */
async function prewarm(): Promise<number> {
  await navigator.serviceWorker.register(ADMIN_SW_URL, { scope: ADMIN_SW_SCOPE });
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (!worker) return 0;
  return new Promise<number>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(Number(event.data?.kept ?? 0));
    worker.postMessage({ type: "prewarm", urls: offlinePages() }, [channel.port2]);
  });
}

/** The browser's online state and the number of items waiting to be sent, kept current. */
export function useConnectionState(): { online: boolean; waiting: number } {
  const [online, setOnline] = useState(true);
  const [waiting, setWaiting] = useState(0);
  const recount = useCallback(() => {
    queuedCount()
      .then(setWaiting)
      .catch(() => setWaiting(0));
  }, []);
  useEffect(() => {
    setOnline(navigator.onLine);
    recount();
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener("online", up);
    window.addEventListener("offline", down);
    window.addEventListener(QUEUE_CHANGED_EVENT, recount);
    return () => {
      window.removeEventListener("online", up);
      window.removeEventListener("offline", down);
      window.removeEventListener(QUEUE_CHANGED_EVENT, recount);
    };
  }, [recount]);
  return { online, waiting };
}

/** Readies the device for offline work once per opening of the shell (see the header). */
export function useOfflineReadiness(): void {
  useEffect(() => {
    if (!navigator.onLine) return;
    let cancelled = false;
    (async () => {
      const keyed = await refreshKey();
      const production = import.meta.env.PROD && "serviceWorker" in navigator;
      if (!keyed || !production || cancelled) return;
      await prewarm();
      if (!cancelled) document.documentElement.dataset.offlineReady = "true";
    })().catch(() => {
      // The network went while getting ready: the next opening tries again.
    });
    return () => {
      cancelled = true;
    };
  }, []);
}

/**
 * Sends the writes kept offline (./offline-requests.ts) when the connection returns: on mount,
 * on the 'online' event and every 30 seconds; tells the member what arrived and what was refused,
 * and reloads the page's data after a sync that the connection held through.
 */
export function useRequestSync(): void {
  const toast = useToast();
  const { revalidate } = useRevalidator();
  const latest = useRef<() => Promise<void>>(async () => {});
  // Changes were sent and the page's data not reloaded since.
  const stale = useRef(false);
  latest.current = async () => {
    if (!navigator.onLine) return;
    const { sent, conflicts, stopped } = await syncQueuedRequests();
    if (sent > 0) {
      stale.current = true;
      toast({ title: "Offline changes synced", description: `${sent} change(s) sent.` });
    }
    // Not while the connection is gone (it dropped mid-sync): reloading the page's data would
    // fail, and without the service worker's copies the page would give way to the error screen.
    if (stale.current && !stopped) {
      stale.current = false;
      await revalidate();
    }
    if (conflicts > 0) {
      toast({
        title: "Offline change refused",
        description: `${conflicts} change(s) need your attention: open the waiting items in the top bar.`,
        variant: "destructive",
      });
    }
  };
  useEffect(() => {
    const run = () => void latest.current().catch(() => {});
    run();
    window.addEventListener("online", run);
    const timer = window.setInterval(run, 30_000);
    return () => {
      window.removeEventListener("online", run);
      window.clearInterval(timer);
    };
  }, []);
}
