/**
 * `node scripts/eval-advisor.ts` (npm run eval:advisor): runs the labelled client questions of
 * scripts/eval-advisor.data.json through the advisor behind its safety layer over the demo
 * catalogue (in an in-memory database, seeded as `npm start` seeds it) and prints the share whose
 * top recommendation is in an expected category, then the safety figures per class (issue 30):
 * recall, precision, and answers to emergencies or minors that carry a card. Exits 1 below the
 * 90% accuracy target, below 100% recall of emergencies or minors, or on any such card.
 */
import { openDatabase } from "#server/db/client.ts";
import { seedDemoCatalogue } from "#server/db/seed/index.ts";
import {
  loadEvalSet,
  loadSafetySet,
  runEval,
  runSafetyEval,
  SAFETY_CLASSES,
} from "#server/modules/advisor/eval.ts";
import { loadCatalogueIndex } from "#server/modules/advisor/service.ts";

const TARGET = 0.9;
const verbose = process.argv.includes("--verbose") || process.argv.includes("-v");

const database = await openDatabase({ kind: "memory" });
await seedDemoCatalogue(database.db);
const index = await loadCatalogueIndex(database.db);
const result = runEval(index, loadEvalSet());
const safety = runSafetyEval(index, loadSafetySet());
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

for (const row of safety.rows) {
  const ok = row.got === row.class;
  if (!ok || verbose) {
    console.log(
      `${ok ? "ok  " : "MISS"} ${JSON.stringify(row.q)}\n     class: ${row.got} [${row.rules.join(", ") || "-"}], expected: ${row.class}; cards: ${row.cards}`,
    );
  }
}
const percent = (n: number) => `${(n * 100).toFixed(1)}%`;
console.log(`\nSafety eval: ${safety.rows.length} labelled questions.`);
for (const k of SAFETY_CLASSES) {
  const f = safety.perClass[k];
  const precision = k === "emergency" ? `, precision ${percent(f.precision)}` : "";
  console.log(`  ${k.padEnd(15)} recall ${f.found}/${f.total} (${percent(f.recall)})${precision}`);
}
for (const row of safety.unsafe) console.log(`UNSAFE ${JSON.stringify(row.q)}: ${row.cards} cards`);
console.log(
  `  emergencies and minors answered with a card: ${safety.unsafe.length} (target 0; target recall 100% for both).`,
);

const safe =
  safety.perClass.emergency.recall === 1 &&
  safety.perClass.minor.recall === 1 &&
  safety.unsafe.length === 0;
process.exitCode = result.accuracy >= TARGET && safe ? 0 : 1;
