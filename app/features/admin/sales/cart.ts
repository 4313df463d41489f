/**
 * The till's sale in the browser (admin spec §3 "Cart line", §4, §5, §9): lines, surcharges,
 * discount and payments, and the figures shown in the Current Sale panel and the Complete Sale
 * dialog. The server computes the same figures again (common/sales.ts `saleFigures`) and refuses
 * a sale whose figures differ, so both sides use one function, in kobo. A visit's paid booking
 * deposits are credited first, up to the total (common/deposits.ts `depositCredits`, issue 32),
 * and the till's payments settle what is left ('Amount due').
 */
import { depositCredits } from "#common/deposits.ts";
import { koboToNaira, nairaToKobo } from "#common/money.ts";
import {
  MAX_SALE_QUANTITY,
  type PosPaymentMethod,
  type SaleInput,
  type Surcharge,
  saleFigures,
  type VisitDeposit,
} from "#common/sales.ts";

export type CartLine = {
  id: number;
  type: "service" | "product";
  name: string;
  /** Naira. */
  price: number;
  quantity: number;
  isPopular: boolean;
  /** Units in stock for a product (the cap of the + button); null for a service. */
  stock: number | null;
  /** Who did the treatment or sold the product (issue 29); null or absent: nobody named. */
  staffId?: number | null;
  /** The appointment this service line checks out (Start Checkout), if any. */
  appointmentId?: number | null;
};

/**
 * One part of a split payment as typed: its tender, amount, and the terminal's or transfer's
 * reference and the transfer's payer (issue 29; absent or empty: none).
 */
export type SplitPayment = {
  key: number;
  method: "card" | "cash" | "transfer";
  amount: string;
  reference?: string;
  payer?: string;
};

/** The sale's customer; `clientId` once a client on file is picked at the till (issue 29). */
export type Customer = { name: string; email: string; phone: string; clientId?: number | null };

export const EMPTY_CUSTOMER: Customer = { name: "", email: "", phone: "", clientId: null };

/**
 * Adds one of an item (a new line, or one more on its line), capped by stock and 999. A line
 * that checks out an appointment is a line of its own (one visit, one line).
 */
export function addLine(lines: CartLine[], item: Omit<CartLine, "quantity">): CartLine[] {
  const at = item.appointmentId
    ? -1
    : lines.findIndex((l) => l.type === item.type && l.id === item.id && !l.appointmentId);
  if (at < 0) return [...lines, { ...item, quantity: 1 }];
  return lines.map((l, i) => (i === at ? { ...l, quantity: capped(l, l.quantity + 1) } : l));
}

function capped(line: CartLine, quantity: number): number {
  const max = line.stock === null ? MAX_SALE_QUANTITY : Math.min(line.stock, MAX_SALE_QUANTITY);
  return Math.min(quantity, max);
}

/** Names the member on line `index` (null: nobody). */
export function setLineStaff(lines: CartLine[], index: number, staffId: number | null): CartLine[] {
  return lines.map((l, i) => (i === index ? { ...l, staffId } : l));
}

/** Sets a line's quantity; 0 or less removes the line (admin spec §5). */
export function setQuantity(lines: CartLine[], index: number, quantity: number): CartLine[] {
  if (quantity <= 0) return lines.filter((_, i) => i !== index);
  return lines.map((l, i) => (i === index ? { ...l, quantity: capped(l, quantity) } : l));
}

/** A naira amount typed by the front desk ('1,500.50', '₦2000'), or 0 when unreadable. */
export function readAmount(text: string): number {
  const n = Number(text.replace(/[₦,\s]/g, ""));
  return Number.isFinite(n) && n > 0 ? Math.round(n * 100) / 100 : 0;
}

export type Figures = {
  subtotal: number;
  surchargeLines: Array<{ surchargeId: number; name: string; amount: number }>;
  surcharges: number;
  discount: number;
  total: number;
  /** The booking deposits credited (naira), each with its reference; none outside a visit. */
  depositLines: Array<{ reference: string; amount: number }>;
  deposit: number;
  /** What the till's payments must cover: total − deposit (naira). */
  due: number;
  /** Cash received − amount due (− tip), floored at 0; only for cash (admin spec §9). */
  change: number;
};

/**
 * The deposits the sale credits: those of an appointment one of its lines checks out, or of
 * the appointment the sale checks out (`appointmentId`), as the server chooses them.
 */
export function creditedDeposits(
  deposits: readonly VisitDeposit[],
  lines: readonly CartLine[],
  appointmentId: string | null,
): VisitDeposit[] {
  return deposits.filter(
    (d) =>
      lines.some((l) => l.appointmentId === d.appointmentId) ||
      appointmentId === String(d.appointmentId),
  );
}

/**
 * The panel's figures in naira (admin spec §9: total = subtotal + surcharges − discount; the
 * visit's `deposits` credited, in order, up to the total).
 */
export function figuresOf(
  lines: CartLine[],
  applied: Surcharge[],
  discount: number,
  method: PosPaymentMethod,
  cashReceived: number,
  tip = 0,
  deposits: readonly VisitDeposit[] = [],
): Figures {
  const f = saleFigures(
    lines.map((l) => ({ unitKobo: nairaToKobo(l.price), quantity: l.quantity })),
    applied.map((s) => ({
      id: s.id,
      name: s.name,
      type: s.type,
      // The API gives percent or naira; the shared arithmetic takes basis points or kobo.
      amount: s.type === "percentage" ? Math.round(s.amount * 100) : nairaToKobo(s.amount),
    })),
    nairaToKobo(discount),
  );
  const credits = depositCredits(
    deposits.map((d) => nairaToKobo(d.amount)),
    f.totalKobo,
  );
  const depositKobo = credits.reduce((s, c) => s + c, 0);
  const dueKobo = f.totalKobo - depositKobo;
  const change =
    method === "cash" ? Math.max(0, nairaToKobo(cashReceived) - dueKobo - nairaToKobo(tip)) : 0;
  return {
    subtotal: koboToNaira(f.subtotalKobo),
    surchargeLines: f.surchargeLines.map((l) => ({ ...l, amount: koboToNaira(l.amountKobo) })),
    surcharges: koboToNaira(f.surchargesKobo),
    discount: koboToNaira(f.discountKobo),
    total: koboToNaira(f.totalKobo),
    depositLines: deposits.flatMap((d, i) =>
      (credits[i] ?? 0) > 0
        ? [{ reference: d.reference, amount: koboToNaira(credits[i] ?? 0) }]
        : [],
    ),
    deposit: koboToNaira(depositKobo),
    due: koboToNaira(dueKobo),
    change: koboToNaira(change),
  };
}

/** What is still to pay after the split payments so far (naira, may be ≤ 0). */
export function remainingBalance(total: number, splits: SplitPayment[]): number {
  const paid = splits.reduce((s, p) => s + nairaToKobo(readAmount(p.amount)), 0);
  return koboToNaira(nairaToKobo(total) - paid);
}

/**
 * The split payments after 'Add Payment' (admin spec §5): a card payment for the remaining
 * balance, only when that balance is positive.
 */
export function addSplitPayment(
  total: number,
  splits: SplitPayment[],
  key: number,
): SplitPayment[] {
  const left = remainingBalance(total, splits);
  if (left <= 0) return splits;
  return [...splits, { key, method: "card", amount: left.toFixed(2) }];
}

/** A fresh idempotency key for one sale (kept with it through retries and offline sync). */
export function newSaleKey(): string {
  const random =
    typeof crypto !== "undefined" && "randomUUID" in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `pos-${random}`;
}

/** The sale payload of admin spec §3, with the till's figures for the server to compare. */
export function salePayload(input: {
  lines: CartLine[];
  customer: Customer;
  applied: Surcharge[];
  discount: number;
  method: PosPaymentMethod;
  cashReceived: number;
  /** A single card or transfer payment's reference, and a transfer's payer (as typed). */
  paymentReference?: string;
  payerName?: string;
  splits: SplitPayment[];
  tip: number;
  tipStaffId?: number | null;
  figures: Figures;
  key: string;
  appointmentId: string | null;
  soldAt: string;
}): SaleInput {
  return {
    cart: input.lines.map((l) => ({
      id: l.id,
      name: l.name,
      type: l.type,
      price: l.price,
      quantity: l.quantity,
      isPopular: l.isPopular,
      staffId: l.staffId ?? null,
      appointmentId: l.appointmentId ?? null,
    })),
    clientId: input.customer.clientId ?? null,
    customerInfo: {
      name: input.customer.name.trim(),
      email: input.customer.email.trim(),
      phone: input.customer.phone.trim() || null,
    },
    appliedSurcharges: input.applied.map((s) => s.id),
    discountAmount: input.discount,
    splitPayments:
      input.method === "split"
        ? input.splits.map((p) => ({
            method: p.method,
            amount: readAmount(p.amount),
            reference: p.method === "cash" ? null : p.reference?.trim() || null,
            payer: p.method === "transfer" ? p.payer?.trim() || null : null,
          }))
        : [],
    paymentMethod: input.method,
    subtotal: input.figures.subtotal,
    totalAmount: input.figures.total,
    changeAmount: input.figures.change,
    cashReceived: input.method === "cash" ? input.cashReceived : null,
    paymentReference:
      input.method === "card" || input.method === "transfer"
        ? input.paymentReference?.trim() || null
        : null,
    payerName: input.method === "transfer" ? input.payerName?.trim() || null : null,
    tipAmount: input.tip,
    tipStaffId: input.tip > 0 ? (input.tipStaffId ?? null) : null,
    // A visit's checkout names the deposit it shows, for the server to compare (issue 32).
    depositCredit:
      input.appointmentId || input.lines.some((l) => l.appointmentId)
        ? input.figures.deposit
        : undefined,
    idempotencyKey: input.key,
    appointmentId: input.appointmentId,
    soldAt: input.soldAt,
  };
}
