/**
 * The admin service and product forms and POST/PATCH payloads (admin spec §5, §9). Kept apart
 * from catalog.ts so that public pages, which import catalog.ts, do not load zod on first visit.
 */
import { z } from "zod";
import {
  type CatalogPages,
  PRODUCT_CATEGORY_IDS,
  type PublicProduct,
  type PublicService,
  SERVICE_CATEGORY_IDS,
} from "./catalog.ts";
import { formatNaira, MAX_NAIRA } from "./money.ts";
import { listQuerySchema, oneOf, type Page } from "./paging.ts";

/** Service categories offered in the admin service form (admin spec §9). */
export const ADMIN_SERVICE_CATEGORIES = [
  "facial",
  "chemical-peel",
  "microneedling",
  "body",
  "dental",
  "massage",
  "laser",
  "iv-drip",
] as const;

/** Product categories offered in the admin product form (admin spec §9). */
export const ADMIN_PRODUCT_CATEGORIES = [
  "masks",
  "eye-care",
  "cleansers",
  "moisturizers",
  "body-care",
  "serums",
  "suncare",
] as const;

/** Product sort fields (admin spec §9). */
export const PRODUCT_SORT_FIELDS = ["name", "price", "category", "rating", "stock"] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];

/** Stock toggle values (admin spec §4, §9). */
export const STOCK_IN = 100;
export const STOCK_OUT = 0;

export const SERVICE_MESSAGES = {
  name: "Service name is required",
  description: "Description is required",
  price: "Price is required",
  duration: "Duration is required",
  category: "Category is required",
} as const;

/**
 * Blank text counts as missing, so a cleared number field in the form reads 'Price is required'
 * (or the field's own message) instead of coercing to 0, and an
 * unchosen select ('') reads 'Category is required'. Its input type is `unknown`, so a form
 * holding text types against the schema's input without a cast.
 */
function blankAsMissing<S extends z.ZodType>(schema: S) {
  return z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema);
}

const SERVICE_PRICE_RANGE = `Price must be between ₦0 and ${formatNaira(MAX_NAIRA)}`;

/** A service price typed by staff: a naira amount, or a text such as 'Contact for details'. */
export const servicePriceSchema = z.union(
  [
    z
      .number({ error: SERVICE_MESSAGES.price })
      .nonnegative(SERVICE_PRICE_RANGE)
      .max(MAX_NAIRA, SERVICE_PRICE_RANGE),
    z
      .string({ error: SERVICE_MESSAGES.price })
      .trim()
      .min(1, SERVICE_MESSAGES.price)
      .max(60, "Price must be at most 60 characters")
      // Numeric text is stored as an amount (server/modules/catalog/admin-service.ts), so it
      // obeys the same range; other text ('Contact for details') is a price note.
      .refine((text) => {
        const n = Number(text.replace(/[₦,\s]/g, ""));
        return !Number.isFinite(n) || (n >= 0 && n <= MAX_NAIRA);
      }, SERVICE_PRICE_RANGE),
  ],
  { error: SERVICE_MESSAGES.price },
);

/** The service form and POST/PATCH /api/services payload (admin spec §5). */
export const serviceFormSchema = z.object({
  name: z
    .string({ error: SERVICE_MESSAGES.name })
    .trim()
    .min(1, SERVICE_MESSAGES.name)
    .max(120, "Service name must be at most 120 characters"),
  description: z
    .string({ error: SERVICE_MESSAGES.description })
    .trim()
    .min(1, SERVICE_MESSAGES.description)
    .max(2000, "Description must be at most 2000 characters"),
  price: servicePriceSchema,
  duration: z
    .string({ error: SERVICE_MESSAGES.duration })
    .trim()
    .min(1, SERVICE_MESSAGES.duration)
    .max(40, "Duration must be at most 40 characters"),
  category: blankAsMissing(z.enum(SERVICE_CATEGORY_IDS, { error: SERVICE_MESSAGES.category })),
});
export type ServiceFormValues = z.infer<typeof serviceFormSchema>;

export const PRODUCT_MESSAGES = {
  name: "Product name is required",
  description: "Description is required",
  price: "Price is required",
  image: "Image URL is required",
  imageUrl: "Please enter a valid URL",
  category: "Category is required",
} as const;

/** An absolute http(s) URL, or a path on this site such as '/images/products/x.svg'. */
export function isValidImageUrl(value: string): boolean {
  if (/^\/[^/\s]\S*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

const optionalText = z
  .string()
  .trim()
  .max(4000, "At most 4000 characters")
  .nullish()
  .transform((v) => (v ? v : null));

const PRODUCT_PRICE_RANGE = `Price must be at most ${formatNaira(MAX_NAIRA)}`;

/** The product form and POST/PATCH /api/products payload (admin spec §5); price in naira. */
export const productFormSchema = z.object({
  name: z
    .string({ error: PRODUCT_MESSAGES.name })
    .trim()
    .min(1, PRODUCT_MESSAGES.name)
    .max(120, "Product name must be at most 120 characters"),
  description: z
    .string({ error: PRODUCT_MESSAGES.description })
    .trim()
    .min(1, PRODUCT_MESSAGES.description)
    .max(2000, "Description must be at most 2000 characters"),
  price: blankAsMissing(
    z.coerce
      .number({ error: PRODUCT_MESSAGES.price })
      .refine(Number.isFinite, PRODUCT_MESSAGES.price)
      .nonnegative("Price must be 0 or more")
      .max(MAX_NAIRA, PRODUCT_PRICE_RANGE),
  ),
  image: z
    .string({ error: PRODUCT_MESSAGES.image })
    .trim()
    .min(1, PRODUCT_MESSAGES.image)
    .max(2000, PRODUCT_MESSAGES.imageUrl)
    .refine(isValidImageUrl, PRODUCT_MESSAGES.imageUrl),
  category: blankAsMissing(z.enum(PRODUCT_CATEGORY_IDS, { error: PRODUCT_MESSAGES.category })),
  /** 0–5 in steps of 0.1; default 4.0. */
  rating: blankAsMissing(
    z.coerce
      .number({ error: "Rating must be a number from 0 to 5" })
      .min(0, "Rating must be from 0 to 5")
      .max(5, "Rating must be from 0 to 5")
      .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, "Rating goes in steps of 0.1"),
  ).default(4),
  /** Units in stock, 0 or more; default 100. */
  stock: blankAsMissing(
    z.coerce
      .number({ error: "Stock must be a number" })
      .int("Stock must be a whole number")
      .min(0, "Stock must be 0 or more")
      .max(1_000_000),
  ).default(100),
  details: optionalText,
  ingredients: optionalText,
  howToUse: optionalText,
});
export type ProductFormValues = z.input<typeof productFormSchema>;

// Back-office lists (common/paging.ts): the services and products screens' URL params and reads.

/** A category filter value: 'all' or a category id (lower-case slug); anything else is 'all'. */
const categoryFilter = z
  .string()
  .regex(/^(all|[a-z][a-z-]{0,39})$/)
  .catch("all")
  .default("all");

/** Product stock filter (admin spec §2 "Product management"). */
export const STOCK_FILTERS = ["all", "in-stock", "out-of-stock"] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

/**
 * The admin products list's URL params: page, pageSize, `q` (name or description), `category`,
 * `stock`, `sort` (a PRODUCT_SORT_FIELDS entry, default name) and `dir` (asc or desc).
 */
export const productListQuerySchema = listQuerySchema.extend({
  category: categoryFilter,
  stock: oneOf(STOCK_FILTERS, "all"),
  sort: oneOf(PRODUCT_SORT_FIELDS, "name"),
  dir: oneOf(["asc", "desc"], "asc"),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** The admin services list's URL params: page, pageSize, `q` (name or description), `category`. */
export const serviceListQuerySchema = listQuerySchema.extend({ category: categoryFilter });
export type ServiceListQuery = z.infer<typeof serviceListQuerySchema>;

/** A page of services, newest first, with every category's service count for the filter buttons. */
export type ServicesPage = Page<PublicService> & {
  /** Each category that has services, with how many (filters ignored), in name order. */
  categories: Array<{ id: string; count: number }>;
};

/** What the admin catalogue screens read: the public reads plus the paged lists. */
export type CatalogAdminPages = CatalogPages & {
  servicesPage(query: ServiceListQuery): Promise<ServicesPage>;
  productsPage(query: ProductListQuery): Promise<Page<PublicProduct>>;
};
