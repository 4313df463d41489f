/**
 * The clinic's settings a manager changes from the back office (issue 28: "completing a visit can
 * queue the review request by itself (a setting)"; docs/decisions/0241). One row, id 1, created
 * with its defaults on the first read or change.
 */
import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns.ts";

export const clinicSettings = pgTable(
  "clinic_settings",
  {
    /** Always 1: the clinic has one set of settings. */
    id: integer("id").primaryKey().default(1),
    /** Completing a visit queues its booking's review request (default off). */
    reviewRequestOnComplete: boolean("review_request_on_complete").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check("clinic_settings_one_row", sql`${t.id} = 1`)],
);
