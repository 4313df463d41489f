/**
 * The route table of the real Express app: every 'METHOD /api/path' with its handlers, found by
 * walking the router stacks. Read by the sweeps (server/testing/route-table.ts) and by the
 * OpenAPI document (server/openapi/), so the description covers exactly what is served.
 */
import type { Express } from "express";

type Layer = {
  route?: {
    path: string | string[];
    methods: Record<string, boolean>;
    stack?: Array<{ handle?: unknown }>;
  };
  handle?: { stack?: Layer[] };
  match?: (path: string) => unknown;
};

export type ApiRoute = { key: string; method: string; path: string; handlers: unknown[] };

/** Every /api route of the app with its handler functions, found by walking the router stacks. */
export function apiRouteTable(app: Express): ApiRoute[] {
  const routes: ApiRoute[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        const handlers = (layer.route.stack ?? []).map((l) => l.handle);
        for (const p of paths) {
          for (const [method, on] of Object.entries(layer.route.methods)) {
            if (!on || method === "_all") continue;
            const m = method.toUpperCase();
            routes.push({ key: `${m} ${prefix}${p}`, method: m, path: `${prefix}${p}`, handlers });
          }
        }
      } else if (layer.handle?.stack) {
        // The /api router is mounted at '/api'; the module routers inside it at '/'.
        // Routers mounted at '/' (e.g. sitemap.xml, robots.txt) match any path: not the API.
        const isApi = Boolean(layer.match?.("/api/x")) && !layer.match?.("/not-api");
        if (prefix === "" && !isApi) continue;
        walk(layer.handle.stack, prefix === "" ? "/api" : prefix);
      }
    }
  };
  const root = (app as unknown as { router: { stack: Layer[] } }).router;
  walk(root.stack, "");
  return routes.filter((r) => r.path.startsWith("/api/"));
}

/** Every 'METHOD /api/path' of the app. */
export function apiRoutes(app: Express): string[] {
  return apiRouteTable(app).map((r) => r.key);
}
