/**
 * What a consultation costs, from one rule (issue 33; docs/decisions/0283): the terms promise "free
 * consultation for first-time clients" (storefront spec §9 "Policy"), so a consultation is free
 * for a client with no completed visit on record, and costs the catalogue's price otherwise (the
 * synthetic '{Category} Consultation' entry: ₦20,000, spec §3). A consultation the catalogue
 * prices at 0 (the demo's Laser Consultation, "A free assessment") is free for everyone.
 * Treatments are priced by the catalogue; those that start with a consultation say so.
 *
 * /services (cards and the details dialog), the booking form's service options and the treatment
 * advisor's cards all read their price text here. `consultationCharge` gives the charge for a
 * client the server knows; nothing charges by it yet (issue 32's booking fee is a flat
 * BOOKING_FEE whatever the service). Kept free of zod: it is in the first load.
 */
import { isConsultationService, numericPrice, type PublicService } from "./catalog.ts";
import { formatNaira } from "./money.ts";

/** A service as the price rule needs it: a catalogue service or a booking-form entry. */
export type PricedService = Pick<PublicService, "name" | "category" | "price"> & {
  /** The catalogue's "needs a consultation first" flag (decision 0225), when known. */
  consultationFirst?: boolean | undefined;
};

/** The sentence of the terms the rule comes from (spec §9 "Policy"), as the pages word it. */
export const FIRST_CONSULTATION_FREE = "free for first-time clients";

/**
 * Whether a service is itself a consultation (its name says 'consultation' or 'analysis', the
 * name part of spec §4; the booking form's synthetic entries are named '{Category}
 * Consultation').
 */
export function isConsultation(service: Pick<PublicService, "name">): boolean {
  return /consultation|analysis/i.test(service.name);
}

/**
 * The naira a client is charged for a service: a consultation is 0 for a first-time client
 * (`firstTime`, known by the server from the client's record) and its catalogue price otherwise;
 * any other service its catalogue price. Null when the catalogue has no price (quoted in clinic).
 */
export function consultationCharge(service: PricedService, firstTime: boolean): number | null {
  const price = numericPrice(service.price);
  if (isConsultation(service)) return firstTime ? 0 : (price ?? 0);
  return price;
}

/**
 * The price text for a visitor the page does not know (every public page), in naira:
 * - a consultation with a price: '₦15,000, free for first-time clients';
 * - a consultation priced 0 or without a price: 'Free';
 * - any other service with a price: '₦220,000' (null without one).
 * The same text on /services, in the booking form and in the advisor.
 */
export function consultationPriceText(service: PricedService): string | null {
  const price = numericPrice(service.price);
  if (isConsultation(service)) {
    return price ? `${formatNaira(price)}, ${FIRST_CONSULTATION_FREE}` : "Free";
  }
  return price ? formatNaira(price) : null;
}

/**
 * The line beside a service's price label (`servicePriceLabel`, spec §9): what the client pays,
 * from the same rule, where the label alone does not say it.
 * - A consultation ('Consultation Required'): 'Free' or '₦15,000, free for first-time clients'.
 * - A treatment whose label is 'Consultation Required' (injectables): 'Treatment ₦220,000 after
 *   a consultation (free for first-time clients)', or 'Priced after a consultation (…)'.
 * - A treatment with its price shown that the catalogue marks consultation-first (decision 0225):
 *   'After a consultation (free for first-time clients)'.
 * Null for every other service, and for body scrubs (spec §9: no price shown).
 */
export function consultationPriceNote(service: PricedService): string | null {
  if (service.category === "body-scrubs") return null; // body scrubs show no price (spec §9)
  if (isConsultation(service)) return consultationPriceText(service);
  const first = `a consultation (${FIRST_CONSULTATION_FREE})`;
  if (isConsultationService(service)) {
    const price = numericPrice(service.price);
    return price ? `Treatment ${formatNaira(price)} after ${first}` : `Priced after ${first}`;
  }
  return service.consultationFirst === true ? `After ${first}` : null;
}
