/**
 * React Router's default browser entry (StrictMode, HydratedRouter in a transition), except that
 * it waits for the page's route modules when they are not in yet. Production pages import them
 * after the first paint (app/lib/defer-hydration.ts), and the framework this file is bundled
 * with is evaluated as soon as the first route module arrives, before the others and before
 * `window.__reactRouterRouteModules` is set; hydrating then would fail.
 */
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { ROUTE_MODULES_READY_EVENT } from "#app/lib/hydration-event.ts";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

if ((window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules) hydrate();
else window.addEventListener(ROUTE_MODULES_READY_EVENT, hydrate, { once: true });
