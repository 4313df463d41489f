/** The admin API reference page's reads (common/api-reference.ts), from the OpenAPI document. */
import type { ApiReferenceEntry, ApiReferencePages } from "#common/api-reference.ts";

type Operation = {
  summary?: string;
  tags?: string[];
  "x-roles"?: string[];
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: unknown }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string }>;
};
type Document = {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
};

/** Replaces `$ref`s to components/schemas with the schema itself, so a reader sees it whole. */
function inline(value: unknown, schemas: Record<string, unknown>, depth = 0): unknown {
  if (depth > 20 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => inline(v, schemas, depth + 1));
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === "string" && ref.startsWith("#/components/schemas/")) {
    return inline(schemas[ref.slice("#/components/schemas/".length)], schemas, depth + 1);
  }
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, inline(v, schemas, depth + 1)]),
  );
}

/** Every call of `document`, grouped by tag (first appearance), then in path order. */
export function referenceEntries(document: unknown): ApiReferenceEntry[] {
  const doc = document as Document;
  const schemas = doc.components?.schemas ?? {};
  const entries: ApiReferenceEntry[] = [];
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      entries.push({
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? "",
        tag: op.tags?.[0] ?? "Other",
        roles: op["x-roles"] ?? null,
        parameters: (op.parameters ?? []).map((p) => ({
          name: p.name,
          in: p.in,
          required: p.required === true,
          schema: inline(p.schema ?? null, schemas),
        })),
        requestBody: inline(op.requestBody?.content?.["application/json"]?.schema ?? null, schemas),
        responses: Object.entries(op.responses ?? {}).map(([status, r]) => ({
          status,
          description: r.description ?? "",
        })),
      });
    }
  }
  const tagOrder = [...new Set(entries.map((e) => e.tag))];
  return entries.sort((a, b) => tagOrder.indexOf(a.tag) - tagOrder.indexOf(b.tag));
}

export function apiReferencePages(document: () => unknown): ApiReferencePages {
  return { operations: async () => referenceEntries(document()) };
}
