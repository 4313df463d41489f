/**
 * Client (managed customer) constants (admin spec §3 "Customer (managed client)", §5 "Add
 * customer"). Pure values and types only; the database builds its CHECK constraints from these
 * lists (server/db/schema/clients.ts), so a value added here needs a migration.
 */

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
