/**
 * The till's offline queue as React state (admin spec §4 "Point of sale", offline-queue.ts): the
 * queued sales, whether the browser is online, and the sync that sends the waiting sales when
 * the connection returns (on the 'online' event, on mount and every 30 seconds), with the
 * 'Offline sales synced' and 'Sale Failed' toasts; the page's data is reloaded after a sync
 * that the connection held through.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useToast } from "#app/components/ui/toast.tsx";
import {
  type QueuedSale,
  queuedSales,
  queueSale,
  removeQueued,
  retryQueued,
  syncQueuedSales,
} from "#app/features/admin/kit/offline-queue.ts";
import { sendSale } from "./send-sale.ts";

/** The queue's state and actions; `keep` queues a sale that could not be sent. */
export function useOfflineSales() {
  const toast = useToast();
  const { revalidate } = useRevalidator();
  const [queue, setQueue] = useState<QueuedSale[]>([]);
  const [online, setOnline] = useState(true);
  // Sales were recorded and the page's data not reloaded since (see `sync`).
  const stale = useRef(false);

  const refreshQueue = useCallback(async () => {
    try {
      setQueue(await queuedSales());
    } catch {
      // IndexedDB unavailable (private mode in some browsers): nothing queued to show.
    }
  }, []);

  const sync = useCallback(async () => {
    if (!navigator.onLine) return;
    const waiting = (await queuedSales()).filter((s) => s.status === "waiting");
    if (waiting.length === 0) return;
    const outcome = await syncQueuedSales(sendSale);
    await refreshQueue();
    if (outcome.recorded.length) {
      stale.current = true;
      toast({
        title: "Offline sales synced",
        description: outcome.recorded.map((s) => `Sale #${s.saleNumber}`).join(", "),
      });
    }
    // Reloading the page's data when the connection dropped mid-sync fails, and without the
    // service worker's copies the till would give way to the error screen and send no more:
    // it is reloaded after a sync the connection held through.
    if (stale.current && !outcome.stopped) {
      stale.current = false;
      await revalidate();
    }
    if (outcome.conflicts.length) {
      toast({
        title: "Sale Failed",
        description: outcome.conflicts.map((c) => c.error).join(" · "),
        variant: "destructive",
      });
    }
  }, [refreshQueue, revalidate, toast]);

  useSyncWhenOnline(sync, refreshQueue, setOnline);

  /** Queues a sale that could not be sent, and tells the front desk it waits to sync. */
  const keep = async (sale: QueuedSale) => {
    await queueSale(sale);
    await refreshQueue();
    const receipt = sale.payload.offlineReceipt;
    toast({
      title: "Saved offline",
      description: `No connection: the sale is waiting to sync and will be sent when the connection returns.${receipt ? ` Receipt ${receipt}.` : ""}`,
    });
  };

  return {
    queue,
    online,
    sync,
    keep,
    discardQueued: async (key: string) => {
      await removeQueued(key);
      await refreshQueue();
    },
    retryQueued: async (key: string) => {
      await retryQueued(key);
      await refreshQueue();
      await sync();
    },
  };
}

/**
 * Reads the queue and syncs once on mount, then on every 'online' event and every 30 seconds;
 * keeps `setOnline` in step with the browser's online and offline events.
 */
function useSyncWhenOnline(
  sync: () => Promise<void>,
  refreshQueue: () => Promise<void>,
  setOnline: (online: boolean) => void,
) {
  // The listeners are set once; they call the latest sync through a ref.
  const syncRef = useRef(sync);
  syncRef.current = sync;
  useEffect(() => {
    setOnline(navigator.onLine);
    void refreshQueue().then(() => syncRef.current());
    const up = () => {
      setOnline(true);
      void syncRef.current();
    };
    const down = () => setOnline(false);
    window.addEventListener("online", up);
    window.addEventListener("offline", down);
    // A connection can come back without an 'online' event (a captive portal, a flaky router).
    const timer = window.setInterval(() => void syncRef.current(), 30_000);
    return () => {
      window.removeEventListener("online", up);
      window.removeEventListener("offline", down);
      window.clearInterval(timer);
    };
  }, [refreshQueue, setOnline]);
}
