/**
 * Catalogue constants and rules shared by the server and the screens: service categories,
 * shop categories, the consultation rule and how a service's price is shown
 * (storefront spec §2 "/services", §3, §4 "Consultation-type services", §5, §9).
 */
import { formatNaira } from "./money.ts";

export type ServiceCategory = {
  /** Stable id used in URLs and anchors (#{id}-services). */
  id: string;
  /** Name as shown on the services page tabs. */
  name: string;
  /** Name in the booking form's category dropdown (spec §9 "Category display names"). */
  bookingName: string;
  /** Path of the category's anchor on /services. */
  path: string;
  /**
   * The id as words ('chemical peel', 'IV drip'), for the synthetic consultation's
   * '{Category} Consultation' and 'Professional consultation for {category} treatments'
   * (spec §3, where {category} is the id as in 'consultation-{category}').
   */
  term: string;
};

/** A category; the booking name and term default to the tab name and the id as words. */
function category(
  id: string,
  name: string,
  {
    bookingName = name,
    term = id.replaceAll("-", " "),
  }: { bookingName?: string; term?: string } = {},
): ServiceCategory {
  return { id, name, bookingName, path: `/services#${id}-services`, term };
}

/** The 12 service categories of the /services tabs, in tab order (spec §2 "/services"). */
export const SERVICE_CATEGORIES: readonly ServiceCategory[] = [
  category("facial", "Facials", { bookingName: "Facial Treatments" }),
  category("chemical-peel", "Chemical Peels"),
  category("microneedling", "Microneedling"),
  category("body", "Weightloss & Body Sculpting", { bookingName: "Weight Loss & Body Sculpting" }),
  category("dental", "Dental"),
  category("massage", "Massage", { bookingName: "Massages" }),
  category("laser", "Laser Treatments", { bookingName: "Laser Hair Removal" }),
  category("iv-drip", "IV Drips", { term: "IV drip" }),
  category("injectable-treatments", "Injectable Treatments", { term: "injectable" }),
  category("body-scrubs", "Body Scrubs", { term: "body scrub" }),
  category("skin-tag-removal", "Skin Tag Removal"),
  category("packages", "Packages", { bookingName: "Treatment Packages", term: "package" }),
];

export const SERVICE_CATEGORY_IDS = SERVICE_CATEGORIES.map((c) => c.id) as [string, ...string[]];

export const DEFAULT_SERVICE_CATEGORY = "facial";

export function findServiceCategory(id: string): ServiceCategory | undefined {
  return SERVICE_CATEGORIES.find((c) => c.id === id);
}

/** Shop filter categories (spec §2 "/shop"); 'all' is the default filter. */
export const SHOP_CATEGORIES = [
  { id: "all", name: "all" },
  { id: "cleansers", name: "cleansers" },
  { id: "serums", name: "serums" },
  { id: "moisturizers", name: "moisturizers" },
  { id: "masks", name: "masks" },
  { id: "eye-care", name: "eye care" },
  { id: "body-care", name: "body care" },
  { id: "suncare", name: "suncare" },
] as const;

export const PRODUCT_CATEGORY_IDS = [
  "cleansers",
  "serums",
  "moisturizers",
  "masks",
  "eye-care",
  "body-care",
  "suncare",
] as const;
export type ProductCategoryId = (typeof PRODUCT_CATEGORY_IDS)[number];

/** Shop page size and related-products cap (spec §9). */
export const SHOP_PAGE_SIZE = 8;
export const RELATED_PRODUCTS_LIMIT = 4;

/**
 * Most distinct lines and units per line one order may hold (a shop, not a wholesaler): the cart
 * caps its quantities with MAX_LINE_QUANTITY and the order payload (common/checkout.ts) refuses
 * more. Kept here, in a module without zod, because the cart is in every page's first load.
 */
export const MAX_ORDER_LINES = 50;
export const MAX_LINE_QUANTITY = 99;

/**
 * The non-refundable booking fee that secures an appointment, in naira (spec §9: ₦20,000). The
 * one place for the amount: the booking form, the policies and the consultation price read it.
 */
export const BOOKING_FEE = 20000;

/**
 * Consultation price in naira and duration (spec §3, §9). A consultation costs the booking fee
 * (both ₦20,000 in spec §9), so the price is that one constant.
 */
export const CONSULTATION_PRICE = BOOKING_FEE;
export const CONSULTATION_DURATION = "30m";

/** A service as the public API returns it (storefront spec §3 "Service"); price in naira. */
export type PublicService = {
  id: number;
  name: string;
  description: string;
  category: string;
  /** Naira; null when unpriced; the text 'Contact for details' when the clinic quotes on request. */
  price: number | string | null;
  duration: string;
  /**
   * Needs a completed consultation first (issue 30; decision 0225): the booking form offers the
   * consultation instead; the calendar and the till refuse it without one on record.
   */
  consultationFirst?: boolean;
};

/** A product as the public API returns it (storefront spec §3 "Product"); price in naira. */
export type PublicProduct = {
  id: number;
  name: string;
  description: string;
  price: number;
  image: string;
  imageUrl: string;
  category: string;
  stock: number;
  rating: number;
  details: string | null;
  ingredients: string | null;
  howToUse: string | null;
  benefits: string[];
};

/**
 * The fields a product card shows and puts in the cart or wishlist (app/features/catalog/
 * product-card.tsx): what the home page's shop teaser sends, without the product page's details,
 * ingredients, directions and benefits (two thirds of its loader data, issue 33).
 */
export type CardProduct = Pick<
  PublicProduct,
  "id" | "name" | "description" | "price" | "image" | "category" | "stock" | "rating"
>;

/** A product's card fields (CardProduct), for the loaders of pages that show only cards. */
export function cardProduct({
  id,
  name,
  description,
  price,
  image,
  category,
  stock,
  rating,
}: PublicProduct): CardProduct {
  return { id, name, description, price, image, category, stock, rating };
}

/** A booking-form service option: a real service or a synthetic consultation entry. */
export type BookableService = {
  id: string;
  name: string;
  description: string;
  category: string;
  price: number | string | null;
  duration: string;
  /** Needs a consultation first (decision 0225); never set on a consultation entry. */
  consultationFirst?: boolean;
};

/** Numeric naira price of a service, or null when it has none (0, null or a text). */
export function numericPrice(price: PublicService["price"]): number | null {
  if (price === null) return null;
  const n = typeof price === "number" ? price : Number(price);
  return Number.isFinite(n) ? n : null;
}

/**
 * Consultation-type services: price 0 or null, category injectable-treatments, or a name
 * containing 'consultation' or 'analysis' (spec §4).
 */
export function isConsultationService(s: Pick<PublicService, "name" | "category" | "price">) {
  const name = s.name.toLowerCase();
  return (
    s.price === null ||
    numericPrice(s.price) === 0 ||
    s.category === "injectable-treatments" ||
    name.includes("consultation") ||
    name.includes("analysis")
  );
}

/**
 * How a service's price reads on cards and dialogs (spec §4, §9): body scrubs show no price
 * (null); a quoted-on-request service reads 'Contact for details'; consultation-type services
 * read 'Consultation Required'; skin-tag removal reads 'From ₦…'; others whole naira.
 */
export function servicePriceLabel(s: Pick<PublicService, "name" | "category" | "price">) {
  if (s.category === "body-scrubs") return null;
  if (typeof s.price === "string" && numericPrice(s.price) === null) return "Contact for details";
  const price = numericPrice(s.price);
  if (s.category === "skin-tag-removal" && price) return `From ${formatNaira(price)}`;
  if (isConsultationService(s)) return "Consultation Required";
  if (price === null) return "Contact for pricing";
  return formatNaira(price);
}

/**
 * The synthetic consultation entry of a category (spec §3 "Synthetic consultation service"):
 * 'consultation-facial', 'Facial Consultation', 'Professional consultation for facial
 * treatments', ₦20,000, 30m.
 */
export function consultationFor(category: ServiceCategory): BookableService {
  const title = category.term.replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
  return {
    id: `consultation-${category.id}`,
    name: `${title} Consultation`,
    description: `Professional consultation for ${category.term} treatments`,
    category: category.id,
    price: CONSULTATION_PRICE,
    duration: CONSULTATION_DURATION,
  };
}

/**
 * Services offered in the booking form for one category (spec §5): only positively priced
 * services, except skin-tag-removal which is offered unpriced; plus a consultation entry unless
 * the category already has a service whose name contains 'consultation'. A category's own
 * consultation is offered even when free (price 0, e.g. the demo's Laser Consultation), so the
 * form and /services quote the same price (decision 0283, replacing the ₦20,000 entry of 0171).
 */
export function bookableServicesFor(
  categoryId: string,
  services: readonly PublicService[],
): BookableService[] {
  const category = findServiceCategory(categoryId);
  if (!category) return [];
  const inCategory = services.filter((s) => s.category === categoryId);
  // A category's own consultation is offered whatever its price: a free one (the demo's Laser
  // Consultation) is the one the client books, not a ₦20,000 entry beside it (decision 0283).
  const offered = inCategory
    .filter(
      (s) =>
        categoryId === "skin-tag-removal" ||
        (numericPrice(s.price) ?? 0) > 0 ||
        s.name.toLowerCase().includes("consultation"),
    )
    .map((s) => ({ ...s, id: String(s.id) }));
  const hasConsultation = offered.some((s) => s.name.toLowerCase().includes("consultation"));
  return hasConsultation ? offered : [...offered, consultationFor(category)];
}

/** Parses a duration text such as '30m', '1h', '1h 30m', '90 mins' into minutes (or null). */
export function durationMinutes(duration: string): number | null {
  const text = duration.toLowerCase();
  const hours = /(\d+(?:\.\d+)?)\s*h/.exec(text);
  const minutes = /(\d+)\s*m/.exec(text);
  if (!hours && !minutes) return null;
  return Math.round(Number(hours?.[1] ?? 0) * 60 + Number(minutes?.[1] ?? 0));
}

/** What public and admin pages read of the catalogue (server/modules/catalog/pages.ts). */
export type CatalogPages = {
  /** Every treatment, in menu order. */
  services(): Promise<PublicService[]>;
  /** Every shop product, in shop order. */
  products(): Promise<PublicProduct[]>;
  /** One product, or null when there is none with this id. */
  product(id: number): Promise<PublicProduct | null>;
  /** Up to RELATED_PRODUCTS_LIMIT products of the same category, `id` excluded. */
  related(id: number): Promise<PublicProduct[]>;
};

/**
 * The services as the booking form needs them: without their descriptions, which it never shows
 * and which were most of the page data the home and contact pages send (issue 15).
 */
export function bookingFormServices(services: readonly PublicService[]): PublicService[] {
  return services.map((service) => ({ ...service, description: "" }));
}
