import { OrdersScreen } from "#app/features/admin/orders/orders-screen.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import { orderListQuerySchema } from "#common/orders.ts";
import { parseListQuery } from "#common/paging.ts";
import type { Route } from "./+types/orders";

export async function loader({ request, context }: Route.LoaderArgs) {
  const pages = adminPagesOf(context);
  return { page: await pages.orders.page(parseListQuery(orderListQuerySchema, request.url)) };
}

export const meta: Route.MetaFunction = () => [
  { title: "Orders | Glow Haven Admin" },
  { name: "robots", content: "noindex, nofollow" },
];

/** /admin/orders: the shop's paid orders, newest first (admin spec §2 "Orders management"). */
export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  return <OrdersScreen page={loaderData.page} />;
}
