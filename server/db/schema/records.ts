/**
 * Treatment records, their amendments, treatment photos and aftercare templates (issue 31;
 * ARCHITECTURE.md "The visit"). One writer: server/modules/records. Health data under NDPA 2023:
 * read only by clinical roles through that module, every read audited, never in lists, search,
 * messages or logs (docs/decisions/0270-treatment-records-append-only-with-amendments.md,
 * 0271-treatment-photos-private-files-behind-the-app.md).
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
import type { RecordFields } from "#common/records.ts";
import { PHOTO_KINDS } from "#common/records.ts";
import { appointments } from "./calendar.ts";
import { services } from "./catalog.ts";
import { clients } from "./clients.ts";
import { createdAt, oneOf, updatedAt } from "./columns.ts";

/**
 * One treatment record per appointment. A draft is changed in place; once signed off
 * (`signed_at`) its fields never change again: amendments are rows of
 * `treatment_record_amendments` (a trigger refuses an update of a signed record's fields).
 * An erased client's signed records stay, detached (client_id null, `former_client_id` kept so
 * the audit log's erasure entry still leads to them): the clinic must keep medical records.
 */
export const treatmentRecords = pgTable(
  "treatment_records",
  {
    id: serial("id").primaryKey(),
    appointmentId: integer("appointment_id").references(() => appointments.id, {
      onDelete: "set null",
    }),
    clientId: integer("client_id").references(() => clients.id, { onDelete: "set null" }),
    /** The client's id after erasure (not a reference: the row is gone). */
    formerClientId: integer("former_client_id"),
    /** The appointment's service and time, copied so the record reads alone. */
    serviceName: text("service_name").notNull(),
    visitAt: timestamp("visit_at", { withTimezone: true }),
    staffId: integer("staff_id"),
    staffName: text("staff_name"),
    /** The clinician's fields as written (common/records.ts RecordFields). */
    fields: jsonb("fields").$type<RecordFields>().notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    signedBy: text("signed_by"),
    signedAt: timestamp("signed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("treatment_records_appointment_unique").on(t.appointmentId),
    index("treatment_records_client_idx").on(t.clientId),
  ],
);

/** An amendment of a signed record: what changed, why, who and when. Never updated. */
export const treatmentRecordAmendments = pgTable(
  "treatment_record_amendments",
  {
    id: serial("id").primaryKey(),
    recordId: integer("record_id")
      .notNull()
      .references(() => treatmentRecords.id, { onDelete: "cascade" }),
    changes: jsonb("changes").$type<Partial<RecordFields>>().notNull(),
    reason: text("reason").notNull(),
    amendedBy: text("amended_by").notNull(),
    amendedAt: timestamp("amended_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("treatment_record_amendments_record_idx").on(t.recordId)],
);

/**
 * A before/after photo: the file (resized, metadata stripped) is in the photo store under
 * `storage_key`, never in a public folder; this row says whose it is and who took it.
 */
export const treatmentPhotos = pgTable(
  "treatment_photos",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    appointmentId: integer("appointment_id").references(() => appointments.id, {
      onDelete: "set null",
    }),
    kind: text("kind").notNull(),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    takenBy: text("taken_by").notNull(),
    takenAt: createdAt(),
  },
  (t) => [
    index("treatment_photos_client_idx").on(t.clientId),
    index("treatment_photos_appointment_idx").on(t.appointmentId),
    uniqueIndex("treatment_photos_storage_key_unique").on(t.storageKey),
    check("treatment_photos_kind_valid", oneOf(t.kind, PHOTO_KINDS)),
  ],
);

/** The aftercare of one treatment (service): sent when its visit is completed. */
export const aftercareTemplates = pgTable("aftercare_templates", {
  serviceId: integer("service_id")
    .primaryKey()
    .references(() => services.id, { onDelete: "cascade" }),
  text: text("text").notNull(),
  dos: jsonb("dos").$type<string[]>().notNull().default([]),
  donts: jsonb("donts").$type<string[]>().notNull().default([]),
  /** Shop products recommended for home care, in the order shown. */
  productIds: jsonb("product_ids").$type<number[]>().notNull().default([]),
  /** Days after the visit for the follow-up with a booking link; null: no follow-up. */
  followUpDays: integer("follow_up_days"),
  followUpText: text("follow_up_text"),
  updatedBy: text("updated_by").notNull(),
  updatedAt: updatedAt(),
});
