/**
 * The route table of the real Express app, for the sweeps (server/admin-routes.test.ts,
 * server/roles.test.ts): every 'METHOD /api/path' with its handlers, and the public list.
 */
/** Public endpoints (ARCHITECTURE.md "API rules"): method and path as mounted under /api. */
export const PUBLIC = new Set([
  "GET /api/config",
  "GET /api/config/environment",
  "GET /api/services",
  "GET /api/products",
  "GET /api/products/related",
  "GET /api/products/:id",
  "POST /api/bookings",
  // Online booking with a deposit (issue 32): the form, its payment and the signed manage link.
  "GET /api/bookings/availability",
  "POST /api/bookings/hold",
  "POST /api/bookings/deposits/:reference/start",
  "POST /api/bookings/deposits/:reference/verify",
  "POST /api/bookings/deposits/:reference/test-payment",
  "POST /api/bookings/deposits/:reference/pay-at-clinic",
  "GET /api/bookings/manage",
  "GET /api/bookings/manage/ics",
  "POST /api/bookings/manage/reschedule",
  "POST /api/bookings/manage/cancel",
  "POST /api/newsletter",
  "POST /api/auth/login",
  "POST /api/auth/logout",
  "GET /api/auth/session",
  "GET /api/auth/invitations/:token",
  "POST /api/auth/invitations/:token",
  "POST /api/reviews",
  "POST /api/chatbot/treatment-recommendation",
  "POST /api/checkout/start",
  "POST /api/checkout",
  "POST /api/paystack/verify",
  "POST /api/paystack/test-payment",
  "POST /api/paystack/webhook",
  "GET /api/webhooks/whatsapp",
  "POST /api/webhooks/whatsapp",
  "POST /api/unsubscribe",
  // The cookie banner's form before hydration (issue 33): sets the consent cookie, nothing else.
  "POST /api/cookie-consent",
  "POST /api/auth/login/code",
  // The aftercare cart link (issue 31): signed; answers product names and prices only.
  "GET /api/aftercare/:token",
  // Intake and consent forms (issue 31): the signed, expiring link is the key.
  "GET /api/forms/:token",
  "POST /api/forms/:token/sign",
]);

export { type ApiRoute, apiRoutes, apiRouteTable } from "#server/route-table.ts";
