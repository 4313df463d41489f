/**
 * Clients (admin spec §2 "Clients screen", §3 "Customer (managed client)", "Client list row",
 * §5 "Add customer", §7, §8): value lists, the spec's texts, zod input schemas shared by the
 * dialogs and the API, response shapes and `ClientsPages`. The database builds its CHECK
 * constraints from the lists (server/db/schema/clients.ts), so a value added needs a migration.
 */

import { z } from "zod";
import type { ClientMergeRecord, DuplicateMatch } from "./client-merge.ts";
import type { OptOutChoice } from "./consent.ts";
import { emailField, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "./contact.ts";
import { listQuerySchema, oneOf, type Page } from "./paging.ts";
import type { ReviewRecord } from "./reviews.ts";

/** A client's status; new customers default to active (admin spec §5). */
export const CLIENT_STATUSES = ["active", "inactive", "prospect"] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export const DEFAULT_CLIENT_STATUS: ClientStatus = "active";

/**
 * How the client came to the clinic; the add-customer form defaults to manual, clients found in
 * website bookings, orders, reviews and newsletter sign-ups are 'website'.
 */
export const CLIENT_SOURCES = ["manual", "website", "referral", "social_media", "walk_in"] as const;
export type ClientSource = (typeof CLIENT_SOURCES)[number];
export const DEFAULT_CLIENT_SOURCE: ClientSource = "manual";

/** Skin types of the client's health record (admin spec §3). */
export const SKIN_TYPES = ["oily", "dry", "combination", "sensitive", "normal"] as const;
export type SkinType = (typeof SKIN_TYPES)[number];

/** How a client's marketing consent was given (NDPA 2023: recorded with its date and source). */
export const CONSENT_SOURCES = ["newsletter", "admin"] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** Admin spec §8 "Clients" texts, word for word. */
export const CLIENT_MESSAGES = {
  created: "Customer created successfully",
  createFailed: "Failed to create customer",
  updated: "Customer Updated",
  updatedText: "Customer information updated successfully",
  updateFailed: "Failed to update customer information.",
  deleted: "Customer Deleted",
  deletedText: "Customer has been removed from the database.",
  deleteFailed: "Failed to delete customer.",
  missingId: "Cannot Delete: Customer ID is missing.",
  notesUpdated: "Notes Updated",
  notesUpdatedText: "Customer notes have been successfully updated.",
  notesFailed: "Failed to update customer notes.",
  saleRecorded: "Sale Recorded",
  saleRecordedText: "Sale has been successfully recorded.",
  saleFailed: "Failed to record sale",
  appointmentCreated: "Appointment Created",
  appointmentCreatedText: "New appointment has been scheduled successfully.",
  appointmentFailed: "Failed to create appointment",
  bookingProcessed: "Booking marked as processed successfully",
  bookingStatusFailed: "Failed to update booking status",
  emptySearch: "No customers found matching your search criteria.",
  emptyList: "No customers yet. Add your first customer to get started.",
  emptyBookings: "No bookings yet. Customers will appear here when they make appointments.",
  duplicateEmail: "A customer with this email already exists",
  notFound: "Customer not found",
} as const;

/** The confirmation of Delete (admin spec §5 "Delete customer"). */
export function deleteCustomerQuestion(name: string): string {
  return `Are you sure you want to delete ${name}? This action cannot be undone.`;
}

/** The name a client without one is listed under (admin spec §3 "Client list row"). */
export const SUBSCRIBER_NAME = "Newsletter Subscriber";

/** Statuses the Clients screen shows (admin spec §3 "Client list row"). */
export const CLIENT_ROW_STATUSES = ["Active", "Inactive", "Prospect", "Subscriber"] as const;
export type ClientRowStatus = (typeof CLIENT_ROW_STATUSES)[number];

/** The status filter (admin spec §2): All Status, Active, Subscriber, Inactive. */
export const CLIENT_STATUS_FILTERS = [
  { id: "all", label: "All Status" },
  { id: "active", label: "Active" },
  { id: "subscriber", label: "Subscriber" },
  { id: "inactive", label: "Inactive" },
] as const;
export type ClientStatusFilter = (typeof CLIENT_STATUS_FILTERS)[number]["id"];

/**
 * Orders of the Customer Database table; `recent` (newest client first) is the default. Bookings
 * and last activity are derived per page, so they are shown but not sortable
 * (docs/decisions/0092-list-status-without-look-ups.md).
 */
export const CLIENT_SORTS = ["recent", "name", "status"] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

/** The Clients screen's URL params (common/paging.ts): q, status, sort, dir, page, client. */
export const clientListQuerySchema = listQuerySchema.extend({
  status: oneOf(["all", "active", "subscriber", "inactive"], "all"),
  sort: oneOf(CLIENT_SORTS, "recent"),
  dir: oneOf(["asc", "desc"], "desc"),
  /** 'duplicates': only clients that share a phone or a name with another (issue 28 item 7). */
  view: oneOf(["all", "duplicates"], "all"),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

/**
 * One row of the Customer Database (admin spec §3 "Client list row"): one per person (email,
 * case-insensitive). No health fields. Money in naira (a number with at most 2 decimals).
 */
export type ClientRow = {
  id: number;
  email: string;
  /** 'First Last', or 'Newsletter Subscriber' when no name is known. */
  name: string;
  /** The phone, or '-' when none is known. */
  phone: string;
  /** Booking requests plus appointments not made from one. */
  totalBookings: number;
  /** ISO 8601 UTC of the latest booking or appointment, or null. */
  lastBooking: string | null;
  lastService: string | null;
  /** ISO 8601 UTC of the latest booking, appointment, sale or paid order, or null. */
  lastActivity: string | null;
  /** Naira: completed sales plus paid orders. */
  totalSpent: number;
  status: ClientRowStatus;
  /** Added or edited by staff (any source but the website). */
  isManaged: boolean;
  sourceType: "customer" | "booking" | "subscriber";
  /** Shares a phone (+234) or a name with another client (issue 28 item 7). */
  possibleDuplicate: boolean;
};

/** The four stat cards (admin spec §2). */
export type ClientStats = {
  totalCustomers: number;
  totalBookings: number;
  /** Bookings created this Lagos calendar month. */
  thisMonth: number;
  newsletterSubs: number;
  /** Clients sharing a phone or a name with another (issue 28 item 7; not a spec card). */
  possibleDuplicates: number;
};

/** A client's health record (sensitive: only in the client's own record and export). */
export type ClientHealth = {
  emergencyContact: string | null;
  emergencyPhone: string | null;
  medicalConditions: string | null;
  allergies: string | null;
  skinType: SkinType | null;
};

/** The health fields' names, so tests and exports can check where they appear. */
export const HEALTH_FIELDS = [
  "emergencyContact",
  "emergencyPhone",
  "medicalConditions",
  "allergies",
  "skinType",
] as const satisfies readonly (keyof ClientHealth)[];

/** A client's own record (admin spec §3 "Customer"), health included. Money in naira. */
export type ClientRecord = ClientHealth & {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  /** 'YYYY-MM-DD' or null. */
  dateOfBirth: string | null;
  status: ClientStatus;
  marketingConsent: boolean;
  /** ISO 8601 UTC when consent was given, or null. */
  marketingConsentAt: string | null;
  marketingConsentSource: ConsentSource | null;
  source: ClientSource;
  referredBy: string | null;
  preferredServices: string | null;
  /** ISO 8601 UTC of the latest completed visit, or null ('No visits yet'). */
  lastVisit: string | null;
  /** Naira as a string with 2 decimals (spec: numeric string). */
  totalSpent: string;
  subscribed: boolean;
  createdAt: string;
};

/**
 * One sale as the customer dialog lists it: the spec's Sale record (admin spec §3; common/sales.ts
 * `SaleRecord`, one per sale line, is what GET /api/sales answers) folded to one row per sale —
 * the first line's type, item and unit price, the item names joined and quantities summed.
 * Money as naira strings with 2 decimals.
 */
export type ClientSale = {
  id: number;
  saleNumber: number;
  type: "product" | "service";
  customerName: string;
  customerEmail: string | null;
  customerPhone: string | null;
  paymentMethod: string;
  itemId: number | null;
  itemName: string;
  quantity: number;
  unitPrice: string;
  totalAmount: string;
  status: string;
  notes: string | null;
  /** ISO 8601 UTC. */
  saleDate: string;
};

/** Sales Summary (admin spec §2): completed sales only, naira. */
export type SalesSummary = { totalSpent: number; totalOrders: number; averageOrder: number };

/** One visit (booking request or appointment) of a client. */
export type ClientVisit = {
  /** 'booking-{id}' or 'appointment-{id}'. */
  key: string;
  serviceName: string;
  /** ISO 8601 UTC: when the visit is or was. */
  date: string;
  status: string;
  /** Recent Activity's label. */
  label: "Completed" | "Pending" | "Cancelled" | "No Show";
};

export type TimelineKind = "visit" | "sale" | "order" | "review" | "note" | "message";
/** One item of the client's timeline, newest first. */
export type TimelineItem = {
  key: string;
  kind: TimelineKind;
  /** ISO 8601 UTC. */
  at: string;
  title: string;
  detail: string;
};

export type CustomerNote = { notes: string; updatedAt: string | null };

/** Everything the customer detail dialog shows for one client (admin spec §2). */
export type ClientDetail = {
  client: ClientRecord;
  summary: { total: number; completed: number; cancelled: number };
  /** Latest 3 visits (Recent Activity). */
  recentActivity: ClientVisit[];
  sales: ClientSale[];
  salesSummary: SalesSummary;
  reviews: ReviewRecord[];
  notes: CustomerNote;
  timeline: TimelineItem[];
  /** Their opt-outs of reminders and marketing, by email and WhatsApp (issue 17). */
  optOuts: OptOutChoice[];
  /** Other clients that may be the same person (issue 28 item 7). */
  duplicates: DuplicateMatch[];
  /** Merges into this client that can still be undone. */
  merges: ClientMergeRecord[];
};

/** An unprocessed booking on the Recent Bookings card. */
export type RecentBooking = {
  id: number;
  name: string;
  email: string;
  phone: string;
  serviceName: string;
  /** ISO 8601 UTC: the service date. */
  date: string;
  message: string | null;
  /** ISO 8601 UTC: when it was requested. */
  createdAt: string;
};

/** Recent Bookings: up to 10 (admin spec §9). */
export const RECENT_BOOKINGS_LIMIT = 10;
/** Recent Activity: 3 items (admin spec §9). */
export const RECENT_ACTIVITY_LIMIT = 3;

/** What the Clients route loader reads (server/modules/clients/pages.ts). */
export type ClientsPages = {
  page(query: ClientListQuery): Promise<Page<ClientRow>>;
  stats(): Promise<ClientStats>;
  recentBookings(): Promise<RecentBooking[]>;
  /** The dialog's data, or null for an unknown id. */
  detail(id: number): Promise<ClientDetail | null>;
  /** The catalogue the Record Sale and Schedule dialogs offer (naira prices). */
  saleItems(): Promise<{
    services: { id: number; name: string; price: number }[];
    products: { id: number; name: string; price: number }[];
  }>;
};

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** 'YYYY-MM-DD' or empty (null). */
const dateOfBirth = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v.slice(0, 10) : null))
  .refine((v) => v === null || isRealDate(v), "Please enter a valid date");

function isRealDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= "1900-01-01";
}

/**
 * POST /api/customers and the Add New Customer form (admin spec §3, §5): firstName, lastName and
 * email required; empty optional fields become null; defaults status active, source manual,
 * marketing consent false.
 */
export const customerInputSchema = z.object({
  firstName: z
    .string({ error: "First name is required" })
    .trim()
    .min(1, "First name is required")
    .max(NAME_MAX_LENGTH, `Must be at most ${NAME_MAX_LENGTH} characters`),
  lastName: z
    .string({ error: "Last name is required" })
    .trim()
    .min(1, "Last name is required")
    .max(NAME_MAX_LENGTH, `Must be at most ${NAME_MAX_LENGTH} characters`),
  email: emailField({ invalid: "Valid email is required", required: "Email is required" }),
  phone: optionalText(PHONE_MAX_LENGTH),
  address: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  zipCode: optionalText(20),
  dateOfBirth,
  status: z.enum(CLIENT_STATUSES, { error: "Choose a status" }).default(DEFAULT_CLIENT_STATUS),
  marketingConsent: z.boolean({ error: "Choose yes or no" }).default(false),
  source: z.enum(CLIENT_SOURCES, { error: "Choose a source" }).default(DEFAULT_CLIENT_SOURCE),
  emergencyContact: optionalText(NAME_MAX_LENGTH),
  emergencyPhone: optionalText(PHONE_MAX_LENGTH),
  medicalConditions: optionalText(2000),
  allergies: optionalText(2000),
  skinType: z
    .union([z.enum(SKIN_TYPES), z.literal(""), z.null()], { error: "Choose a skin type" })
    .optional()
    .transform((v) => (v ? v : null)),
  preferredServices: optionalText(500),
  referredBy: optionalText(NAME_MAX_LENGTH),
});
export type CustomerInput = z.output<typeof customerInputSchema>;
export type CustomerFormValues = z.input<typeof customerInputSchema>;

const customerDetailsFields = {
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(NAME_MAX_LENGTH * 2, "Name is too long"),
  phone: optionalText(PHONE_MAX_LENGTH),
  email: emailField({ invalid: "Valid email is required" }),
};

/** PATCH /api/customers/{email} (admin spec §7): name, phone, newEmail (only if changed). */
export const customerPatchSchema = z.object({
  name: customerDetailsFields.name.optional(),
  phone: customerDetailsFields.phone,
  newEmail: customerDetailsFields.email.optional(),
});
export type CustomerPatch = z.output<typeof customerPatchSchema>;

/**
 * The customer dialog's Client Details form (admin spec §2, §5): name, email and phone, with the
 * PATCH's own fields and messages; the dialog sends `newEmail` only when the email changed.
 */
export const customerDetailsFormSchema = z.object(customerDetailsFields);

/** PUT /api/customer-notes/{email}: trimmed; empty saves as empty text (admin spec §5). */
export const customerNotesSchema = z.object({
  notes: z
    .string({ error: "Notes must be text" })
    .max(20_000, "Notes must be at most 20000 characters")
    .nullish()
    .transform((v) => (v ?? "").trim()),
});

/** Lagos-free helper: a client's display name, 'Newsletter Subscriber' when none is known. */
export function clientDisplayName(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`.trim() || SUBSCRIBER_NAME;
}

/**
 * The digits a phone search compares, in national form: '+234 803…' and '234803…' → '0803…',
 * '0803 123' → '0803123'; null when `text` is not phone-like (letters, or under 4 digits).
 */
export function phoneSearchDigits(text: string): string | null {
  if (!/^[+\d\s().-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, "");
  if (digits.length < 4) return null;
  return digits.startsWith("234") ? `0${digits.slice(3)}` : digits;
}
