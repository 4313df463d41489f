/**
 * The Meta Pixel (storefront spec §3 tracking events, §4 "Ad pixel: initialised once, only if the
 * server supplies an id", §7 GET /api/config/environment, §8 "Pixel configuration missing: a
 * console warning and no tracking"). Loaded only after the visitor consented; it then becomes the
 * sink of `track()` (app/lib/tracking.ts) and maps each event to a standard or custom fbq event.
 */
import { apiRequest } from "#app/lib/api.ts";
import { setTrackingSink, type TrackingEvent } from "#app/lib/tracking.ts";

/** Where Meta serves the pixel script from (allowed by the CSP only when an id is configured). */
export const PIXEL_SCRIPT_URL = "https://connect.facebook.net/en_US/fbevents.js";

type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: Fbq;
  loaded: boolean;
  version: string;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

let started: Promise<boolean> | null = null;

/** The fbq call for one tracking event: [method, eventName, parameters]. */
export function pixelCall(event: TrackingEvent): [string, string, Record<string, unknown>] {
  const p = event.payload;
  switch (event.name) {
    case "service-booking":
      return [
        "track",
        "Schedule",
        {
          content_name: event.payload.serviceName,
          content_ids: [event.payload.serviceId],
          value: event.payload.price,
          currency: event.payload.currency,
        },
      ];
    case "product-view":
      return [
        "track",
        "ViewContent",
        {
          content_name: event.payload.productName,
          content_ids: [event.payload.productId],
          content_type: "product",
          content_category: event.payload.category,
          value: event.payload.price,
          currency: event.payload.currency,
        },
      ];
    case "add-to-cart":
      return [
        "track",
        "AddToCart",
        {
          content_name: event.payload.productName,
          content_ids: [event.payload.productId],
          content_type: "product",
          value: event.payload.price * event.payload.quantity,
          currency: event.payload.currency,
          num_items: event.payload.quantity,
        },
      ];
    case "purchase":
      return [
        "track",
        "Purchase",
        {
          contents: event.payload.products.map((x) => ({ id: x.id, quantity: x.quantity })),
          content_ids: event.payload.products.map((x) => x.id),
          content_type: "product",
          num_items: event.payload.products.reduce((n, x) => n + x.quantity, 0),
          value: event.payload.totalValue,
          currency: event.payload.currency,
          order_id: event.payload.orderId,
        },
      ];
    case "contact-form":
      return ["track", "Contact", { form_name: event.payload.formName }];
    case "search":
      return [
        "track",
        "Search",
        { search_string: event.payload.term, content_category: event.payload.category },
      ];
    case "advisor-usage":
      return ["trackCustom", "AdvisorUsage", { ...p }];
    case "schedule-attempt":
      return ["trackCustom", "ScheduleAttempt", { ...p }];
  }
}

/** Installs Meta's fbq queue function (their standard snippet, without an inline script). */
function installFbq(): Fbq {
  if (window.fbq) return window.fbq;
  const fbq = ((...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  }) as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = "2.0";
  fbq.queue = [];
  window.fbq = fbq;
  window._fbq = fbq;
  const script = document.createElement("script");
  script.async = true;
  script.src = PIXEL_SCRIPT_URL;
  document.head.appendChild(script);
  return fbq;
}

function sendToPixel(event: TrackingEvent): void {
  const [method, name, params] = pixelCall(event);
  window.fbq?.(method, name, params);
}

/** Asks the server for the id and, when there is one, loads the script and initialises it once. */
async function initialise(): Promise<boolean> {
  let id: string | null = null;
  try {
    const config = await apiRequest<{ metaPixelId: string | null }>(
      "GET",
      "/api/config/environment",
    );
    id = config?.metaPixelId ?? null;
  } catch {
    id = null;
  }
  if (!id) {
    console.warn("Meta Pixel ID is not configured; tracking is off.");
    return false;
  }
  const fbq = installFbq();
  fbq("init", id);
  fbq("track", "PageView");
  return true;
}

/**
 * Starts the pixel after consent: initialised once per page load, then registered as the
 * tracking sink (queued events flush). Resolves false (with a console warning) when the server
 * has no pixel id.
 */
export async function startMetaPixel(): Promise<boolean> {
  started ??= initialise();
  const on = await started;
  if (on) {
    window.fbq?.("consent", "grant");
    setTrackingSink(sendToPixel);
  }
  return on;
}

/** Sends a PageView for a client-side navigation, when the pixel runs. */
export function pixelPageView(): void {
  if (started) void started.then((on) => on && window.fbq?.("track", "PageView"));
}

/** Withdrawn consent: stop sending events (a loaded script cannot be unloaded, so it is told to stop). */
export function stopMetaPixel(): void {
  setTrackingSink(null);
  window.fbq?.("consent", "revoke");
}
