/** Column helpers shared by every schema file. */
import { timestamp } from "drizzle-orm/pg-core";

/** `created_at timestamptz not null default now()`. */
export const createdAt = () =>
  timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
/** `updated_at timestamptz not null default now()`; services set it on every change. */
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
