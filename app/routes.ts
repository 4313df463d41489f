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
    index("routes/admin/dashboard.tsx"),
    route("analytics", "routes/admin/dashboard.tsx", { id: "admin-analytics" }),
    route("bookings", "routes/admin/bookings.tsx"),
    route("tasks", "routes/admin/bookings.tsx", { id: "admin-tasks" }),
    route("orders", "routes/admin/orders.tsx"),
    route("services", "routes/admin/services.tsx"),
    route("products", "routes/admin/products.tsx"),
    route("clients", "routes/admin/coming-soon.tsx", { id: "admin-clients" }),
    route("profile", "routes/admin/coming-soon.tsx", { id: "admin-profile" }),
    route("calendar", "routes/admin/coming-soon.tsx", { id: "admin-calendar" }),
    route("sales", "routes/admin/coming-soon.tsx", { id: "admin-sales" }),
    route("staff", "routes/admin/coming-soon.tsx", { id: "admin-staff" }),
    route("outbox", "routes/admin/outbox.tsx"),
    route("reviews", "routes/admin/reviews.tsx"),
    route("audit", "routes/admin/audit.tsx"),
  ]),
  route("review/:bookingId", "routes/review.tsx"),
] satisfies RouteConfig;
