/**
 * Back-office rules shared by the admin screens and the API: form schemas with the spec's
 * messages, the bookings badge rule, review labels and the dashboard's fallback prices
 * (admin spec §2, §4, §5, §9).
 */
import { z } from "zod";
import { PRODUCT_CATEGORY_IDS, SERVICE_CATEGORY_IDS } from "./catalog.ts";

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

/** A service price typed by staff: a naira amount, or a text such as 'Contact for details'. */
export const servicePriceSchema = z.union(
  [
    z.number({ error: SERVICE_MESSAGES.price }).nonnegative("Price must be 0 or more").max(1e9),
    z
      .string({ error: SERVICE_MESSAGES.price })
      .trim()
      .min(1, SERVICE_MESSAGES.price)
      .max(60, "Price must be at most 60 characters"),
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
  category: z.enum(SERVICE_CATEGORY_IDS, { error: SERVICE_MESSAGES.category }),
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
  price: z.coerce
    .number({ error: PRODUCT_MESSAGES.price })
    .refine(Number.isFinite, PRODUCT_MESSAGES.price)
    .nonnegative("Price must be 0 or more")
    .max(1e9),
  image: z
    .string({ error: PRODUCT_MESSAGES.image })
    .trim()
    .min(1, PRODUCT_MESSAGES.image)
    .max(2000, PRODUCT_MESSAGES.imageUrl)
    .refine(isValidImageUrl, PRODUCT_MESSAGES.imageUrl),
  category: z.enum(PRODUCT_CATEGORY_IDS, { error: PRODUCT_MESSAGES.category }),
  /** 0–5 in steps of 0.1; default 4.0. */
  rating: z.coerce
    .number({ error: "Rating must be a number from 0 to 5" })
    .min(0, "Rating must be from 0 to 5")
    .max(5, "Rating must be from 0 to 5")
    .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, "Rating goes in steps of 0.1")
    .default(4),
  /** Units in stock, 0 or more; default 100. */
  stock: z.coerce
    .number({ error: "Stock must be a number" })
    .int("Stock must be a whole number")
    .min(0, "Stock must be 0 or more")
    .max(1_000_000)
    .default(100),
  details: optionalText,
  ingredients: optionalText,
  howToUse: optionalText,
});
export type ProductFormValues = z.input<typeof productFormSchema>;

export const ADMIN_BOOKING_MESSAGES = {
  name: "Name is required",
  email: "Valid email is required",
  phone: "Phone is required",
  service: "Service is required",
  date: "Date is required",
} as const;

/**
 * The admin booking form (Add Booking / Edit) and the PATCH /api/bookings/{id} fields
 * (admin spec §5). `date` is 'YYYY-MM-DD at h:mm AM' (Lagos) or ISO.
 */
export const adminBookingSchema = z.object({
  name: z
    .string({ error: ADMIN_BOOKING_MESSAGES.name })
    .trim()
    .min(1, ADMIN_BOOKING_MESSAGES.name)
    .max(100, "Name must be at most 100 characters"),
  email: z
    .string({ error: ADMIN_BOOKING_MESSAGES.email })
    .trim()
    .pipe(z.email(ADMIN_BOOKING_MESSAGES.email).max(254, ADMIN_BOOKING_MESSAGES.email)),
  phone: z
    .string({ error: ADMIN_BOOKING_MESSAGES.phone })
    .trim()
    .min(1, ADMIN_BOOKING_MESSAGES.phone)
    .max(30, "Phone must be at most 30 characters"),
  service: z.coerce
    .string({ error: ADMIN_BOOKING_MESSAGES.service })
    .trim()
    .min(1, ADMIN_BOOKING_MESSAGES.service)
    .max(100, ADMIN_BOOKING_MESSAGES.service),
  date: z
    .string({ error: ADMIN_BOOKING_MESSAGES.date })
    .trim()
    .min(1, ADMIN_BOOKING_MESSAGES.date)
    .max(40, ADMIN_BOOKING_MESSAGES.date),
  message: z.string().trim().max(2000, "Message must be at most 2000 characters").optional(),
});
export type AdminBookingValues = z.infer<typeof adminBookingSchema>;

/** Booking and appointment statuses (admin spec §4). */
export const BOOKING_STATUSES = [
  "scheduled",
  "confirmed",
  "completed",
  "cancelled",
  "no-show",
  "pending",
] as const;

/** PATCH /api/bookings/{id}: any subset of the form fields, status and processed. */
export const bookingPatchSchema = adminBookingSchema
  .extend({
    status: z.enum(BOOKING_STATUSES, { error: "Unknown booking status" }),
    processed: z.boolean({ error: "processed must be true or false" }),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to update");

/** The bookings list badge (admin spec §4). */
export function bookingBadge(b: { status: string; processed: boolean }) {
  if (b.status === "no-show") return "No Show" as const;
  if (b.status === "completed" || b.processed) return "Completed" as const;
  return "Pending" as const;
}

/** Process and No Show show only while unprocessed and not no-show (admin spec §4). */
export function canProcess(b: { status: string; processed: boolean }): boolean {
  return !b.processed && b.status !== "no-show";
}

/** Request Review shows only when processed and not no-show (admin spec §4). */
export function canRequestReview(b: { status: string; processed: boolean }): boolean {
  return b.processed && b.status !== "no-show";
}

/** Bookings time filter on the creation date (admin spec §2). */
export const BOOKING_TIME_FILTERS = [
  { id: "all", label: "All Time" },
  { id: "today", label: "Today" },
  { id: "week", label: "This Week" },
  { id: "month", label: "This Month" },
] as const;
export type BookingTimeFilter = (typeof BOOKING_TIME_FILTERS)[number]["id"];

/** Review star labels, index 0 = 1 star (admin spec §2, §9). */
export const REVIEW_LABELS = ["Poor", "Fair", "Good", "Very Good", "Excellent"] as const;

/** POST /api/reviews (admin spec §5 "Review"). */
export const reviewSubmitSchema = z.object({
  bookingId: z.coerce.number({ error: "Invalid booking" }).int().positive("Invalid booking"),
  sig: z.string({ error: "Invalid review link" }).min(1, "Invalid review link").max(200),
  rating: z.coerce
    .number({ error: "Please select a star rating before submitting." })
    .int("Please select a star rating before submitting.")
    .min(1, "Please select a star rating before submitting.")
    .max(5, "Rating must be from 1 to 5"),
  reviewText: z
    .string()
    .trim()
    .max(2000, "Review must be at most 2000 characters")
    .nullish()
    .transform((v) => (v ? v : null)),
});

/** POST /api/send-review-request (admin spec §7). */
export const reviewRequestSchema = z.object({
  bookingId: z.coerce.number({ error: "Invalid booking" }).int().positive("Invalid booking"),
  customerName: z.string().trim().max(100).optional(),
  customerEmail: z.string().trim().max(254).optional(),
  serviceName: z.string().trim().max(200).optional(),
});

/** The word the admin types to confirm Clear Admin Data (issue 6 "Shell"). */
export const CLEAR_DATA_CONFIRM_WORD = "CLEAR";

/** The dashboard's figures are refreshed this often while it is open (admin spec §9: 30 s). */
export const DASHBOARD_REFRESH_MS = 30_000;

/** Dashboard fallback price in naira when a service's price is unknown (admin spec §9). */
export const FALLBACK_SERVICE_PRICE = 35000;

/** Built-in fallback prices by treatment name (admin spec §9); first match wins. */
const FALLBACK_PRICES: ReadonlyArray<[RegExp, number]> = [
  [/hydra ?facial/i, 180000],
  [/dental consultation/i, 15000],
  [/peel/i, 100000],
];

/** A service's value for the dashboard: its price, or the fallback for its name, or 35000. */
export function dashboardServicePrice(name: string, price: number | null): number {
  if (price !== null && price > 0) return price;
  for (const [pattern, value] of FALLBACK_PRICES) if (pattern.test(name)) return value;
  return FALLBACK_SERVICE_PRICE;
}
