/**
 * Server bundle entry (vite.config.ts `environments.ssr` input): the Express app together with
 * the React Router build, so both use the same modules and the same load-context key.
 */

import * as build from "virtual:react-router/server-build";
import type { ServerBuild } from "react-router";
import { type AppDeps, createApp } from "./app.ts";

/** The full application (API + server-rendered pages) for `deps`. */
export function createServerApp(deps: AppDeps) {
  return createApp(deps, { build: build as unknown as ServerBuild });
}
