/** Shop orders as the API and the admin show them (admin spec §3 "Order"); money in naira. */
import type { z } from "zod";
import { ADMIN_ORDER_STATUSES } from "./checkout.ts";
import { listQuerySchema, oneOf, type Page } from "./paging.ts";

/** An order line as the API and the admin show it; prices in naira. */
export type PublicOrderItem = {
  id: number;
  orderId: number;
  productId: number | null;
  name: string;
  price: number;
  quantity: number;
  lineTotal: number;
};

/** An order as the API and the admin show it (admin spec §3 "Order"); money in naira. */
export type PublicOrder = {
  id: number;
  status: string;
  createdAt: string;
  paidAt: string | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  deliveryAddress: string;
  deliveryCity: string;
  deliveryState: string;
  deliveryPostalCode: string;
  deliveryCountry: string;
  deliveryInstructions: string | null;
  subtotal: number;
  shipping: number;
  total: number;
  currency: string;
  paymentMethod: string;
  paymentReference: string;
  items: PublicOrderItem[];
};

/** The admin orders list's status filter: every status a paid order can have. */
export const ORDER_LIST_STATUSES = ["all", ...ADMIN_ORDER_STATUSES, "refund-required"] as const;

/**
 * The admin orders list's URL params (common/paging.ts): page, pageSize, `q` (order number,
 * customer name, email or phone, payment reference) and `status` (default 'all').
 */
export const orderListQuerySchema = listQuerySchema.extend({
  status: oneOf(ORDER_LIST_STATUSES, "all"),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** What the admin orders screen reads (server/modules/orders/pages.ts). */
export type OrdersPages = {
  /**
   * One page of paid orders (unpaid pending ones never show), newest first, with their lines;
   * `total` counts every paid order ('N Total Orders').
   */
  page(query: OrderListQuery): Promise<Page<PublicOrder>>;
};
