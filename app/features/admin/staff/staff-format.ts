/** Display helpers of the staff screens: names, labels, hours, Lagos times, URLs. */

import { formatLagosDateTime, lagosClock } from "#common/lagos-time.ts";
import type { StaffMember } from "#common/staff.ts";

export const fullName = (m: Pick<StaffMember, "firstName" | "lastName">) =>
  `${m.firstName} ${m.lastName}`.trim();

/** 'front_desk' → 'Front desk', 'treatments' → 'Treatments'. */
export function label(value: string): string {
  const text = value.replaceAll("_", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** '7.75 h'. */
export const hoursText = (hours: number | null) => (hours === null ? "—" : `${hours.toFixed(2)} h`);

export const when = (iso: string) => formatLagosDateTime(iso);
export const clock = (iso: string) => lagosClock(iso);

/** The staff screen's URL for a tab or a member's detail. */
export function staffHref(params: { tab?: string; member?: number; view?: string }): string {
  const search = new URLSearchParams();
  if (params.tab && params.tab !== "team") search.set("tab", params.tab);
  if (params.member) search.set("member", String(params.member));
  if (params.view && params.view !== "overview") search.set("view", params.view);
  const text = search.toString();
  return text ? `/admin/staff?${text}` : "/admin/staff";
}
