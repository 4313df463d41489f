/**
 * Aftercare (issue 31; ARCHITECTURE.md "The visit": after completion, an aftercare message leads
 * to a prefilled cart). One template per treatment (service): text, do's and don'ts, the shop's
 * home-care products, and an optional follow-up after N days (e.g. a second peel in 4 weeks).
 * When a visit is completed, in the completing write's transaction, the client gets the aftercare
 * by email and WhatsApp (outbox) with a signed one-tap link to `/aftercare/{token}`, which fills
 * the shop's cart with the products that are in stock and pass the contraindication check; the
 * follow-up is queued at once with `notBefore` set to 10:00 Lagos on its day, with a booking
 * link (docs/decisions/0273-aftercare-on-completion-with-a-prefilled-cart.md).
 */
import { asc, eq, ilike, inArray, sql } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import { BUSINESS } from "#common/business.ts";
import { lagosDate, lagosInstant, shiftLagosDate } from "#common/lagos-time.ts";
import { likePattern, type Page, pageWindow } from "#common/paging.ts";
import {
  AFTERCARE_SKIP_REASONS,
  type AftercareCart,
  type AftercareTemplate,
  type AftercareTemplateInput,
  RECORD_MESSAGES,
} from "#common/records.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { appointments } from "#server/db/schema/calendar.ts";
import { products, services } from "#server/db/schema/catalog.ts";
import { aftercareTemplates } from "#server/db/schema/records.ts";
import { HttpError } from "#server/http.ts";
import { auditName, recordAudit } from "#server/modules/audit/service.ts";
import { findingsFor } from "#server/modules/health/check.ts";
import { renderEmail } from "#server/modules/messages/email-layout.ts";
import { afterQuietHours } from "#server/modules/messages/reminders.ts";
import { enqueueMessage, isOptedOut, type NewMessage } from "#server/modules/messages/service.ts";
import { signValue, verifySignedValue } from "#server/signed-links.ts";

const LINK_PURPOSE = "aftercare";
/** The follow-up goes out at 10:00 Lagos on its day (minutes after midnight). */
const FOLLOW_UP_MINUTES = 10 * 60;

/** What aftercare links are signed with and where they point (SESSION_SECRET, site origin). */
export type AftercareLinkKeys = { secret: string; origin: string };

// Set once by createApp: completion happens inside calendar and till writes with no request.
let linkKeys: AftercareLinkKeys | null = null;

/** Sets the keys aftercare links are made with (createApp). */
export function installAftercareLinks(keys: AftercareLinkKeys): void {
  linkKeys = keys;
}

/** The token of appointment `appointmentId`'s aftercare link: '{id}.{signature}'. */
export function aftercareToken(secret: string, appointmentId: number): string {
  return `${appointmentId}.${signValue(secret, LINK_PURPOSE, String(appointmentId))}`;
}

/** The appointment id a token was signed for, or null when it is not a valid token. */
export function appointmentOfToken(secret: string, token: string): number | null {
  const match = /^(\d{1,9})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match?.[1] || !match[2]) return null;
  return verifySignedValue(secret, LINK_PURPOSE, match[1], match[2]) ? Number(match[1]) : null;
}

function toTemplate(
  row: typeof aftercareTemplates.$inferSelect,
  serviceName: string,
): AftercareTemplate {
  return {
    serviceId: row.serviceId,
    serviceName,
    text: row.text,
    dos: row.dos,
    donts: row.donts,
    productIds: row.productIds,
    followUpDays: row.followUpDays,
    followUpText: row.followUpText,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * GET /api/admin/aftercare-templates?q=&page=&pageSize=: the templates, paged and filtered by
 * service name on the server, ordered by service name.
 */
export async function listAftercareTemplates(
  db: Db,
  query: { q?: string; page: number; pageSize: number },
): Promise<Page<AftercareTemplate>> {
  const filter = query.q ? ilike(services.name, likePattern(query.q)) : undefined;
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      matching: filter
        ? sql<number>`(count(*) filter (where ${filter}))::int`
        : sql<number>`count(*)::int`,
    })
    .from(aftercareTemplates)
    .innerJoin(services, eq(services.id, aftercareTemplates.serviceId));
  const total = counts?.total ?? 0;
  const matching = counts?.matching ?? 0;
  const { page, offset } = pageWindow(query.page, query.pageSize, matching);
  const rows = await db
    .select({ t: aftercareTemplates, serviceName: services.name })
    .from(aftercareTemplates)
    .innerJoin(services, eq(services.id, aftercareTemplates.serviceId))
    .where(filter)
    .orderBy(asc(services.name), asc(services.id))
    .limit(query.pageSize)
    .offset(offset);
  return {
    rows: rows.map((r) => toTemplate(r.t, r.serviceName)),
    total,
    matching,
    page,
    pageSize: query.pageSize,
  };
}

/**
 * GET /api/services/{id}/aftercare: service `serviceId`'s template.
 * @throws HttpError 404 when the service has none.
 */
export async function readAftercareTemplate(db: Db, serviceId: number): Promise<AftercareTemplate> {
  const [row] = await db
    .select({ t: aftercareTemplates, serviceName: services.name })
    .from(aftercareTemplates)
    .innerJoin(services, eq(services.id, aftercareTemplates.serviceId))
    .where(eq(aftercareTemplates.serviceId, serviceId));
  if (!row) throw new HttpError(404, RECORD_MESSAGES.templateNotFound);
  return toTemplate(row.t, row.serviceName);
}

/**
 * PUT /api/services/{id}/aftercare: writes service `serviceId`'s template (creates or replaces).
 * Audited ('aftercare.update').
 * @throws HttpError 404 unknown service; 400 a product id that is not in the shop.
 */
export async function saveAftercareTemplate(
  db: Db,
  admin: AdminIdentity,
  serviceId: number,
  input: AftercareTemplateInput,
): Promise<AftercareTemplate> {
  return db.transaction(async (tx) => {
    const [service] = await tx
      .select({ id: services.id, name: services.name })
      .from(services)
      .where(eq(services.id, serviceId));
    if (!service) throw new HttpError(404, RECORD_MESSAGES.serviceNotFound);
    if (input.productIds.length > 0) {
      const found = await tx
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.id, input.productIds));
      if (found.length !== input.productIds.length) {
        throw new HttpError(400, "Pick products from the shop", {
          productIds: "Pick products from the shop",
        });
      }
    }
    const values = { ...input, updatedBy: auditName(admin), updatedAt: new Date() };
    const [row] = await tx
      .insert(aftercareTemplates)
      .values({ serviceId, ...values })
      .onConflictDoUpdate({ target: aftercareTemplates.serviceId, set: values })
      .returning();
    if (!row) throw new Error("aftercare_templates upsert returned no row");
    await recordAudit(tx, admin, {
      action: "aftercare.update",
      entity: "service",
      entityId: serviceId,
    });
    return toTemplate(row, service.name);
  });
}

/** The email and WhatsApp of one visit's aftercare. */
async function aftercareMessages(v: {
  appointmentId: number;
  name: string;
  email: string;
  phone: string;
  serviceName: string;
  text: string;
  dos: string[];
  donts: string[];
  link: string | null;
}): Promise<NewMessage[]> {
  const event = `aftercare:${v.appointmentId}`;
  const refs = { clientEmail: v.email, appointmentId: v.appointmentId };
  const lines = [
    `Dear ${v.name},`,
    `Thank you for your ${v.serviceName} at ${BUSINESS.name}. Here is your aftercare:`,
    v.text,
    ...(v.dos.length ? [{ lines: ["Do:", ...v.dos.map((d) => `• ${d}`)] }] : []),
    ...(v.donts.length ? [{ lines: ["Don't:", ...v.donts.map((d) => `• ${d}`)] }] : []),
    ...(v.link
      ? [
          "Your home-care products are ready in your cart, one tap away:",
          { link: v.link, label: "Open my aftercare cart" },
        ]
      : []),
    "Warm regards,",
  ];
  const email = await renderEmail(
    `Your aftercare for ${v.serviceName} | ${BUSINESS.shortName}`,
    lines,
  );
  const messages: NewMessage[] = [];
  if (v.email.trim()) {
    messages.push({
      event,
      channel: "email",
      to: v.email,
      template: "aftercare",
      ...email,
      payload: { data: { appointmentId: v.appointmentId } },
      refs,
    });
  }
  if (v.phone.trim()) {
    const cart = v.link ? ` Your home-care products are in your cart: ${v.link}` : "";
    messages.push({
      event,
      channel: "whatsapp",
      to: v.phone,
      template: "aftercare",
      subject: `Your aftercare for ${v.serviceName}`,
      text: `Dear ${v.name}, thank you for your ${v.serviceName}. Aftercare: ${v.text}${cart}`,
      payload: {
        whatsapp: {
          name: "aftercare",
          language: "en",
          bodyParams: [v.name, v.serviceName, v.link ?? BUSINESS.phone],
        },
      },
      refs,
    });
  }
  return messages;
}

/** The follow-up (e.g. 'time for your second peel') with a booking link. */
function followUpMessages(v: {
  appointmentId: number;
  name: string;
  email: string;
  phone: string;
  serviceName: string;
  text: string;
  bookingLink: string;
  dueAt: Date;
}): Promise<NewMessage[]> {
  const event = `aftercare-follow-up:${v.appointmentId}`;
  const refs = { clientEmail: v.email, appointmentId: v.appointmentId };
  return (async () => {
    const email = await renderEmail(`Time for your next ${v.serviceName} | ${BUSINESS.shortName}`, [
      `Dear ${v.name},`,
      v.text,
      { link: v.bookingLink, label: "Book your next appointment" },
      "Warm regards,",
    ]);
    const out: NewMessage[] = [];
    if (v.email.trim()) {
      out.push({
        event,
        channel: "email",
        to: v.email,
        template: "aftercare-follow-up",
        ...email,
        payload: { data: { appointmentId: v.appointmentId, dueAt: v.dueAt.toISOString() } },
        refs,
      });
    }
    if (v.phone.trim()) {
      out.push({
        event,
        channel: "whatsapp",
        to: v.phone,
        template: "aftercare-follow-up",
        subject: `Time for your next ${v.serviceName}`,
        text: `Dear ${v.name}, ${v.text} Book here: ${v.bookingLink}`,
        payload: {
          data: { appointmentId: v.appointmentId, dueAt: v.dueAt.toISOString() },
          whatsapp: {
            name: "aftercare_follow_up",
            language: "en",
            bodyParams: [v.name, v.serviceName, v.bookingLink],
          },
        },
        refs,
      });
    }
    return out;
  })();
}

/**
 * In the transaction `tx` that completed `appointmentIds` (Mark Complete, a checkout, a request
 * completed on the calendar): queues each visit's aftercare (email and, with a phone, WhatsApp)
 * when its service has a template, and the template's follow-up for its day (10:00 Lagos). A
 * channel whose recipient opted out of reminders (or all messages) gets no aftercare, as
 * appointment reminders; the follow-up invites a new booking and skips a 'marketing' opt-out. In quiet hours (21:00-07:00 Lagos) the aftercare waits until 07:00.
 * Once per appointment (the event key 'aftercare:{id}').
 * @returns how many messages were queued.
 */
export async function queueAftercareOnCompletion(
  tx: Tx,
  appointmentIds: readonly number[],
  now: Date = new Date(),
): Promise<number> {
  if (appointmentIds.length === 0 || !linkKeys) return 0;
  const keys = linkKeys;
  const rows = await tx
    .select({
      id: appointments.id,
      name: appointments.customerName,
      email: appointments.customerEmail,
      phone: appointments.customerPhone,
      status: appointments.status,
      serviceName: services.name,
      serviceId: services.id,
      category: services.category,
      template: aftercareTemplates,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(aftercareTemplates, eq(aftercareTemplates.serviceId, appointments.serviceId))
    .where(inArray(appointments.id, [...appointmentIds]));
  const notBefore = afterQuietHours(now) ?? undefined;
  let queued = 0;
  for (const row of rows) {
    if (row.status !== "completed") continue;
    const t = row.template;
    const link =
      t.productIds.length > 0
        ? `${keys.origin}/aftercare/${aftercareToken(keys.secret, row.id)}`
        : null;
    const base = {
      appointmentId: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      serviceName: row.serviceName,
    };
    const messages = await aftercareMessages({
      ...base,
      text: t.text,
      dos: t.dos,
      donts: t.donts,
      link,
    });
    for (const m of messages) {
      if (await isOptedOut(tx, { channel: m.channel, recipient: m.to, scope: "reminders" }))
        continue;
      if (await enqueueMessage(tx, { ...m, notBefore })) queued++;
    }
    if (t.followUpDays !== null) {
      const day = shiftLagosDate(lagosDate(now), t.followUpDays);
      const bookingLink = `${keys.origin}/contact?category=${encodeURIComponent(row.category)}&service=${encodeURIComponent(row.serviceName)}#booking`;
      const text =
        t.followUpText ??
        `It is time for your next ${row.serviceName}, as your therapist recommended.`;
      const dueAt = lagosInstant(day, FOLLOW_UP_MINUTES);
      for (const m of await followUpMessages({ ...base, text, bookingLink, dueAt })) {
        if (await isOptedOut(tx, { channel: m.channel, recipient: m.to, scope: "marketing" })) {
          continue;
        }
        if (await enqueueMessage(tx, { ...m, notBefore: dueAt })) {
          queued++;
        }
      }
    }
  }
  return queued;
}

/**
 * GET /api/aftercare/{token}: the products of the visit's aftercare the cart is filled with,
 * as the cart stores them (naira), and those left out with why: not in stock, or a block or
 * warning of the contraindication check for the visit's client (the same answer as the shop's:
 * 'A consultation is recommended before this product.', nothing of the health record).
 * @throws HttpError 404 for a token that is not valid or a visit without aftercare products.
 */
export async function aftercareCart(db: Db, secret: string, token: string): Promise<AftercareCart> {
  const appointmentId = appointmentOfToken(secret, token);
  if (appointmentId === null) throw new HttpError(404, RECORD_MESSAGES.aftercareLink);
  const [row] = await db
    .select({ clientId: appointments.clientId, productIds: aftercareTemplates.productIds })
    .from(appointments)
    .innerJoin(aftercareTemplates, eq(aftercareTemplates.serviceId, appointments.serviceId))
    .where(eq(appointments.id, appointmentId));
  if (!row || row.productIds.length === 0) throw new HttpError(404, RECORD_MESSAGES.aftercareLink);
  const found = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      priceKobo: products.priceKobo,
      image: products.image,
      category: products.category,
      stock: products.stock,
    })
    .from(products)
    .where(inArray(products.id, row.productIds));
  const findings = await findingsFor(db, row.clientId, { productIds: row.productIds });
  const refused = new Set(
    findings.filter((f) => f.level !== "inform").map((f) => f.item.toLowerCase()),
  );
  const cart: AftercareCart = { items: [], skipped: [] };
  for (const id of row.productIds) {
    const p = found.find((f) => f.id === id);
    if (!p) continue; // removed from the shop since: nothing to show
    if (refused.has(p.name.toLowerCase())) {
      cart.skipped.push({ name: p.name, reason: AFTERCARE_SKIP_REASONS.consultation });
    } else if (p.stock <= 0) {
      cart.skipped.push({ name: p.name, reason: AFTERCARE_SKIP_REASONS.outOfStock });
    } else {
      cart.items.push({
        id: p.id,
        name: p.name,
        description: p.description,
        price: p.priceKobo / 100,
        image: p.image,
        category: p.category,
      });
    }
  }
  return cart;
}
