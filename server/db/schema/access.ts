/**
 * Admin accounts, their sessions and the audit log of admin changes.
 * Money is integer kobo; instants are timestamptz (ARCHITECTURE.md "Data rules").
 */
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ACCESS_ROLES } from "#common/roles.ts";
import { createdAt, oneOf } from "./columns.ts";
import { staff } from "./staff.ts";

/**
 * Accounts that may sign in to /admin: the ADMIN_USERNAME account (a manager, no staff member)
 * and staff members' own accounts (username = their email), made by accepting an invitation.
 */
export const adminUsers = pgTable(
  "admin_users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull().unique(),
    /** 'scrypt$N$r$p$salt$hash' (base64url parts). */
    passwordHash: text("password_hash").notNull(),
    /** 'manager' | 'front_desk' | 'therapist' (common/roles.ts): what the account may do. */
    role: text("role").notNull().default("manager"),
    /** The staff member this account belongs to; removing the member removes the account. */
    staffId: integer("staff_id").references(() => staff.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("admin_users_staff_unique").on(t.staffId),
    check("admin_users_role_valid", oneOf(t.role, ACCESS_ROLES)),
  ],
);

/**
 * Invitations to sign in (issue 13 "Grant access"): the email carries a random token, the table
 * only its SHA-256. Accepting one creates the member's account with `role`; a newer invitation
 * for the member replaces older ones.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("staff_invitations_staff_idx").on(t.staffId),
    check("staff_invitations_role_valid", oneOf(t.role, ACCESS_ROLES)),
  ],
);

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

/**
 * Request counters shared by every instance (issue 14 "Rate limits"): one row per limiter key
 * (e.g. 'public:203.0.113.9', 'login-account:ada@…'), its hits in the current window and when the
 * window ends. express-rate-limit's PostgreSQL store (server/rate-limit.ts) and the sign-in
 * throttle use it when DATABASE_URL is set; PGlite runs one process and counts in memory.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull().default(0),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/**
 * Failed sign-ins per account and per client address (issue 14 "Sessions and login"): after a
 * few failures each further one doubles the wait (`lockedUntil`); a successful sign-in clears
 * the account's row. Shared by every instance, on PGlite and PostgreSQL.
 */
export const loginThrottle = pgTable("login_throttle", {
  /** 'account:{username lower-cased}' or 'address:{client address}'. */
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An account's authenticator (issue 14: optional TOTP second factor). The row is written when
 * set-up starts and counts only once `enabledAt` is set by a correct first code; from then on
 * sign-in asks for a code after the password. Removing the account removes it.
 */
export const adminTotp = pgTable("admin_totp", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => adminUsers.id, { onDelete: "cascade" }),
  /**
   * The base32 secret sealed with AES-256-GCM under a key derived from SESSION_SECRET
   * ('v1.{iv}.{tag}.{ciphertext}', base64url); never sent out after set-up.
   */
  secret: text("secret").notNull(),
  /** When a correct first code turned it on; null while set-up waits for that code. */
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  /** The 30-second time step of the last accepted code; that step and older are refused. */
  lastTimeStep: integer("last_time_step"),
  createdAt: createdAt(),
});

/** Single-use recovery codes of an account's two-step sign-in: only their SHA-256 is stored. */
export const adminRecoveryCodes = pgTable(
  "admin_recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    /** Set when the code signs someone in; a used code is refused. */
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("admin_recovery_codes_user_idx").on(t.userId)],
);
