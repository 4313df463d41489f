/**
 * The back office's service worker (issue 35; docs/decisions/0275, 0276), scope /admin only: the
 * public site is never controlled by it. Built by scripts/build-sw.ts (rolldown, then Workbox's
 * injectManifest fills `self.__WB_MANIFEST`).
 *
 * - Precache (Workbox): the built scripts, styles and fonts, the manifest and its icons, so the
 *   shell starts with no network after a browser restart.
 * - Runtime (Workbox NetworkFirst): the pages of `isOfflinePage` (shell, till, calendar, clients
 *   list, time clock) and their `.data`, from the network when there is one; a copy is kept sealed
 *   with the session's AES-GCM key (app/lib/offline-vault.ts) and served when the network is gone.
 *   No key (signed out, past the session's absolute expiry) = nothing kept and nothing served.
 * - A server answer saying the session was ended erases the device's offline data.
 * - Message {type: 'prewarm', urls}: fetches those pages ahead (answered {done, kept}).
 */
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
import { currentKey, seal, unseal, wipeOfflineData } from "#app/lib/offline-vault.ts";
import {
  isOfflinePage,
  OFFLINE_MANIFEST_CACHE,
  OFFLINE_PAGE_CACHE,
  OFFLINE_PAGE_LIMIT,
  offlineCacheKey,
  SESSION_ENDED_HEADER,
} from "#common/offline.ts";

type PrecacheEntry = { url: string; revision: string | null };
type SwScope = {
  __WB_MANIFEST: PrecacheEntry[];
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "message", listener: (event: never) => void): void;
};
type MessageEventLike = {
  data: unknown;
  ports: readonly MessagePort[];
  waitUntil(promise: Promise<unknown>): void;
};

const sw = self as unknown as SwScope;

/** The seconds a kept page lives at most: the session's absolute expiry (7 days). */
const PAGE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** Headers of a kept page that describe its sealing; never sent on to the page. */
const SEALED_IV = "x-sealed-iv";
const SEALED_KEY = "x-sealed-key";

sw.addEventListener("install", () => void sw.skipWaiting());
clientsClaim();
cleanupOutdatedCaches();
// Written as `self.__WB_MANIFEST` so the minified bundle keeps the name injectManifest replaces.
precacheAndRoute((self as unknown as SwScope).__WB_MANIFEST);

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}
function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Workbox plugin: the cache sees only sealed copies, and the page only opened ones. */
const sealedCopies = {
  cacheKeyWillBeUsed: async ({ request }: { request: Request }) => offlineCacheKey(request.url),
  fetchDidSucceed: async ({ response }: { response: Response }) => {
    if (response.headers.get(SESSION_ENDED_HEADER)) await wipeOfflineData();
    return response;
  },
  cacheWillUpdate: async ({ response }: { response: Response }) => {
    if (response.status !== 200) return null;
    const key = await currentKey();
    if (!key) return null;
    const sealed = await seal(key, await response.arrayBuffer());
    const headers = new Headers(response.headers);
    headers.delete("set-cookie");
    headers.set(SEALED_IV, toBase64(sealed.iv));
    headers.set(SEALED_KEY, sealed.keyId);
    return new Response(sealed.data, { status: 200, headers });
  },
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) => {
    if (!cachedResponse) return null;
    const key = await currentKey();
    const iv = cachedResponse.headers.get(SEALED_IV);
    const keyId = cachedResponse.headers.get(SEALED_KEY);
    if (!key || !iv || !keyId) return null;
    const plain = await unseal(key, {
      iv: fromBase64(iv),
      keyId,
      data: await cachedResponse.arrayBuffer(),
    });
    if (!plain) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.delete(SEALED_IV);
    headers.delete(SEALED_KEY);
    // The page can tell a kept copy from a fresh one (the shell shows "Offline copy").
    headers.set("x-offline-copy", "1");
    return new Response(plain, { status: 200, headers });
  },
};

const pages = new NetworkFirst({
  cacheName: OFFLINE_PAGE_CACHE,
  plugins: [
    sealedCopies,
    new ExpirationPlugin({ maxEntries: OFFLINE_PAGE_LIMIT, maxAgeSeconds: PAGE_MAX_AGE_SECONDS }),
  ],
});

registerRoute(
  ({ url, request }) =>
    request.method === "GET" && url.origin === sw.location.origin && isOfflinePage(url.href),
  pages,
);

// React Router's route manifest (lazy route discovery, asked for when links come on screen): no
// client data, kept in clear so the links of a kept page work offline.
registerRoute(
  ({ url, request }) =>
    request.method === "GET" && url.origin === sw.location.origin && url.pathname === "/__manifest",
  new NetworkFirst({
    cacheName: OFFLINE_MANIFEST_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: PAGE_MAX_AGE_SECONDS })],
  }),
);

/** A page that was never kept, opened offline: say so, with a way back to what was kept. */
const OFFLINE_FALLBACK = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline | Glow Haven Admin</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1f2937">
<main id="main"><h1>You are offline</h1><p>This screen was not saved on this device for offline work.
The till, the calendar for today and tomorrow, the clients list and the time clock are.</p>
<p><a href="/admin/sales">Open the till</a> · <a href="/admin/calendar">Open the calendar</a> ·
<a href="/admin/staff?tab=time">Open the time clock</a></p></main></body></html>`;

setCatchHandler(async ({ request }) => {
  if (request.destination === "document" || request.mode === "navigate") {
    return new Response(OFFLINE_FALLBACK, {
      status: 503,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  }
  return Response.error();
});

/** Fetches the pages to keep; answers how many were kept. */
sw.addEventListener("message", (event: MessageEventLike) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type !== "prewarm" || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter(
    (u): u is string => typeof u === "string" && isOfflinePage(new URL(u, sw.location.origin).href),
  );
  const work = (async () => {
    let kept = 0;
    for (const url of urls) {
      try {
        const response = await pages.handle({
          event: event as never,
          request: new Request(new URL(url, sw.location.origin).href, {
            credentials: "same-origin",
          }),
        });
        if (response.ok) kept++;
      } catch {
        // The network went while fetching ahead: what was kept stays.
      }
    }
    event.ports[0]?.postMessage({ done: true, kept });
  })();
  event.waitUntil(work);
});
