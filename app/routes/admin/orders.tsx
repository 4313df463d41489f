import { listOrders } from "../../../server/modules/orders/service.ts";
import { OrdersList } from "../../features/admin/orders/orders-list";
import { PageHeader } from "../../features/admin/ui";
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
