/**
 * The API reference for signed-in staff (issue 16): every call of the API, grouped by area, with
 * its method, path, summary, roles, parameters, body schema and answers, rendered from the
 * OpenAPI 3.1 document (GET /api/openapi.json) without any external script. A filter narrows
 * the list by path or summary.
 */
import { useState } from "react";
import { Badge } from "#app/features/admin/kit/badge.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { EmptyState } from "#app/features/admin/kit/empty-state.tsx";
import { PageHeader } from "#app/features/admin/kit/page-header.tsx";
import type { ApiReferenceEntry } from "#common/api-reference.ts";

const METHOD_STYLE: Record<string, string> = {
  GET: "bg-sky-100 text-sky-900",
  POST: "bg-emerald-100 text-emerald-900",
  PUT: "bg-amber-100 text-amber-900",
  PATCH: "bg-amber-100 text-amber-900",
  DELETE: "bg-red-100 text-red-900",
};

/** Entries whose method, path, summary or area contain `text` (case-insensitive). */
export function filterEntries(entries: readonly ApiReferenceEntry[], text: string) {
  const q = text.trim().toLowerCase();
  if (!q) return entries;
  return entries.filter((e) =>
    `${e.method} ${e.path} ${e.summary} ${e.tag}`.toLowerCase().includes(q),
  );
}

function Schema({ value }: { value: unknown }) {
  return (
    <pre className="mt-1 max-h-96 overflow-auto rounded-md bg-gray-50 p-3 text-xs text-gray-900">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

function Entry({ entry }: { entry: ApiReferenceEntry }) {
  return (
    <li className="rounded-lg border border-gray-200 bg-white p-4">
      <details>
        <summary className="flex cursor-pointer flex-wrap items-center gap-2">
          <span
            className={`rounded px-2 py-0.5 font-mono text-xs font-semibold ${METHOD_STYLE[entry.method] ?? "bg-gray-200"}`}
          >
            {entry.method}
          </span>
          <code className="font-mono text-sm text-ink">{entry.path}</code>
          <span className="text-sm text-gray-700">{entry.summary}</span>
          {entry.roles ? (
            <Badge tone="gray">{entry.roles.join(", ")}</Badge>
          ) : (
            <Badge tone="green">public</Badge>
          )}
        </summary>
        <div className="mt-3 grid gap-3 text-sm">
          {entry.parameters.length > 0 && (
            <section>
              <h4 className="font-semibold text-ink">Parameters</h4>
              <ul className="mt-1 grid gap-2">
                {entry.parameters.map((p) => (
                  <li key={`${p.in}-${p.name}`}>
                    <code className="font-mono">{p.name}</code>{" "}
                    <span className="text-gray-700">
                      ({p.in}
                      {p.required ? ", required" : ""})
                    </span>
                    <Schema value={p.schema} />
                  </li>
                ))}
              </ul>
            </section>
          )}
          {entry.requestBody !== null && (
            <section>
              <h4 className="font-semibold text-ink">Request body (JSON)</h4>
              <Schema value={entry.requestBody} />
            </section>
          )}
          <section>
            <h4 className="font-semibold text-ink">Answers</h4>
            <ul className="mt-1 grid gap-1">
              {entry.responses.map((r) => (
                <li key={r.status}>
                  <code className="font-mono">{r.status}</code> {r.description}
                </li>
              ))}
            </ul>
          </section>
        </div>
      </details>
    </li>
  );
}

export function ApiReferenceScreen({ entries }: { entries: readonly ApiReferenceEntry[] }) {
  const [text, setText] = useState("");
  const shown = filterEntries(entries, text);
  const tags = [...new Set(shown.map((e) => e.tag))];
  return (
    <>
      <PageHeader title="API reference">
        <a className={adminButton.outline} href="/api/openapi.json" download="openapi.json">
          Download OpenAPI 3.1 (JSON)
        </a>
      </PageHeader>
      <p className="mb-4 max-w-3xl text-sm text-gray-700">
        Every call of the clinic's API. Money is in naira; times are ISO 8601 (UTC). Back-office
        calls need a signed-in session with one of the roles shown; bad input gets 400 with a
        message and nothing is written.
      </p>
      <div className="mb-4 max-w-md">
        <label htmlFor="api-filter" className="block text-sm font-medium text-gray-700">
          Filter calls
        </label>
        <input
          id="api-filter"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Path, summary or area"
          className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2 text-sm"
        />
      </div>
      {entries.length === 0 ? (
        <EmptyState>
          <p className="font-semibold text-ink">No API description is available.</p>
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState>
          <p className="font-semibold text-ink">No calls match “{text}”.</p>
        </EmptyState>
      ) : (
        tags.map((tag) => (
          <section key={tag} aria-labelledby={`api-${tag}`} className="mb-6">
            <h2 id={`api-${tag}`} className="mb-2 text-lg font-semibold text-ink">
              {tag}
            </h2>
            <ul className="grid gap-2">
              {shown
                .filter((e) => e.tag === tag)
                .map((e) => (
                  <Entry key={`${e.method} ${e.path}`} entry={e} />
                ))}
            </ul>
          </section>
        ))
      )}
    </>
  );
}
