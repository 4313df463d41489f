/**
 * `npm run bench`: runs every `scripts/bench/*.bench.ts` in turn (each prints its own figures).
 * Pass names to run only some: `npm run bench -- pages checkout`.
 */
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.some((name) => f.startsWith(name)))
  .sort();

if (benches.length === 0) {
  console.log("No benchmarks found.");
}
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  execFileSync(process.execPath, [path.join(dir, file)], { stdio: "inherit" });
}
