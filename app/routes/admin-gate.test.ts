/**
 * Walks every admin route module of app/routes.ts and calls its loader and action without a
 * signed-in admin: each must answer 401 and read nothing (app/lib/admin-gate.ts). With an admin,
 * the same loaders answer, so the sweep would notice a loader that no longer reads through the
 * gate. The API's own sweep is server/admin-routes.test.ts.
 */
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { type AdminPages, type PageServices, pageContext } from "#common/page-context.ts";

type RouteEntry = { path?: string; file: string; children?: RouteEntry[] };

function files(entries: RouteEntry[]): string[] {
  return entries.flatMap((r) => [r.file, ...files(r.children ?? [])]);
}

const adminRoot = (routes as RouteEntry[]).find((r) => r.path === "admin");
const adminFiles = [...new Set(adminRoot ? files([adminRoot]) : [])];

/** Anything read through it is recorded; every call resolves to an empty list. */
function recordingReads(reads: string[], prefix: string): unknown {
  return new Proxy(() => {}, {
    get: (_t, key) =>
      key === "then" ? undefined : recordingReads(reads, `${prefix}.${String(key)}`),
    apply: () => {
      reads.push(prefix);
      return Promise.resolve([]);
    },
  });
}

function contextWith(admin: AdminPages | null, reads: string[]) {
  const context = new RouterContextProvider();
  const services: PageServices = {
    nonce: "",
    origin: "http://localhost",
    catalog: recordingReads(reads, "catalog") as PageServices["catalog"],
    reviews: recordingReads(reads, "reviews") as PageServices["reviews"],
    consent: recordingReads(reads, "consent") as PageServices["consent"],
    orderStatus: recordingReads(reads, "orderStatus") as PageServices["orderStatus"],
    admin,
  };
  context.set(pageContext, services);
  return context;
}

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: RouterContextProvider;
}) => Promise<unknown>;

async function handlersOf(file: string): Promise<Array<[string, Handler]>> {
  const mod = (await import(path.resolve("app", file))) as { loader?: Handler; action?: Handler };
  return [
    ["loader", mod.loader],
    ["action", mod.action],
  ].filter((h): h is [string, Handler] => typeof h[1] === "function");
}

describe("admin routes without a session", () => {
  it("finds the admin routes", () => {
    expect(adminFiles).toContain("routes/admin/layout.tsx");
    expect(adminFiles.length).toBeGreaterThanOrEqual(10);
  });

  it.each(adminFiles)("%s answers 401 and reads nothing", async (file) => {
    for (const [kind, handler] of await handlersOf(file)) {
      const reads: string[] = [];
      const method = kind === "action" ? "POST" : "GET";
      const request = new Request("http://localhost/admin", { method });
      const outcome = await handler({ request, params: {}, context: contextWith(null, reads) })
        .then(() => "answered")
        .catch((err: { init?: { status?: number } }) => err.init?.status);
      expect(outcome, `${file} ${kind}`).toBe(401);
      expect(reads, `${file} ${kind} read without a session`).toEqual([]);
    }
  });

  it("answers the same loaders for a signed-in admin", async () => {
    let answered = 0;
    for (const file of adminFiles) {
      for (const [kind, handler] of await handlersOf(file)) {
        if (kind !== "loader") continue;
        const reads: string[] = [];
        const admin = recordingReads(reads, "admin") as AdminPages;
        const request = new Request("http://localhost/admin");
        await handler({ request, params: {}, context: contextWith(admin, reads) });
        answered++;
      }
    }
    expect(answered).toBeGreaterThanOrEqual(9);
  });
});
