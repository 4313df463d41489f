/** The orders reads of the admin orders screen (common/orders.ts `OrdersPages`). */
import type { OrdersPages } from "#common/orders.ts";
import type { Db } from "#server/db/client.ts";
import { listOrdersPage } from "./lists.ts";

export function ordersPages(db: Db): OrdersPages {
  return { page: (query) => listOrdersPage(db, query) };
}
