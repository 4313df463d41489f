/**
 * The Complete Sale dialog's own fields checked before the till sends the sale (admin spec §3
 * "Sale payload", §5): customer, payment method, cash received, split payments, tip and
 * discount, built into the part of the POST /api/pos/process-sale body they become and checked
 * by the API's `saleInputSchema` (that part of it: the cart and the figures are the till's).
 * Amounts are naira as typed ('1,500', '₦2000'), read as the till reads them.
 */
import { type PosPaymentMethod, saleInputSchema } from "#common/sales.ts";
import { type Customer, readAmount, type SplitPayment } from "./cart.ts";

/** The dialog's fields as the till holds them. */
export type PaymentFields = {
  customer: Customer;
  method: PosPaymentMethod;
  cashReceived: string;
  splits: SplitPayment[];
  tip: string;
  discount: string;
};

/** The dialog's fields a message can be shown on; a split payment by its position. */
export type PaymentField =
  | "name"
  | "email"
  | "phone"
  | "method"
  | "cashReceived"
  | "tip"
  | "discount"
  | `split.${number}`;

const paymentSchema = saleInputSchema.pick({
  customerInfo: true,
  paymentMethod: true,
  cashReceived: true,
  splitPayments: true,
  tipAmount: true,
  discountAmount: true,
});

/** The body's part the dialog's fields become (as cart.ts's `salePayload` builds it). */
export function paymentBody(f: PaymentFields) {
  return {
    customerInfo: {
      name: f.customer.name.trim(),
      email: f.customer.email.trim(),
      phone: f.customer.phone.trim() || null,
    },
    paymentMethod: f.method,
    cashReceived: f.method === "cash" ? readAmount(f.cashReceived) : null,
    splitPayments:
      f.method === "split"
        ? f.splits.map((p) => ({ method: p.method, amount: readAmount(p.amount) }))
        : [],
    tipAmount: readAmount(f.tip),
    discountAmount: readAmount(f.discount),
  };
}

const FIELD_OF_KEY: Record<string, PaymentField> = {
  paymentMethod: "method",
  cashReceived: "cashReceived",
  tipAmount: "tip",
  discountAmount: "discount",
};

/**
 * @returns the schema's message for each field that fails (the first per field); empty when
 *   the dialog's part of the sale is valid.
 */
export function paymentErrors(f: PaymentFields): Partial<Record<PaymentField, string>> {
  const result = paymentSchema.safeParse(paymentBody(f));
  const errors: Partial<Record<PaymentField, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const [key, sub] = issue.path;
    let field: PaymentField | undefined = FIELD_OF_KEY[String(key)];
    if (key === "customerInfo")
      field = sub === "phone" ? "phone" : sub === "email" ? "email" : "name";
    if (key === "splitPayments") field = `split.${Number(sub ?? 0)}`;
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}
