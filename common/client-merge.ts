/**
 * Possible duplicate clients and the manual merge (issue 28 item 7): shapes the Clients screen
 * renders, the merge request's schema and the messages. Duplicates are found by phone (the same
 * Nigerian number in any of its forms, +234) or by name (lower-cased, spaces collapsed); the
 * manager merges one client into another and may undo it for 30 days
 * (docs/decisions/0210-client-merge-moves-rows-and-keeps-an-undo-record.md).
 */
import { z } from "zod";
import { databaseIdSchema } from "./ids.ts";

/** How long a merge can be undone (days). */
export const MERGE_UNDO_DAYS = 30;

export const MERGE_MESSAGES = {
  chooseClient: "Choose the client to merge into this one.",
  self: "A client cannot be merged into itself.",
  merged: "Clients merged",
  mergeFailed: "Failed to merge clients",
  undone: "Merge undone",
  undoFailed: "Failed to undo the merge",
  mergeNotFound: "Merge not found",
  alreadyUndone: "This merge has already been undone.",
  undoExpired: `This merge is older than ${MERGE_UNDO_DAYS} days and can no longer be undone.`,
  emailTaken:
    "Cannot undo: the merged client's email now belongs to another client. Merge or change that client first.",
} as const;

/** POST /api/customers/{id}/merge: the client merged into client {id}. */
export const mergeRequestSchema = z.object({
  mergeId: databaseIdSchema(MERGE_MESSAGES.chooseClient),
});

/** Why two clients look like one person. */
export type DuplicateReason = "phone" | "name";

/** Another client that may be the same person (no health fields). */
export type DuplicateMatch = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  reasons: DuplicateReason[];
};

/** A client as the merge dialog names them (contact fields only). */
export type MergeParty = { id: number; name: string; email: string; phone: string | null };

/** What a merge would move from the merged client to the kept one: counts of rows. */
export type MergeCounts = {
  bookings: number;
  appointments: number;
  sales: number;
  orders: number;
  reviews: number;
  messages: number;
  notes: number;
  /** Marketing consent on the merged client's row, plus their email opt-outs. */
  consent: number;
  /** 1 when the merged client has a health record (its contents are never shown). */
  healthRecords: number;
  newsletter: number;
};

/**
 * GET /api/customers/{id}/merge-preview?mergeId=: who stays, who goes, what moves and which
 * blank fields of the kept client are filled (names of contact fields; health only as a count).
 */
export type MergePreview = {
  keep: MergeParty;
  merge: MergeParty;
  moves: MergeCounts;
  fills: string[];
  healthFieldsFilled: number;
};

/** A merge into a client that can still be undone (the detail dialog's "Undo merge"). */
export type ClientMergeRecord = {
  id: number;
  mergedClientId: number;
  /** The merged client's name and email as they were. */
  mergedName: string;
  mergedEmail: string;
  mergedBy: string;
  /** ISO 8601 UTC. */
  mergedAt: string;
  /** ISO 8601 UTC: the last instant Undo is allowed. */
  undoUntil: string;
};

/** The labels the preview shows for each count, in order. */
export const MERGE_COUNT_LABELS: Record<keyof MergeCounts, string> = {
  bookings: "Bookings",
  appointments: "Appointments",
  sales: "Sales",
  orders: "Shop orders",
  reviews: "Reviews",
  messages: "Messages",
  notes: "Notes",
  consent: "Consent records",
  healthRecords: "Health record",
  newsletter: "Newsletter sign-up",
};
