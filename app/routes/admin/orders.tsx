import { listOrders } from "../../../server/modules/orders/service.ts";
import { OrdersList } from "../../features/admin/orders/orders-list";
import { adminServices } from "../../lib/admin.server";
import type { Route } from "./+types/orders";

export async function loader({ context }: Route.LoaderArgs) {
  const services = adminServices(context);
  return { orders: services ? await listOrders(services.db) : [] };
}

export const meta: Route.MetaFunction = () => [
  { title: "Orders | Glow Haven Admin" },
  { name: "robots", content: "noindex, nofollow" },
];

/** The shop's paid orders, newest first (admin spec §2 "Orders management"). */
export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-ink">Orders</h1>
        <span className="rounded-full bg-brand-100 px-3 py-1 text-sm text-brand-900">
          {loaderData.orders.length} Total Orders
        </span>
      </div>
      <OrdersList orders={loaderData.orders} />
    </main>
  );
}
