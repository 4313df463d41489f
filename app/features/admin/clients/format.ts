/**
 * Dates and status colours as the Clients screen shows them (Lagos time); its money is
 * `formatNairaExact` (common/money.ts).
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { BadgeTone } from "#app/features/admin/kit/badge.tsx";
import { BUSINESS_TIME_ZONE } from "#common/business.ts";
import type { ClientRowStatus } from "#common/clients.ts";

/** '12 Mar 2026' in Lagos, or '-' for none. */
export function formatLagosDate(iso: string | null): string {
  return iso ? format(new TZDate(iso, BUSINESS_TIME_ZONE), "d MMM yyyy") : "-";
}

/** '12 Mar 2026, 10:30' in Lagos. */
export function formatLagosDateTime24(iso: string): string {
  return format(new TZDate(iso, BUSINESS_TIME_ZONE), "d MMM yyyy, HH:mm");
}

/** Badge colours of the list's statuses. */
export const STATUS_TONE: Record<ClientRowStatus, BadgeTone> = {
  Active: "green",
  Inactive: "gray",
  Prospect: "amber",
  Subscriber: "amber",
};
