/**
 * The top bar's connection status (issue 35): "Online" or "Offline", and how many items of work
 * done offline wait to be sent ("3 waiting"). A polite live region, so a screen reader hears the
 * change; the text never relies on colour alone. With items waiting it is a button that lists the
 * writes other than sales (the till lists its own sales) with their state; a refused one shows
 * the server's reason and what to do: Retry once its cause is settled, or Discard.
 */
import { Cloud, CloudOff } from "lucide-react";
import { Popover } from "radix-ui";
import { useCallback, useState } from "react";
import {
  type QueuedRequest,
  queuedRequests,
  removeRequest,
  retryRequest,
  syncQueuedRequests,
} from "./offline-requests.ts";

export function ConnectionStatus({ online, waiting }: { online: boolean; waiting: number }) {
  const [items, setItems] = useState<QueuedRequest[] | null>(null);
  const load = useCallback(() => {
    queuedRequests()
      .then(setItems)
      .catch(() => setItems([]));
  }, []);
  const label = (
    <>
      {online ? (
        <Cloud className="h-4 w-4" aria-hidden />
      ) : (
        <CloudOff className="h-4 w-4" aria-hidden />
      )}
      <span className={online ? "sr-only sm:not-sr-only" : undefined}>
        {online ? "Online" : "Offline"}
      </span>
      {waiting > 0 && (
        <span className="rounded-full bg-amber-700 px-2 py-0.5 text-xs text-white">
          {waiting} waiting
        </span>
      )}
    </>
  );
  const tone = online ? "text-green-800" : "bg-amber-100 text-amber-900";
  const base = `inline-flex h-9 items-center gap-1.5 whitespace-nowrap rounded-md px-2 text-sm font-medium ${tone}`;
  return (
    <output aria-live="polite" data-testid="connection-status">
      {waiting === 0 ? (
        <span className={base}>{label}</span>
      ) : (
        <Popover.Root onOpenChange={(open) => open && load()}>
          <Popover.Trigger
            className={`${base} hover:bg-amber-50`}
            aria-label={`${online ? "Online" : "Offline"}, ${waiting} waiting: show the waiting items`}
          >
            {label}
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              align="end"
              sideOffset={6}
              className="z-50 w-80 max-w-[calc(100vw-2rem)] rounded-md border border-gray-200 bg-white p-3 text-sm shadow-lg"
            >
              <h2 className="mb-2 font-semibold">Waiting to be sent</h2>
              {items === null ? (
                <p className="text-gray-600">Loading…</p>
              ) : items.length === 0 ? (
                <p className="text-gray-600">
                  Only sales wait: they are listed on the till (Point of Sale).
                </p>
              ) : (
                <ul className="grid gap-2">
                  {items.map((item) => (
                    <li key={item.key} className="rounded border border-gray-200 p-2">
                      <p className="font-medium">{item.label}</p>
                      <p className="text-xs text-gray-600">
                        {item.status === "waiting" ? "waiting to sync" : "refused"}
                      </p>
                      {item.error && (
                        <p className="mt-1 text-xs text-red-800">
                          {item.error}. Settle it, then Retry; or Discard it.
                        </p>
                      )}
                      {item.status === "conflict" && (
                        <div className="mt-2 flex gap-2">
                          <button
                            type="button"
                            className="rounded border border-gray-300 px-2 py-1 text-xs hover:bg-gray-100"
                            onClick={async () => {
                              await retryRequest(item.key);
                              await syncQueuedRequests();
                              load();
                            }}
                          >
                            Retry
                          </button>
                          <button
                            type="button"
                            className="rounded border border-red-300 px-2 py-1 text-xs text-red-800 hover:bg-red-50"
                            onClick={async () => {
                              await removeRequest(item.key);
                              load();
                            }}
                          >
                            Discard
                          </button>
                        </div>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      )}
    </output>
  );
}
