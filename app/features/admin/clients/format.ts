/**
 * Dates and status colours as the Clients screen shows them (Lagos time); its money is
 * `formatNairaExact` (common/money.ts).
 */
import type { BadgeTone } from "#app/features/admin/kit/badge.tsx";
import type { ClientRowStatus } from "#common/clients.ts";

/** Badge colours of the list's statuses. */
export const STATUS_TONE: Record<ClientRowStatus, BadgeTone> = {
  Active: "green",
  Inactive: "gray",
  Prospect: "amber",
  Subscriber: "amber",
};
