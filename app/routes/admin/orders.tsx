import { OrdersList } from "#app/features/admin/orders/orders-list.tsx";
import { PageHeader } from "#app/features/admin/ui.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import type { Route } from "./+types/orders";

export async function loader({ context }: Route.LoaderArgs) {
  return { orders: await adminPagesOf(context).orders.list() };
}

export const meta: Route.MetaFunction = () => [
  { title: "Orders | Glow Haven Admin" },
  { name: "robots", content: "noindex, nofollow" },
];

/** The shop's paid orders, newest first (admin spec §2 "Orders management"). */
export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Orders">
        <span className="rounded-full bg-brand-100 px-3 py-1 text-sm text-brand-900">
          {loaderData.orders.length} Total Orders
        </span>
      </PageHeader>
      <OrdersList orders={loaderData.orders} />
    </>
  );
}
