/**
 * A client's rights under the Nigeria Data Protection Act 2023: a copy of everything held about
 * them (JSON) and erasure on request. Erasure removes the person and what identifies them, and
 * keeps the money records the accounts need (sales, orders) with the person's details removed;
 * the audit log records that it happened, without the erased details.
 */
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq, or, sql } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import type { Logger } from "pino";
import type { AdminIdentity } from "#common/auth.ts";
import { BUSINESS } from "#common/business.ts";
import { CLIENT_MESSAGES } from "#common/clients.ts";
import type { Db } from "#server/db/client.ts";
import {
  mentionsPerson,
  type PersonTraces,
  personTraces,
  textMentionsPerson,
} from "#server/db/person-traces.ts";
import { auditLog } from "#server/db/schema/access.ts";
import { bookings, reviews } from "#server/db/schema/bookings.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { clients } from "#server/db/schema/clients.ts";
import { newsletterSubscribers } from "#server/db/schema/content.ts";
import { orderItems, orders } from "#server/db/schema/orders.ts";
import { sales } from "#server/db/schema/sales.ts";
import { HttpError } from "#server/http.ts";
import { eraseChatsMentioning } from "#server/modules/advisor/client-records.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { deleteClientBookings } from "#server/modules/bookings/client-records.ts";
import { anonymiseClientAppointments } from "#server/modules/calendar/client-records.ts";
import {
  eraseClientForms,
  exportedSignedForms,
  signedFormText,
} from "#server/modules/forms/client-records.ts";
import { exportedHealthEntries } from "#server/modules/health/service.ts";
import { eraseMessagesAbout } from "#server/modules/messages/client-records.ts";
import { type PhotoStore, removePhotoFiles } from "#server/modules/records/photo-store.ts";
import { eraseClientRecords, exportedRecords } from "#server/modules/records/service.ts";
import { listClientSales } from "#server/modules/sales/records.ts";
import { getClientDetail, getClientRecord } from "./detail.ts";

/**
 * The backups' ageing (server/backup: 7 daily and 4 weekly copies), stated in every export as
 * on the privacy page (issue 34).
 */
export const BACKUP_RETENTION_NOTE =
  "Backups keep the last 7 daily and 4 weekly copies: data erased at your request is gone from every backup within 5 weeks.";

/**
 * What an erasure keeps of the clinical record and why (issue 31; decision 0272), stated in every
 * export and on the privacy page's terms.
 */
export const CLINICAL_RETENTION_NOTE =
  "Signed treatment records (what was done, products with batch numbers, device settings, the clinician's notes and amendments) are medical records: after an erasure request the clinic keeps them, detached from your name and contact details, for as long as the law requires a clinic to keep medical records. Signed intake and consent forms are kept the same way, without your name, signature, IP address and browser. Before/after photos and unsigned drafts are erased.";

/** What an erased person's name becomes on the records that are kept. */
export const ERASED_NAME = "Erased client";

/** The client's shop orders with their lines, as the export shows them (naira). */
function exportedOrders(
  orderRows: Array<typeof orders.$inferSelect>,
  items: Array<typeof orderItems.$inferSelect>,
) {
  return orderRows.map((o) => ({
    id: o.id,
    status: o.status,
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    customerPhone: o.customerPhone,
    deliveryAddress: o.deliveryAddress,
    deliveryCity: o.deliveryCity,
    deliveryState: o.deliveryState,
    deliveryPostalCode: o.deliveryPostalCode,
    deliveryCountry: o.deliveryCountry,
    deliveryInstructions: o.deliveryInstructions,
    total: o.totalKobo / 100,
    createdAt: o.createdAt.toISOString(),
    items: items
      .filter((i) => i.orderId === o.id)
      .map((i) => ({
        productName: i.productName,
        unitPrice: i.unitPriceKobo / 100,
        quantity: i.quantity,
      })),
  }));
}

/**
 * The client's export (GET /api/customers/{id}/export): the record with health data and the
 * health profile's entries (the only export that carries them, issue 30), notes,
 * bookings, appointments, sales, shop orders with their lines, reviews and the newsletter
 * sign-up. Audited (who exported whom; not the data).
 * @throws HttpError 404 for an unknown id.
 */
export async function exportClient(db: Db, admin: AdminIdentity, id: number) {
  const detail = await getClientDetail(db, id);
  if (!detail) throw new HttpError(404, CLIENT_MESSAGES.notFound);
  const email = detail.client.email.toLowerCase();
  const [bookingRows, appointmentRows, orderRows, subscriberRows, sales] = await Promise.all([
    db
      .select()
      .from(bookings)
      .where(sql`${bookings.clientId} = ${id} or lower(${bookings.email}) = ${email}`),
    db
      .select()
      .from(appointments)
      .where(
        sql`${appointments.clientId} = ${id} or lower(${appointments.customerEmail}) = ${email}`,
      ),
    db
      .select()
      .from(orders)
      .where(sql`${orders.clientId} = ${id} or lower(${orders.customerEmail}) = ${email}`),
    db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)),
    listClientSales(db, { clientId: id, email }),
  ]);
  const items =
    orderRows.length === 0
      ? []
      : await db
          .select()
          .from(orderItems)
          .where(
            sql`${orderItems.orderId} in (${sql.join(
              orderRows.map((o) => sql`${o.id}`),
              sql`, `,
            )})`,
          );
  const [client, health, clinical, forms] = await Promise.all([
    getClientRecord(db, id, { withHealth: true }),
    exportedHealthEntries(db, id),
    exportedRecords(db, id),
    exportedSignedForms(db, id),
  ]);
  // What left the clinic, by kind: the export carries health data, records and photos (NDPA).
  await recordAudit(db, admin, {
    action: "client.export",
    entity: "client",
    entityId: id,
    details: {
      healthEntries: health.length,
      signedForms: forms.length,
      treatmentRecords: clinical.records.length,
      photos: clinical.photos.length,
    },
  });
  return {
    exportedAt: new Date().toISOString(),
    /** What happens to this data in the clinic's backups (the privacy policy says the same). */
    retention: BACKUP_RETENTION_NOTE,
    /** What an erasure keeps of the clinical record, and why (issue 31). */
    clinicalRetention: CLINICAL_RETENTION_NOTE,
    client: client ?? detail.client,
    /** The health profile's entries with who recorded them and when (issue 30). */
    health,
    notes: detail.notes,
    bookings: bookingRows.map((b) => ({
      id: b.id,
      name: b.name,
      email: b.email,
      phone: b.phone,
      service: b.serviceName,
      date: b.date.toISOString(),
      message: b.message,
      status: b.status,
      processed: b.processed,
      createdAt: b.createdAt.toISOString(),
    })),
    appointments: appointmentRows.map((a) => ({
      id: a.id,
      serviceName: a.serviceName,
      customerName: a.customerName,
      customerEmail: a.customerEmail,
      customerPhone: a.customerPhone,
      appointmentDate: a.startsAt.toISOString(),
      durationMinutes: a.durationMinutes,
      status: a.status,
      notes: a.notes,
    })),
    sales,
    orders: exportedOrders(orderRows, items),
    reviews: detail.reviews,
    newsletter: subscriberRows.map((s) => ({
      email: s.email,
      consentAt: s.consentAt.toISOString(),
    })),
    /**
     * Intake and consent forms as signed (issue 31): version, the exact text and its SHA-256,
     * answers, signature, time, IP and user agent. In the zip also as forms/{id}.txt (and the
     * drawn signature as forms/{id}-signature.png).
     */
    signedForms: forms,
    /** Treatment records with their amendments (issue 31). */
    treatmentRecords: clinical.records,
    /** Before/after photos: the files are in the zip's photos/ folder under `file`. */
    photos: clinical.photos.map(({ storageKey: _key, url: _url, ...p }) => ({
      ...p,
      file: photoFileName(p),
    })),
  };
}

/** A photo's name inside the export zip. */
function photoFileName(p: { id: number; kind: string }): string {
  return `photos/${p.id}-${p.kind}.jpg`;
}

/**
 * GET /api/customers/{id}/export.zip: the client's export as a zip (fflate): `client.json` (the
 * same data as the JSON export, audited the same way), every signed form as `forms/{id}.txt`
 * (the text signed, the answers and the signature's facts) with its drawn signature as
 * `forms/{id}-signature.png`, every photo's file under `photos/`, and `README.txt` saying what
 * the files are and what the clinic keeps after an erasure.
 * @throws HttpError 404 for an unknown id.
 */
export async function exportClientZip(
  db: Db,
  store: PhotoStore,
  admin: AdminIdentity,
  id: number,
): Promise<Uint8Array> {
  const data = await exportClient(db, admin, id);
  const files: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {
    "client.json": strToU8(JSON.stringify(data, null, 2)),
    "README.txt": strToU8(
      [
        `Your data held by ${BUSINESS.name}, exported ${data.exportedAt}.`,
        "client.json: your record, health profile, notes, bookings, appointments, sales, orders, reviews, newsletter sign-up, signed forms and treatment records.",
        "forms/: each intake or consent form you signed, as signed (version, the text, its SHA-256, your answers, the time, IP address and browser), and your drawn signature as an image.",
        "photos/: your before/after photos (JPEG, as stored: resized, without location or other metadata).",
        "",
        data.retention,
        data.clinicalRetention,
        "",
      ].join("\n"),
    ),
  };
  for (const form of data.signedForms) {
    files[`forms/${form.id}.txt`] = strToU8(signedFormText(form));
    const png = form.signature?.match(/^data:image\/png;base64,(.+)$/)?.[1];
    if (png) files[`forms/${form.id}-signature.png`] = [Buffer.from(png, "base64"), { level: 0 }];
  }
  const { photos } = await exportedRecords(db, id);
  for (const p of photos) {
    const bytes = await store.get(p.storageKey);
    // JPEG is compressed already: stored, not deflated again.
    if (bytes) files[photoFileName(p)] = [new Uint8Array(bytes), { level: 0 }];
  }
  return zipSync(files, { level: 6 });
}

/**
 * Erases client `id` (POST /api/customers/{id}/erase), in one transaction: the client row with
 * its health record and notes, their booking requests, newsletter sign-up and the emails stored
 * for them go; appointments, sales, shop orders and reviews stay with name 'Erased client' and
 * no email, phone, address or free text; signed treatment records and signed forms stay detached
 * from the person (decisions 0272 and 0316). Recorded in the audit log as 'client.erase' with
 * counts only.
 * @throws HttpError 404 for an unknown id.
 */
export async function eraseClient(
  db: Db,
  admin: AdminIdentity,
  id: number,
  dataDir: string | null = null,
  photoStore: PhotoStore | null = null,
  log?: Pick<Logger, "warn">,
): Promise<{
  erased: true;
  kept: { sales: number; orders: number; treatmentRecords: number; signedForms: number };
}> {
  const { result, traces, photoKeys } = await db.transaction(async (tx) => {
    const [client] = await tx.select().from(clients).where(eq(clients.id, id)).for("update");
    if (!client) throw new HttpError(404, CLIENT_MESSAGES.notFound);
    const email = client.email.toLowerCase();
    const traces = personTraces(email, client.phone, `${client.firstName} ${client.lastName}`);
    const anonEmail = `erased-${id}@erased.invalid`;
    const keptSales = (
      await tx
        .update(sales)
        .set({
          customerName: ERASED_NAME,
          customerEmail: null,
          customerPhone: null,
          notes: null,
          clientId: null,
        })
        .where(or(eq(sales.clientId, id), sql`lower(${sales.customerEmail}) = ${email}`))
        .returning({ id: sales.id })
    ).length;
    const keptOrders = (
      await tx
        .update(orders)
        .set({
          customerName: ERASED_NAME,
          customerEmail: anonEmail,
          customerPhone: "",
          deliveryAddress: "",
          deliveryPostalCode: "",
          deliveryInstructions: null,
          clientId: null,
          paymentData: null,
        })
        .where(or(eq(orders.clientId, id), sql`lower(${orders.customerEmail}) = ${email}`))
        .returning({ id: orders.id })
    ).length;
    await anonymiseClientAppointments(tx, id, email, { name: ERASED_NAME, anonEmail });
    await tx
      .update(reviews)
      .set({ customerName: ERASED_NAME, customerEmail: anonEmail, reviewText: null })
      .where(sql`lower(${reviews.customerEmail}) = ${email}`);
    await deleteClientBookings(tx, id, email);
    await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    const messages = await eraseMessagesAbout(tx, traces);
    // Photos and drafts go; signed records stay detached (medical records; decision 0272).
    const clinical = await eraseClientRecords(tx, id);
    // Signed forms likewise, without the signer's name, signature, IP and browser (0316).
    const keptForms = await eraseClientForms(tx, id, ERASED_NAME);
    const chats = await eraseChatsMentioning(tx, traces);
    await tx.delete(clients).where(eq(clients.id, id));
    // Earlier audit records keep who did what and when, not the person's details.
    await tx
      .update(auditLog)
      .set({ details: { redacted: "client erased" } })
      .where(mentionsPerson([sql`${auditLog.details}::text`], { ...traces, fullName: null }));
    await recordAudit(tx, admin, {
      action: "client.erase",
      entity: "client",
      entityId: id,
      details: {
        keptSales,
        keptOrders,
        messages,
        chats,
        photos: clinical.photos,
        keptTreatmentRecords: clinical.keptRecords,
        keptSignedForms: keptForms,
      },
    });
    return {
      result: {
        erased: true as const,
        kept: {
          sales: keptSales,
          orders: keptOrders,
          treatmentRecords: clinical.keptRecords,
          signedForms: keptForms,
        },
      },
      traces,
      photoKeys: clinical.photoKeys,
    };
  });
  // Files cannot join the transaction: the exports are scrubbed once the erasure has committed.
  if (dataDir) await scrubExports(path.join(dataDir, "exports"), traces);
  // The photo files of the deleted rows, likewise after the commit; a failure is logged only.
  if (photoStore) await removePhotoFiles(photoStore, photoKeys, log);
  return result;
}

/**
 * Removes the person's rows from every JSON export in `dir` (Clear Admin Data's exports,
 * server/modules/admin/data-export.ts: `{ tables: { name: rows[] } }`): a row that mentions
 * their email, phone or name goes; a file that changed is written again in place.
 */
async function scrubExports(dir: string, traces: PersonTraces): Promise<void> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith(".json"));
  } catch {
    return; // no exports yet
  }
  for (const file of files) {
    const full = path.join(dir, file);
    const text = await readFile(full, "utf8");
    if (!textMentionsPerson(text, traces)) continue;
    let data: { tables?: Record<string, unknown[]> };
    try {
      data = JSON.parse(text);
    } catch {
      // Not an export this module wrote (hand-edited or cut short): it cannot be filtered by
      // rows, so it goes rather than keep the person (the erasure has already committed).
      await rm(full, { force: true });
      continue;
    }
    for (const [name, rows] of Object.entries(data.tables ?? {})) {
      data.tables = data.tables ?? {};
      data.tables[name] = rows.filter((row) => !textMentionsPerson(JSON.stringify(row), traces));
    }
    await writeFile(full, JSON.stringify(data, null, 2), { mode: 0o600 });
  }
}
