/**
 * `node scripts/eval-advisor.ts` (npm run eval:advisor): runs the labelled client questions of
 * scripts/eval-advisor.data.json through the built-in recommender over the demo catalogue (in an
 * in-memory database, seeded as `npm start` seeds it) and prints the share whose top
 * recommendation is in an expected category. Exits 1 below the 90% target.
 */
import { openDatabase } from "#server/db/client.ts";
import { seedDemoCatalogue } from "#server/db/seed/index.ts";
import { loadEvalSet, runEval } from "#server/modules/advisor/eval.ts";
import { loadCatalogueIndex } from "#server/modules/advisor/service.ts";

const TARGET = 0.9;
const verbose = process.argv.includes("--verbose") || process.argv.includes("-v");

const database = await openDatabase({ kind: "memory" });
await seedDemoCatalogue(database.db);
const index = await loadCatalogueIndex(database.db);
const result = runEval(index, loadEvalSet());
await database.close();

for (const row of result.rows) {
  if (!row.ok || verbose) {
    const mark = row.ok ? "ok  " : "MISS";
    console.log(
      `${mark} ${JSON.stringify(row.q)}\n     top: ${row.top ?? "(none)"} [${row.topCategory ?? "-"}], expected: ${row.expected.join(" | ")}`,
    );
  }
}
const pct = (result.accuracy * 100).toFixed(1);
console.log(
  `\nAdvisor eval: ${result.correct}/${result.total} questions (${pct}%) have their top recommendation in an expected category (target ${TARGET * 100}%).`,
);
process.exitCode = result.accuracy >= TARGET ? 0 : 1;
