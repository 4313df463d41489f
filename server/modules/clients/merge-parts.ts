/**
 * The parts of a client merge (issue 28 item 7) that the merge and its undo share: the tables
 * that name a client, which blank fields of the kept client the merged one fills, and the shape
 * of what a merge stores to be undone
 * (docs/decisions/0210-client-merge-moves-rows-and-keeps-an-undo-record.md).
 */
import { HEALTH_FIELDS } from "#common/clients.ts";
import type { Tx } from "#server/db/client.ts";
import type { ClientRef, ClientRows, MovedRow } from "#server/db/move-rows.ts";
import { moveClientRows, restoreClientRows } from "#server/db/move-rows.ts";
import { reviews } from "#server/db/schema/bookings.ts";
import type { clientHealth, clients } from "#server/db/schema/clients.ts";
import { outbox } from "#server/db/schema/content.ts";
import { orders } from "#server/db/schema/orders.ts";
import { sales } from "#server/db/schema/sales.ts";
import {
  BOOKINGS_OF_CLIENT,
  moveBookingsToClient,
  restoreBookings,
} from "#server/modules/bookings/client-records.ts";
import {
  APPOINTMENTS_OF_CLIENT,
  moveAppointmentsToClient,
  restoreAppointments,
} from "#server/modules/calendar/client-records.ts";

export type ClientRow = typeof clients.$inferSelect;
export type HealthRow = typeof clientHealth.$inferSelect;
export type HealthField = (typeof HEALTH_FIELDS)[number];

/**
 * Tables whose rows follow a client by id or by a copied email. Bookings and appointments are
 * moved through their own modules (one writer per table); orders, sales, reviews and the
 * outbox's `client_email` by this module, as its email change already does (decision 0181).
 */
export const MOVED_TABLES = {
  bookings: {
    rows: BOOKINGS_OF_CLIENT,
    move: moveBookingsToClient,
    restore: restoreBookings,
  },
  appointments: {
    rows: APPOINTMENTS_OF_CLIENT,
    move: moveAppointmentsToClient,
    restore: restoreAppointments,
  },
  sales: ownRows({
    table: sales,
    id: sales.id,
    email: sales.customerEmail,
    clientId: sales.clientId,
  }),
  orders: ownRows({
    table: orders,
    id: orders.id,
    email: orders.customerEmail,
    clientId: orders.clientId,
  }),
  reviews: ownRows({
    table: reviews,
    id: reviews.id,
    email: reviews.customerEmail,
    clientId: null,
  }),
  messages: ownRows({ table: outbox, id: outbox.id, email: outbox.clientEmail, clientId: null }),
} as const;

export type MovedTable = keyof typeof MOVED_TABLES;

function ownRows(rows: ClientRows) {
  return {
    rows,
    move: (tx: Tx, from: ClientRef, to: ClientRef) => moveClientRows(tx, rows, from, to),
    restore: (tx: Tx, moved: MovedRow[], to: ClientRef) => restoreClientRows(tx, rows, moved, to),
  };
}

/** Contact fields a merge copies to the kept client when it has none. */
const FILLABLE = [
  "phone",
  "address",
  "city",
  "state",
  "zipCode",
  "dateOfBirth",
  "referredBy",
  "preferredServices",
] as const;

const blank = (v: unknown) => v === null || v === undefined || v === "";

/**
 * The kept client's blank fields the merged client fills (never an overwrite): contact fields,
 * the name when the kept client has none, marketing consent (with its date and source) when the
 * kept client gave none.
 */
export function blanksFilled(kept: ClientRow, merged: ClientRow): Partial<ClientRow> {
  const fill: Partial<ClientRow> = {};
  for (const f of FILLABLE) {
    if (blank(kept[f]) && !blank(merged[f])) Object.assign(fill, { [f]: merged[f] });
  }
  if (!kept.firstName && !kept.lastName && (merged.firstName || merged.lastName)) {
    fill.firstName = merged.firstName;
    fill.lastName = merged.lastName;
  }
  if (!kept.marketingConsent && merged.marketingConsent) {
    fill.marketingConsent = true;
    fill.marketingConsentAt = merged.marketingConsentAt;
    fill.marketingConsentSource = merged.marketingConsentSource;
  }
  return fill;
}

/** Health fields of `merged` the kept record lacks (the kept record's own are never replaced). */
export function healthFilled(
  kept: HealthRow | undefined,
  merged: HealthRow | undefined,
): Partial<Record<HealthField, string>> {
  const fill: Partial<Record<HealthField, string>> = {};
  if (!merged) return fill;
  for (const f of HEALTH_FIELDS) {
    const value = merged[f];
    if (!blank(value) && blank(kept?.[f])) fill[f] = value as string;
  }
  return fill;
}

/** A value as stored in the undo record (instants as ISO text) for comparing with the row's. */
export const asStored = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : v);

/** What a merge stores to undo it (client_merges.merged_client and .moved). */
export type MergeSnapshot = {
  /** The merged client's row as inserted again (no generated columns; instants ISO). */
  client: Record<string, unknown>;
  health: Record<string, unknown> | null;
  notes: { notes: string; updatedAt: string } | null;
  /** The kept client's fields before the merge filled them, and what they were filled with. */
  keptBefore: Record<string, unknown>;
  keptFilled: Record<string, unknown>;
  keptHealth: { hadRow: boolean; filled: Record<string, unknown> };
  keptNotes: { before: string | null; after: string } | null;
};

export type MergeMoved = Record<MovedTable, MovedRow[]> & {
  newsletter: { movedId: number | null; deleted: { email: string; consentAt: string } | null };
  optOutIds: number[];
  /** The merged client's health entries now on the kept client (issue 30; older merges: none). */
  healthEntryIds?: number[];
  /** Treatment records and photos moved to the kept client (issue 31). */
  treatmentRecords?: { recordIds: number[]; photoIds: number[] };
};
