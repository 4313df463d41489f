/**
 * The OpenAPI 3.1 document of the API, generated with zod-openapi from the zod schemas the
 * routes parse (server/openapi/operations.ts) and from the served route table itself, so every
 * served route appears with the roles it declares (issue 16). Money in the API is naira; times
 * are ISO 8601 UTC unless a schema says Lagos.
 */
import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject } from "zod-openapi";
import type { AccessRole } from "#common/roles.ts";
import { SESSION_COOKIE } from "#server/modules/auth/middleware.ts";
import { declaredRoles } from "#server/modules/auth/roles.ts";
import type { ApiRoute } from "#server/route-table.ts";
import { API_OPERATIONS } from "./operations.ts";

/** The API's error answer (ARCHITECTURE.md "API rules"). */
const errorSchema = z
  .object({
    error: z.object({
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: "Error" });

const errorAnswer = (description: string) => ({
  description,
  content: { "application/json": { schema: errorSchema } },
});

/** '/api/staff/:id/access' → '/api/staff/{id}/access', and the parameter names. */
export function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const converted = path.replace(/:([A-Za-z_]\w*)/g, (_m, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: converted, params };
}

/** The roles a route declares with requireRole (its first handler), or null when public. */
function rolesOf(route: ApiRoute): readonly AccessRole[] | null {
  return route.handlers.map(declaredRoles).find((r) => r !== null) ?? null;
}

type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * Builds the document for `routes` (server/route-table.ts `apiRouteTable(app)`). A route with no
 * entry in API_OPERATIONS is still listed, summarised 'Not described' (the test fails on it).
 * @throws Error when a schema cannot be represented in JSON Schema (zod-openapi).
 */
export function buildOpenApiDocument(routes: readonly ApiRoute[], version = "1") {
  const paths: Record<string, Partial<Record<Method, ZodOpenApiOperationObject>>> = {};
  for (const route of routes) {
    const doc = API_OPERATIONS[route.key];
    const { path, params } = openApiPath(route.path);
    const roles = rolesOf(route);
    const status = String(doc?.status ?? 200);
    const operation: ZodOpenApiOperationObject & { "x-roles"?: readonly string[] } = {
      summary: doc?.summary ?? "Not described",
      tags: [doc?.tag ?? "Other"],
      ...(doc?.description ? { description: doc.description } : {}),
      requestParams: {
        ...(params.length > 0
          ? { path: z.object(Object.fromEntries(params.map((p) => [p, z.string()]))) }
          : {}),
        ...(doc?.query ? { query: doc.query } : {}),
      },
      ...(doc?.body
        ? { requestBody: { required: true, content: { "application/json": { schema: doc.body } } } }
        : {}),
      responses: {
        [status]: {
          description: doc?.returns ?? (status === "204" ? "No content" : "OK"),
          ...(doc?.produces ? { content: { [doc.produces]: { schema: z.string() } } } : {}),
        },
        ...(doc?.body || doc?.query
          ? { "400": errorAnswer("Bad input: nothing was written") }
          : {}),
        ...(roles
          ? {
              "401": errorAnswer("Not signed in"),
              "403": errorAnswer(`Signed in with a role not allowed: ${roles.join(", ")} only`),
            }
          : {}),
        ...(params.length > 0 ? { "404": errorAnswer("No such record") } : {}),
      },
      ...(roles ? { security: [{ session: [] }], "x-roles": roles } : { security: [] }),
    };
    const methods = paths[path] ?? {};
    methods[route.method.toLowerCase() as Method] = operation;
    paths[path] = methods;
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Glow Haven clinic API",
      version,
      description:
        "Website, shop and back office of the clinic. JSON in and out; money in naira. Back-office calls need the session cookie of a signed-in staff account and one of the roles listed per call; state-changing calls must come from the site's Origin.",
    },
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE },
      },
    },
    paths,
  });
}
