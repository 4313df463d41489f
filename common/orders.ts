/** Shop orders as the API and the admin show them (admin spec §3 "Order"); money in naira. */

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

/** What the admin orders screen reads (server/modules/orders/pages.ts). */
export type OrdersPages = {
  /** Orders other than unpaid pending ones, newest first. */
  list(): Promise<PublicOrder[]>;
};
