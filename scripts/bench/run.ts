/**
 * `npm run bench`: runs every `scripts/bench/*.bench.ts` in turn (each prints its own figures).
 * Pass names to run only some: `npm run bench -- pages checkout`; options (from the first `--x`
 * on) go to each of them: `npm run bench -- start --rounds 5 --from both`.
 */
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

const dir = import.meta.dirname;
const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith("--"));
const only = firstOption === -1 ? args : args.slice(0, firstOption);
const options = firstOption === -1 ? [] : args.slice(firstOption);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.some((name) => f.startsWith(name)))
  .sort();

if (benches.length === 0) {
  console.log("No benchmarks found.");
}
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  execFileSync(process.execPath, [path.join(dir, file), ...options], { stdio: "inherit" });
}
