/**
 * The advisor's labelled evaluation (issue 5 "Done when"): runs every question of
 * scripts/eval-advisor.data.json through the built-in recommender over a catalogue and reports
 * the share whose top recommended service is in an expected category.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { CatalogueIndex } from "./catalogue-index.ts";
import { recommend } from "./recommender.ts";
import { EMPTY_CONTEXT } from "./types.ts";

export const EVAL_DATA_PATH = fileURLToPath(
  new URL("../../../scripts/eval-advisor.data.json", import.meta.url),
);

const dataSchema = z.object({
  questions: z
    .array(z.object({ q: z.string().min(1), expected: z.array(z.string()).min(1) }))
    .min(1),
});

export type EvalCase = { q: string; expected: string[] };
export type EvalRow = EvalCase & { top: string | null; topCategory: string | null; ok: boolean };

/** Reads and checks the labelled questions. */
export function loadEvalSet(path = EVAL_DATA_PATH): EvalCase[] {
  return dataSchema.parse(JSON.parse(readFileSync(path, "utf8"))).questions;
}

/** Runs the questions; `accuracy` is the share (0..1) whose top pick is in an expected category. */
export function runEval(index: CatalogueIndex, cases: EvalCase[]) {
  const rows: EvalRow[] = cases.map((c) => {
    const top = recommend(index, c.q, EMPTY_CONTEXT).services[0]?.service ?? null;
    const topCategory = top?.category ?? null;
    return {
      ...c,
      top: top?.name ?? null,
      topCategory,
      ok: topCategory !== null && c.expected.includes(topCategory),
    };
  });
  const correct = rows.filter((r) => r.ok).length;
  return { rows, correct, total: rows.length, accuracy: correct / rows.length };
}
