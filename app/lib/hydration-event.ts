/**
 * The event the deferred module script (app/lib/defer-hydration.ts) sends on `window` once the
 * page's route modules are in and React Router's globals are set; app/entry.client.tsx hydrates
 * then if its own code ran first (it is evaluated with the framework the route modules import).
 */
export const ROUTE_MODULES_READY_EVENT = "react-router-route-modules-ready";
