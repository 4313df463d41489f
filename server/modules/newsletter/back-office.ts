/** The newsletter's part of the back office: Clear Admin Data empties its subscribers. */
import type { ClearableTable } from "#server/back-office.ts";
import { newsletterSubscribers } from "#server/db/schema/content.ts";

export const newsletterClearable: ClearableTable[] = [
  { name: "newsletter_subscribers", table: newsletterSubscribers },
];
