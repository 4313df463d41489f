/**
 * Ad-pixel tracking events (storefront spec §3 "Tracking event payloads", §4 "Ad pixel").
 * Features call `track(...)`; nothing leaves the browser until a consented pixel registers itself
 * with `setTrackingSink` (the pixel loads only when the server supplies an id AND the visitor
 * consented: storefront issue, notes/nigeria.md). Events before that wait in a short queue.
 */

export type TrackingEvent =
  | {
      name: "service-booking";
      payload: { serviceName: string; serviceId: string; price: number; currency: "NGN" };
    }
  | {
      name: "product-view";
      payload: {
        productName: string;
        productId: string;
        price: number;
        currency: "NGN";
        category: string;
      };
    }
  | {
      name: "add-to-cart";
      payload: {
        productName: string;
        productId: string;
        price: number;
        currency: "NGN";
        quantity: number;
      };
    }
  | {
      name: "purchase";
      payload: {
        products: { id: string; name: string; quantity: number }[];
        totalValue: number;
        currency: "NGN";
        orderId: string;
      };
    }
  | { name: "contact-form"; payload: { formName: string } }
  | { name: "search"; payload: { term: string; category?: string } }
  | { name: "advisor-usage"; payload: { action: string; recommendation?: string } }
  | { name: "schedule-attempt"; payload: { serviceName: string; serviceId: string; step: string } };

type Sink = (event: TrackingEvent) => void;

const QUEUE_LIMIT = 20;
let sink: Sink | null = null;
let queue: TrackingEvent[] = [];

/** Records an event for the ad pixel; a no-op on the server. */
export function track(event: TrackingEvent): void {
  if (typeof window === "undefined") return;
  if (sink) {
    sink(event);
    return;
  }
  queue.push(event);
  if (queue.length > QUEUE_LIMIT) queue = queue.slice(-QUEUE_LIMIT);
}

/**
 * Registers where events go (the consented pixel), flushing the queue; `null` stops tracking
 * and drops the queue (consent withdrawn).
 */
export function setTrackingSink(next: Sink | null): void {
  sink = next;
  const pending = queue;
  queue = [];
  if (next) for (const event of pending) next(event);
}
