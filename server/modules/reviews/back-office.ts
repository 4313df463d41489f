/** The reviews' part of the back office: Clear Admin Data empties them (server/back-office.ts). */
import type { ClearableTable } from "#server/back-office.ts";
import { reviews } from "#server/db/schema/bookings.ts";

export const reviewsClearable: ClearableTable[] = [{ name: "reviews", table: reviews }];
