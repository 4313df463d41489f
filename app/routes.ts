import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/** The route table (storefront spec §2, admin spec §2). */
export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("services", "routes/services.tsx"),
    route("shop", "routes/shop.tsx"),
    route("product/:id", "routes/product.tsx"),
    route("contact", "routes/contact.tsx"),
    route("cart", "routes/cart.tsx"),
    route("wishlist", "routes/wishlist.tsx"),
    route("checkout", "routes/checkout.tsx"),
    route("payment-success", "routes/payment-success.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/bookings.tsx"),
    route("orders", "routes/admin/orders.tsx"),
  ]),
] satisfies RouteConfig;
