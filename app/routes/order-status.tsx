/**
 * /order/{id}?exp=…&sig=…: the client's order status page (issue 33; docs/decisions/0284),
 * opened from the confirmation email or /payment-success by a signed link, no account needed:
 * the status in words, where the delivery is, the staff's tracking note, the items and totals.
 * A link whose signature does not match reads 'Invalid Order Link' (404), an expired one 'Order
 * Link Expired' (410). No email, phone or street address on the page: a link can be forwarded.
 */
import { CheckCircle2, Circle, Info } from "lucide-react";
import { data, Link } from "react-router";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { BUSINESS } from "#common/business.ts";
import { formatLagosDay } from "#common/lagos-time.ts";
import { formatNairaWithKobo } from "#common/money.ts";
import {
  CLIENT_ORDER_STATUS,
  DELIVERY_STEPS,
  ORDER_LINK_MESSAGES,
  type OrderStatusPage,
  type OrderStatusView,
} from "#common/order-status.ts";
import { pageContext } from "#common/page-context.ts";
import { refundNextSteps } from "#common/payment-messages.ts";
import { deliveryOptionForState } from "#common/shipping.ts";
import type { Route } from "./+types/order-status";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { orderStatus } = context.get(pageContext);
  const query = new URL(request.url).searchParams;
  const page = await orderStatus.read(
    params.id ?? "",
    query.get("exp") ?? "",
    query.get("sig") ?? "",
  );
  const status = page.state === "ok" ? 200 : page.state === "expired" ? 410 : 404;
  return data<OrderStatusPage>(page, { status });
}

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title:
      loaderData && (loaderData as OrderStatusPage).state === "ok"
        ? `Order #${(loaderData as Extract<OrderStatusPage, { state: "ok" }>).order.id} | ${BUSINESS.shortName}`
        : `Your Order | ${BUSINESS.shortName}`,
  },
  { name: "robots", content: "noindex, nofollow" },
];

export default function OrderStatusRoute({ loaderData }: Route.ComponentProps) {
  const page = loaderData as OrderStatusPage;
  return (
    <main id="main" className="w-full px-4 py-12 sm:py-20">
      {page.state === "ok" ? (
        <OrderStatusDetails order={page.order} />
      ) : (
        <div className="mx-auto flex max-w-xl flex-col items-center text-center">
          <h1 className="font-serif text-3xl text-brand-900 sm:text-4xl">
            {page.state === "expired" ? ORDER_LINK_MESSAGES.expired : ORDER_LINK_MESSAGES.invalid}
          </h1>
          <p className="mt-4 text-stone-700">
            {page.state === "expired"
              ? ORDER_LINK_MESSAGES.expiredText
              : ORDER_LINK_MESSAGES.invalidText}{" "}
            <a className="font-semibold text-brand-700 underline" href={`tel:${BUSINESS.phone}`}>
              {BUSINESS.phone}
            </a>
          </p>
          <Link to="/shop" className={`mt-8 ${buttonClassName({ size: "lg" })}`}>
            Continue Shopping
          </Link>
        </div>
      )}
    </main>
  );
}

function OrderStatusDetails({ order }: { order: OrderStatusView }) {
  const words = CLIENT_ORDER_STATUS[order.status];
  const refund = order.status === "refund-required";
  const delivery = deliveryOptionForState(order.deliveryState);
  return (
    <div className="mx-auto max-w-2xl">
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-700">
        Order #{order.id}
      </p>
      <h1 className="mt-2 font-serif text-3xl text-brand-900 sm:text-4xl">{words.title}</h1>
      <p className="mt-3 text-stone-700">
        {order.firstName ? `${order.firstName}, ` : ""}
        {words.text}
        {refund ? ` ${refundNextSteps(formatNairaWithKobo(order.total))}` : ""}
      </p>
      <p className="mt-2 text-sm text-stone-600">
        Placed {formatLagosDay(order.createdAt)}
        {order.paidAt ? ` · paid ${formatLagosDay(order.paidAt)}` : ""}
      </p>

      {words.step >= 0 && (
        <section aria-labelledby="delivery-heading" className="mt-8">
          <h2 id="delivery-heading" className="font-serif text-xl text-brand-900">
            Delivery
          </h2>
          <ol className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {DELIVERY_STEPS.map((step, index) => {
              const done = index <= words.step;
              return (
                <li
                  key={step}
                  aria-current={index === words.step ? "step" : undefined}
                  className={`flex items-center gap-2 rounded-lg border p-3 text-sm ${
                    done
                      ? "border-emerald-300 bg-emerald-50 font-semibold text-emerald-900"
                      : "border-stone-200 text-stone-700"
                  }`}
                >
                  {done ? (
                    <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden />
                  ) : (
                    <Circle className="h-4 w-4 shrink-0" aria-hidden />
                  )}
                  {step}
                  <span className="sr-only">{done ? " (done)" : " (not yet)"}</span>
                </li>
              );
            })}
          </ol>
          <p className="mt-3 text-sm text-stone-700">
            To {order.deliveryCity}, {order.deliveryState}: usually {delivery.estimatedDays} after
            dispatch.
          </p>
        </section>
      )}

      <section aria-labelledby="tracking-heading" className="mt-6 rounded-xl bg-brand-50 p-4">
        <h2 id="tracking-heading" className="flex items-center gap-2 font-semibold text-brand-900">
          <Info className="h-4 w-4" aria-hidden />
          Tracking note
        </h2>
        <p className="mt-1 whitespace-pre-line text-sm text-stone-800">
          {order.trackingNote ?? "No tracking note yet: we will add one when your order is sent."}
        </p>
      </section>

      <section aria-labelledby="items-heading" className="mt-8">
        <h2 id="items-heading" className="font-serif text-xl text-brand-900">
          Items
        </h2>
        <ul className="mt-3 divide-y divide-brand-100 border-y border-brand-100">
          {order.items.map((item, index) => (
            <li
              // Lines of one order never change order; a name may repeat.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed
              key={index}
              className="flex items-baseline justify-between gap-4 py-3 text-sm"
            >
              <span className="min-w-0 break-words text-stone-800">
                {item.quantity} × {item.name}
              </span>
              <span className="shrink-0 font-semibold text-brand-900">
                {formatNairaWithKobo(item.lineTotal)}
              </span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-1 text-sm">
          <div className="flex justify-between">
            <dt className="text-stone-700">Subtotal</dt>
            <dd>{formatNairaWithKobo(order.subtotal)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-stone-700">Delivery to {order.deliveryState}</dt>
            <dd>{formatNairaWithKobo(order.shipping)}</dd>
          </div>
          <div className="flex justify-between text-base font-semibold text-brand-900">
            <dt>Total paid</dt>
            <dd>{formatNairaWithKobo(order.total)}</dd>
          </div>
        </dl>
      </section>

      <p className="mt-8 text-sm text-stone-700">
        Questions about this order? Call{" "}
        <a className="font-semibold text-brand-700 underline" href={`tel:${BUSINESS.phone}`}>
          {BUSINESS.phone}
        </a>{" "}
        or write to{" "}
        <a className="font-semibold text-brand-700 underline" href={`mailto:${BUSINESS.email}`}>
          {BUSINESS.email}
        </a>
        .
      </p>
      <Link to="/shop" className={`mt-6 ${buttonClassName({ size: "lg", variant: "outline" })}`}>
        Continue Shopping
      </Link>
    </div>
  );
}
