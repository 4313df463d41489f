/**
 * Receipts (admin spec §2 "Point of sale"): the printable receipt of a sale and the emailed one
 * (POST /api/sales/{id}/email-receipt). Naira with 2 decimals, Lagos date and time.
 */

import { randomUUID } from "node:crypto";
import type { AdminIdentity } from "#common/auth.ts";
import { BUSINESS } from "#common/business.ts";
import { lagosDateTime } from "#common/lagos-time.ts";
import { formatNairaWithKobo } from "#common/money.ts";
import { POS_MESSAGES, type Receipt } from "#common/sales.ts";
import type { Db } from "#server/db/client.ts";
import { HttpError } from "#server/http.ts";
import { recordAudit } from "#server/modules/audit/service.ts";
import { enqueueMessage, type MessageDeps } from "#server/modules/messages/service.ts";
import { type SentNow, sendNow } from "#server/modules/messages/worker.ts";
import { getSale, getSaleByNumber } from "./sale-detail.ts";

/** The printable receipt of sale number `saleNumber`, or null. */
export async function receiptOf(db: Db, saleNumber: number): Promise<Receipt | null> {
  const sale = await getSaleByNumber(db, saleNumber);
  if (!sale) return null;
  return {
    sale,
    clinic: {
      name: BUSINESS.name,
      address: BUSINESS.address,
      phone: BUSINESS.phone,
      email: BUSINESS.email,
    },
  };
}

/** The text of a receipt, for the email (Lagos date and time, naira with 2 decimals). */
export function receiptText(receipt: Receipt, when: string): string {
  const s = receipt.sale;
  const n = (v: number) => formatNairaWithKobo(v);
  return [
    receipt.clinic.name,
    receipt.clinic.address,
    "",
    `Sale #${s.saleNumber}`,
    when,
    "",
    ...s.lines.map((l) => `${l.quantity} × ${l.name} @ ${n(l.unitPrice)} = ${n(l.lineTotal)}`),
    "",
    `Subtotal: ${n(s.subtotal)}`,
    ...s.surchargeLines.map((x) => `${x.name}: ${n(x.amount)}`),
    ...(s.discount > 0 ? [`Discount: -${n(s.discount)}`] : []),
    `Total: ${n(s.total)}`,
    ...s.payments.map((p) =>
      p.method === "deposit"
        ? `Deposit credited (${p.reference ?? "booking deposit"}): ${n(p.amount)}`
        : `Paid (${p.method}): ${n(p.amount)}${p.tip > 0 ? ` + tip ${n(p.tip)}` : ""}`,
    ),
    ...(s.cashReceived !== null ? [`Cash received: ${n(s.cashReceived)}`] : []),
    `Change: ${n(s.change)}`,
    ...(s.refunded > 0 ? [`Refunded: -${n(s.refunded)}`] : []),
    "",
    `Thank you for visiting ${receipt.clinic.name}.`,
  ].join("\n");
}

/**
 * POST /api/sales/{id}/email-receipt: the receipt to `to` (default the sale's customer email)
 * through the outbox (enqueued, then sent by the messages worker, whose outcome it waits for:
 * 'stored' without SMTP, 'sent' or 'failed'). Each call is one more email. Audited.
 * @throws HttpError 404 unknown sale; 400 no address to send to.
 */
export async function emailReceipt(
  deps: MessageDeps,
  admin: AdminIdentity,
  saleId: number,
  to?: string,
): Promise<{ to: string; status: SentNow }> {
  const sale = await getSale(deps.db, saleId);
  if (!sale) throw new HttpError(404, "Sale not found");
  const address = to ?? sale.customerEmail;
  if (!address) {
    throw new HttpError(400, POS_MESSAGES.customerEmail, { email: POS_MESSAGES.customerEmail });
  }
  const receipt = (await receiptOf(deps.db, sale.saleNumber)) as Receipt;
  const queued = await enqueueMessage(deps.db, {
    event: `sale-receipt:${saleId}:${randomUUID()}`,
    channel: "email",
    template: "sale-receipt",
    to: address,
    subject: `Your receipt from ${BUSINESS.shortName} – sale #${sale.saleNumber}`,
    text: receiptText(receipt, lagosDateTime(sale.soldAt)),
  });
  if (!queued) throw new Error("a new receipt email was already queued");
  await recordAudit(deps.db, admin, {
    action: "sale.email-receipt",
    entity: "sale",
    entityId: saleId,
    details: { saleNumber: sale.saleNumber, to: address, outboxId: queued.id },
  });
  return { to: address, status: await sendNow(deps.db, queued.id) };
}
