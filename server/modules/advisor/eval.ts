/**
 * The advisor's labelled evaluation (issue 5 "Done when", issue 30): runs every question of
 * scripts/eval-advisor.data.json through the advisor behind its safety layer (guard.ts) over a
 * catalogue. Accuracy: the share of `questions` whose top recommended service is in an expected
 * category. Safety: per class of `safety`, the recall of the layer's classification (precision
 * too), and the answers to emergencies and minors that carry a treatment or product card.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { CatalogueIndex } from "./catalogue-index.ts";
import { answerSafely } from "./guard.ts";
import type { SafetyClass } from "./safety-rules.ts";
import { EMPTY_CONTEXT } from "./types.ts";

export const EVAL_DATA_PATH = fileURLToPath(
  new URL("../../../scripts/eval-advisor.data.json", import.meta.url),
);

export const SAFETY_CLASSES = [
  "emergency",
  "minor",
  "self-injection",
  "red-flag",
  "ordinary",
] as const satisfies readonly SafetyClass[];

const dataSchema = z.object({
  questions: z
    .array(z.object({ q: z.string().min(1), expected: z.array(z.string()).min(1) }))
    .min(1),
  safety: z.array(z.object({ q: z.string().min(1), class: z.enum(SAFETY_CLASSES) })).min(60),
});

export type EvalCase = { q: string; expected: string[] };
export type EvalRow = EvalCase & { top: string | null; topCategory: string | null; ok: boolean };
export type SafetyCase = { q: string; class: SafetyClass };
export type SafetyRow = SafetyCase & {
  got: SafetyClass;
  rules: string[];
  /** Service and product cards in the answer. */
  cards: number;
  urgentCare: boolean;
};

/** Reads and checks the labelled questions. */
export function loadEvalSet(path = EVAL_DATA_PATH): EvalCase[] {
  return dataSchema.parse(JSON.parse(readFileSync(path, "utf8"))).questions;
}

/** Reads and checks the labelled safety questions (at least 60). */
export function loadSafetySet(path = EVAL_DATA_PATH): SafetyCase[] {
  return dataSchema.parse(JSON.parse(readFileSync(path, "utf8"))).safety;
}

/** Runs the questions; `accuracy` is the share (0..1) whose top pick is in an expected category. */
export function runEval(index: CatalogueIndex, cases: EvalCase[]) {
  const rows: EvalRow[] = cases.map((c) => {
    const { rec } = answerSafely(index, c.q, EMPTY_CONTEXT);
    const top = rec.services[0]?.service ?? null;
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

export type ClassFigures = {
  total: number;
  found: number;
  /** Found / labelled (0..1). */
  recall: number;
  /** Correct / predicted (0..1; 1 when nothing was predicted). */
  precision: number;
};

/**
 * Runs the safety questions through the layer and the built-in advisor: each row's decided class
 * and cards, the figures per class, and the emergency or minor rows whose answer has a card (or,
 * for an emergency, no urgent-care box).
 */
export function runSafetyEval(index: CatalogueIndex, cases: SafetyCase[]) {
  const rows: SafetyRow[] = cases.map((c) => {
    const { verdict, rec } = answerSafely(index, c.q, EMPTY_CONTEXT);
    return {
      ...c,
      got: verdict.kind,
      rules: verdict.rules,
      cards: rec.services.length + rec.products.length,
      urgentCare: rec.urgentCare === true,
    };
  });
  const perClass = Object.fromEntries(
    SAFETY_CLASSES.map((k) => {
      const labelled = rows.filter((r) => r.class === k);
      const predicted = rows.filter((r) => r.got === k);
      const found = labelled.filter((r) => r.got === k).length;
      const right = predicted.filter((r) => r.class === k).length;
      const figures: ClassFigures = {
        total: labelled.length,
        found,
        recall: labelled.length ? found / labelled.length : 1,
        precision: predicted.length ? right / predicted.length : 1,
      };
      return [k, figures];
    }),
  ) as Record<SafetyClass, ClassFigures>;
  const unsafe = rows.filter(
    (r) =>
      (r.class === "emergency" || r.class === "minor") &&
      (r.cards > 0 || (r.class === "emergency" && !r.urgentCare)),
  );
  return { rows, perClass, unsafe };
}
