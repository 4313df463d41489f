/**
 * Order confirmation emails to the client and to the clinic (BUSINESS.email), sent once when an
 * order is first paid. completion.ts `completeOrder` enqueues them in the outbox
 * (server/modules/messages/service.ts) in the transaction that marks the order paid, and the
 * messages worker sends them, so none is lost without SMTP or after a crash.
 */
import { BUSINESS } from "#common/business.ts";
import { formatNairaWithKobo } from "#common/money.ts";
import type { PublicOrder } from "#common/orders.ts";
import { paidOutcome, refundNextSteps } from "#common/payment-messages.ts";
import type { NewMessage } from "#server/modules/messages/service.ts";

function summary(order: PublicOrder): string {
  const lines = order.items.map(
    (i) =>
      `  ${i.quantity} × ${i.name} @ ${formatNairaWithKobo(i.price)} = ${formatNairaWithKobo(i.lineTotal)}`,
  );
  return [
    `Order #${order.id} (payment reference ${order.paymentReference})`,
    "",
    ...lines,
    "",
    `Subtotal: ${formatNairaWithKobo(order.subtotal)}`,
    `Delivery to ${order.deliveryState}: ${formatNairaWithKobo(order.shipping)}`,
    `Total paid: ${formatNairaWithKobo(order.total)}`,
    "",
    "Deliver to:",
    `  ${order.customerName}, ${order.customerPhone}`,
    `  ${order.deliveryAddress}`,
    `  ${order.deliveryCity}, ${order.deliveryState} ${order.deliveryPostalCode}, ${order.deliveryCountry}`,
    order.deliveryInstructions ? `  Instructions: ${order.deliveryInstructions}` : "",
  ]
    .filter((l, i, all) => !(l === "" && all[i - 1] === ""))
    .join("\n");
}

/**
 * The client's and the clinic's emails for a newly paid order (money shown in naira with kobo); a
 * refund-required order gets the refund wording. `statusUrl`: the order's signed status page
 * (status-links.ts), in the client's email only. Once per order: the events
 * 'order-confirmation:{id}' and 'order-notification:{id}' are idempotency keys.
 */
export function orderEmailMessages(
  order: PublicOrder,
  statusUrl: string | null = null,
): NewMessage[] {
  // The order's status decides the wording, as on /payment-success (issue 33).
  const refund = paidOutcome(order.status) === "refund";
  return [
    {
      event: `order-confirmation:${order.id}`,
      channel: "email",
      template: "order-confirmation",
      to: order.customerEmail,
      refs: { clientEmail: order.customerEmail, orderId: order.id },
      subject: refund
        ? `Your ${BUSINESS.shortName} order #${order.id}: we will refund your payment`
        : `Your ${BUSINESS.shortName} order #${order.id} is confirmed`,
      text: [
        `Dear ${order.customerName},`,
        "",
        refund
          ? `Thank you for your payment. Unfortunately an item in your order sold out while you were paying, so we cannot send this order. ${refundNextSteps(formatNairaWithKobo(order.total))}`
          : "Thank you for your order. We have received your payment and are preparing your items. Orders are processed in 1-2 business days.",
        "",
        summary(order),
        "",
        ...(statusUrl ? [`Follow your order: ${statusUrl}`, ""] : []),
        `Questions? Call ${BUSINESS.phone} or write to ${BUSINESS.email}.`,
        BUSINESS.name,
      ].join("\n"),
    },
    {
      event: `order-notification:${order.id}`,
      channel: "email",
      template: "order-notification",
      to: BUSINESS.email,
      refs: { orderId: order.id },
      subject: refund
        ? `REFUND REQUIRED: shop order #${order.id} could not be filled`
        : `New shop order #${order.id} from ${order.customerName}`,
      text: [
        refund
          ? "This order was paid but the stock ran out before it could be filled. Refund the client through Paystack and contact them."
          : "A new shop order has been paid.",
        "",
        summary(order),
        "",
        `Client email: ${order.customerEmail}`,
      ].join("\n"),
    },
  ];
}
