/**
 * The contraindication check where something is booked, sold or bought (issue 30): reads the
 * client's profile and the catalogue's services and products, runs the one pure check
 * (common/contraindications.ts), and lets the change through, refuses it, or asks for a reason.
 * Callers call it once, in their transaction, so an override's audit record commits with the
 * change (docs/decisions/0220-health-profile-and-contraindication-check.md).
 */
import { inArray, sql } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import {
  type CheckedItem,
  CONTRAINDICATION_MESSAGES,
  checkContraindications,
  type Finding,
} from "#common/contraindications.ts";
import { reachOf, refusalOf } from "#common/roles.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { products, services } from "#server/db/schema/catalog.ts";
import { clients } from "#server/db/schema/clients.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { healthProfileOf } from "./service.ts";

/** What is checked: the catalogue ids booked, sold or bought. */
export type CheckedIds = { serviceIds?: readonly number[]; productIds?: readonly number[] };

/** Where the check runs, for the audit record of an override. */
export type CheckPlace = {
  kind: "appointment" | "sale" | "order" | "booking";
  /** The record's id when it exists already (an appointment change). */
  ref?: string | number | null;
};

async function itemsOf(db: Db | Tx, ids: CheckedIds): Promise<CheckedItem[]> {
  const serviceIds = [...new Set(ids.serviceIds ?? [])];
  const productIds = [...new Set(ids.productIds ?? [])];
  const [serviceRows, productRows] = await Promise.all([
    serviceIds.length
      ? db
          .select({ name: services.name, category: services.category })
          .from(services)
          .where(inArray(services.id, serviceIds))
      : [],
    productIds.length
      ? db
          .select({
            name: products.name,
            category: products.category,
            ingredients: products.ingredients,
          })
          .from(products)
          .where(inArray(products.id, productIds))
      : [],
  ]);
  return [
    ...serviceRows.map((s) => ({ kind: "service" as const, ...s })),
    ...productRows.map((p) => ({ kind: "product" as const, ...p })),
  ];
}

/**
 * Whether an appointment in `status` is checked when it is made or changed: a booking
 * (pending, scheduled, confirmed). Completing, cancelling or a no-show decide nothing new.
 */
export function isBookingStatus(status: string): boolean {
  return status === "pending" || status === "scheduled" || status === "confirmed";
}

/** The client with `email` (case-insensitive), or null. */
export async function clientIdByEmail(db: Db | Tx, email: string): Promise<number | null> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(sql`lower(${clients.email}) = ${email.trim().toLowerCase()}`);
  return row?.id ?? null;
}

/** The findings of client `clientId`'s profile against `ids`; [] for no client. */
export async function findingsFor(
  db: Db | Tx,
  clientId: number | null,
  ids: CheckedIds,
): Promise<Finding[]> {
  if (clientId === null) return [];
  const items = await itemsOf(db, ids);
  if (items.length === 0) return [];
  return checkContraindications(await healthProfileOf(db, clientId), items);
}

/**
 * Staff's check (calendar create/edit/confirm, the till): block findings refuse the change
 * unless a therapist or a manager gives a reason; warn findings go ahead with a reason from
 * whoever makes the change; informs never stop it. An override is audited ('health.override':
 * the rule ids, the items, the reason, the place; no recorded details).
 * @returns the findings that were let through (informs, or overridden ones).
 * @throws HttpError 400 a block without a reason, 409 a warn without one (both with `findings`
 *   in the error body, so the screen can show them and send the change again with
 *   `healthOverrideReason`); 403 a block overridden by a role without health.override.
 */
export async function enforceHealthCheck(
  tx: Db | Tx,
  admin: AdminIdentity,
  check: {
    clientId: number | null;
    ids: CheckedIds;
    overrideReason?: string | null;
    place: CheckPlace;
  },
): Promise<Finding[]> {
  const findings = await findingsFor(tx, check.clientId, check.ids);
  const stopping = findings.filter((f) => f.level !== "inform");
  if (stopping.length === 0) return findings;
  const reason = check.overrideReason?.trim() ?? "";
  const block = stopping.find((f) => f.level === "block");
  if (!reason) {
    const first = block ?? stopping[0];
    throw new HttpError(
      block ? 400 : 409,
      first?.message ?? CONTRAINDICATION_MESSAGES.acknowledge,
      { healthOverrideReason: CONTRAINDICATION_MESSAGES.acknowledge },
      { findings },
    );
  }
  if (block && reachOf(admin.role, "health.override") !== "all") {
    throw new HttpError(403, refusalOf("health.override"), undefined, { findings });
  }
  await recordAudit(tx, admin, {
    action: "health.override",
    entity: "client",
    entityId: check.clientId,
    details: {
      place: check.place.kind,
      ref: check.place.ref ?? null,
      rules: stopping.map((f) => ({ ruleId: f.ruleId, level: f.level, item: f.item })),
      reason,
    },
  });
  return findings;
}

/**
 * The shop's and the public booking form's check (issue 30): for a known client only, and
 * never showing them anything of their health record. A block or a warn refuses with the
 * consultation message naming the item; nobody can override it from there.
 * @throws HttpError 409 'A consultation is recommended before this product.' with
 *   `fields.items` naming the product, or the booking form's treatment message on
 *   `fields.service`.
 */
export async function refuseForPublic(
  db: Db | Tx,
  email: string,
  ids: CheckedIds,
  kind: "product" | "treatment",
): Promise<void> {
  const clientId = await clientIdByEmail(db, email);
  const findings = (await findingsFor(db, clientId, ids)).filter((f) => f.level !== "inform");
  const first = findings[0];
  if (!first) return;
  const message =
    kind === "product"
      ? CONTRAINDICATION_MESSAGES.shopConsultation
      : CONTRAINDICATION_MESSAGES.bookingConsultation;
  // The booking form shows `fields.service` under its Service field; the shop's cart `items`.
  const fields: Record<string, string> =
    kind === "product" ? { items: `${first.item}: ${message}` } : { service: message };
  throw new HttpError(409, message, fields);
}
