/**
 * Advisor speed (issue 5): time of one built-in answer (concern detection, full-text ranking,
 * text) over the demo catalogue, and of the catalogue index rebuild after a catalogue change.
 * Prints p50/p99 in milliseconds; speed is measured here, never asserted in tests.
 */
import { performance } from "node:perf_hooks";
import { openDatabase } from "#server/db/client.ts";
import { seedDemoCatalogue } from "#server/db/seed/index.ts";
import { buildCatalogueIndex } from "#server/modules/advisor/catalogue-index.ts";
import { loadEvalSet } from "#server/modules/advisor/eval.ts";
import { recommend } from "#server/modules/advisor/recommender.ts";
import { loadCatalogueIndex } from "#server/modules/advisor/service.ts";

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function report(name: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  console.log(
    `${name}: p50 ${percentile(sorted, 50).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms (${samples.length} runs)`,
  );
}

const database = await openDatabase({ kind: "memory" });
await seedDemoCatalogue(database.db);
const index = await loadCatalogueIndex(database.db);
const questions = loadEvalSet().map((c) => c.q);

const answers: number[] = [];
for (let round = 0; round < 20; round++) {
  for (const q of questions) {
    const start = performance.now();
    recommend(index, q);
    answers.push(performance.now() - start);
  }
}
report("built-in answer", answers);

const rebuilds: number[] = [];
for (let i = 0; i < 50; i++) {
  const start = performance.now();
  buildCatalogueIndex(index.catalogue);
  rebuilds.push(performance.now() - start);
}
report("catalogue index rebuild", rebuilds);

const loads: number[] = [];
for (let i = 0; i < 100; i++) {
  const start = performance.now();
  await loadCatalogueIndex(database.db);
  loads.push(performance.now() - start);
}
report("catalogue read + cache check (PGlite)", loads);
await database.close();
