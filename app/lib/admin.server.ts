/**
 * Server-side gate for admin loaders and actions. React Router runs a child route's loader even
 * when its parent (the login gate) will not render it, so every admin loader asks here first and
 * returns no data to a signed-out visitor (ARCHITECTURE.md "Security").
 */
import type { RouterContextProvider } from "react-router";
import { type AppServices, appContext } from "#server/context.ts";

/** The request's services when an admin is signed in, else null. */
export function adminServices(
  context: Readonly<RouterContextProvider>,
): (AppServices & { admin: NonNullable<AppServices["admin"]> }) | null {
  const services = context.get(appContext);
  return services.admin ? { ...services, admin: services.admin } : null;
}
