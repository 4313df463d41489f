/**
 * The API reference as the admin's /admin/api page shows it: the OpenAPI 3.1 document
 * (GET /api/openapi.json, issue 16) flattened to one entry per call.
 */

/** One call of the API. */
export type ApiReferenceEntry = {
  /** 'GET', 'POST', … */
  method: string;
  /** OpenAPI path, e.g. '/api/orders/{id}'. */
  path: string;
  summary: string;
  tag: string;
  /** The roles allowed; null for a public call. */
  roles: string[] | null;
  parameters: Array<{ name: string; in: string; required: boolean; schema: unknown }>;
  /** The JSON Schema of the body, or null when the call takes none. */
  requestBody: unknown;
  responses: Array<{ status: string; description: string }>;
};

/** What the API reference screen reads (server/openapi/reference.ts). */
export type ApiReferencePages = {
  /** Every call, grouped by tag in the document's order. */
  operations(): Promise<ApiReferenceEntry[]>;
};
