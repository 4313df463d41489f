/**
 * The field names of every zod object schema the browser and the server share (common/*.ts), for
 * the input sweeps (server/text-hygiene.test.ts, server/garbage-sweep.test.ts): a new schema's
 * fields join them by themselves.
 */
import { readdirSync } from "node:fs";
import path from "node:path";

type ZodLike = { _zod?: { def?: Record<string, unknown> } };

/** Every object key of a zod schema, through optional/default/pipe/array/union wrappers. */
function fieldNames(schema: unknown, into: Set<string>, seen = new Set<unknown>()) {
  const def = (schema as ZodLike)?._zod?.def;
  if (!def || seen.has(schema)) return;
  seen.add(schema);
  if (def.type === "object" && def.shape && typeof def.shape === "object") {
    for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) {
      into.add(key);
      fieldNames(value, into, seen);
    }
  }
  for (const inner of [def.innerType, def.in, def.out, def.element, def.left, def.right]) {
    fieldNames(inner, into, seen);
  }
  if (Array.isArray(def.options)) for (const o of def.options) fieldNames(o, into, seen);
}

/** The sorted field names of every schema exported by a module of common/. */
export async function sharedFieldNames(): Promise<string[]> {
  const dir = path.resolve(import.meta.dirname, "../../common");
  const names = new Set<string>();
  for (const file of readdirSync(dir)) {
    if (!file.endsWith(".ts") || file.endsWith(".test.ts")) continue;
    const mod = (await import(path.join(dir, file))) as Record<string, unknown>;
    for (const value of Object.values(mod)) fieldNames(value, names);
  }
  return [...names].sort();
}
