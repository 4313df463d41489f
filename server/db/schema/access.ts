/**
 * Admin accounts, their sessions and the audit log of admin changes.
 * Money is integer kobo; instants are timestamptz (ARCHITECTURE.md "Data rules").
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

/** Staff accounts that may sign in to /admin. */
export const adminUsers = pgTable("admin_users", {
  id: serial("id").primaryKey(),
  username: text("username").notNull().unique(),
  /** 'scrypt$N$r$p$salt$hash' (base64url parts). */
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
});

/** Admin sign-in sessions; the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * Who changed what in the back office, and when; written in the same transaction as the change
 * (issue 6 "Authorisation"). `adminUsername` is copied so the record survives the account.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    adminId: integer("admin_id"),
    adminUsername: text("admin_username").notNull(),
    /** e.g. 'service.create', 'booking.process', 'admin.clear-data'. */
    action: text("action").notNull(),
    /** e.g. 'service', 'product', 'booking'. */
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    /** What changed: the new values, or a summary. */
    details: jsonb("details").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_at_idx").on(t.createdAt)],
);
