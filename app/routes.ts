import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/** The route table (storefront spec §2, admin spec §2). */
export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("services", "routes/services.tsx"),
    route("shop", "routes/shop.tsx"),
    route("product/:id", "routes/product.tsx"),
    route("contact", "routes/contact.tsx"),
    route("about", "routes/about.tsx"),
    route("privacy", "routes/privacy.tsx", { id: "privacy" }),
    route("privacy-policy", "routes/privacy.tsx", { id: "privacy-policy" }),
    route("terms", "routes/terms.tsx", { id: "terms" }),
    route("terms-of-service", "routes/terms.tsx", { id: "terms-of-service" }),
    route("cookie-policy", "routes/cookie-policy.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route("admin", "routes/admin/layout.tsx", [index("routes/admin/bookings.tsx")]),
] satisfies RouteConfig;
