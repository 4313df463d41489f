/**
 * The browser's API client (storefront spec §7, §8): credentials always sent, JSON only when a
 * body is present, and any non-OK response raised as an ApiError whose message is
 * '{status}: {body text or status text}'.
 */
import { overrideReasonFor } from "./health-override.ts";

export class ApiError extends Error {
  readonly status: number;
  /** The parsed `{error: {message, fields}}` body, when the server sent one. */
  readonly body: { error?: { message?: string; fields?: Record<string, string> } } | null;
  constructor(status: number, text: string, statusText: string) {
    super(`${status}: ${text || statusText}`);
    this.status = status;
    let body: ApiError["body"] = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    this.body = body;
  }

  /** The server's own message, for display. */
  get serverMessage(): string | undefined {
    return this.body?.error?.message;
  }
}

/**
 * Calls the API; resolves with the parsed JSON (or null for an empty body). A health check's
 * findings on an object body are shown by the back office's prompt, and with the reason given
 * the call is sent once more (app/lib/health-override.ts, issue 30).
 * @param headers extra request headers, e.g. an offline write's `Idempotency-Key` (issue 35).
 */
export async function apiRequest<T = unknown>(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: "include",
    headers: body === undefined ? headers : { ...headers, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) {
    const error = new ApiError(res.status, text, res.statusText);
    const canResend = method !== "GET" && (body === undefined || isPlainObject(body));
    const reason = canResend ? await overrideReasonFor(res.status, error.body, body) : null;
    if (reason) {
      return apiRequest<T>(
        method,
        url,
        { ...(body as object), healthOverrideReason: reason },
        headers,
      );
    }
    throw error;
  }
  return (text ? JSON.parse(text) : null) as T;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The server's per-field messages of a failed call (`{error: {fields}}`), or none. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  return (error instanceof ApiError ? error.body?.error?.fields : undefined) ?? {};
}
