/**
 * Red flags in a client's words (issue 5 "Safety", issue 30): pregnancy, breastfeeding, active
 * infection, isotretinoin, keloids, blood thinners, heart conditions, suspicious moles and
 * similar. Any red flag turns the answer into a consultation recommendation with a clear note, and
 * removes treatments the flag makes unsuitable. The advisor never diagnoses or prescribes. The
 * rules are data in safety-rules.ts; this module holds the matching (shared with guard.ts).
 */
import { RED_FLAG_RULES, type RedFlagRule, type Triggers } from "./safety-rules.ts";
import { phraseHits, phraseScore, stem, tokenize } from "./text.ts";

export type SafetySignal = Pick<RedFlagRule, "id" | "note" | "avoidCategories" | "avoidNames">;

/** A rule's triggers, tokenised once. */
export type CompiledTriggers = {
  phrases: string[][];
  near: { groups: string[][]; within: number }[];
  patterns: RegExp[];
  ignore: string[][];
};

/** Tokenises a rule's phrases and ignore phrases (once, at module load). */
export function compileTriggers(rule: Triggers): CompiledTriggers {
  return {
    phrases: (rule.phrases ?? []).map((t) => tokenize(t)),
    near: rule.near ?? [],
    patterns: rule.patterns ?? [],
    ignore: (rule.ignore ?? []).map((t) => tokenize(t)),
  };
}

/** The tokens with every exact hit of an ignore phrase blanked out. */
function withoutIgnored(tokens: string[], ignore: string[][]): string[] {
  let own = tokens;
  for (const phrase of ignore) {
    for (const hit of phraseHits(own, phrase)) {
      if (hit.score < 1) continue;
      own = own.map((t, i) => (i >= hit.start && i < hit.end ? "" : t));
    }
  }
  return own;
}

/**
 * Whether one word of every group occurs, all within `within` words of the first group's. Words
 * match exactly (plurals aside): a typo allowance would let 'infection' pass for 'injection', so
 * groups list their common misspellings instead.
 */
function nearMatch(tokens: string[], groups: string[][], within: number): boolean {
  const positions = groups.map((group) =>
    tokens.flatMap((t, i) => (t && group.some((g) => stem(t) === stem(g)) ? [i] : [])),
  );
  const [anchors = [], ...others] = positions;
  return anchors.some((a) => others.every((ps) => ps.some((p) => Math.abs(p - a) <= within)));
}

/**
 * Whether a rule fires on the client's tokens: a phrase (typo-tolerant), words near each other,
 * or a pattern over the tokens joined by spaces; ignore phrases are blanked first.
 */
export function triggersMatch(rule: CompiledTriggers, tokens: string[]): boolean {
  const own = withoutIgnored(tokens, rule.ignore);
  if (rule.phrases.some((p) => phraseScore(own, p) >= 0.8)) return true;
  if (rule.near.some((n) => nearMatch(own, n.groups, n.within))) return true;
  const joined = own.filter(Boolean).join(" ");
  return rule.patterns.some((p) => p.test(joined));
}

const COMPILED = RED_FLAG_RULES.map((rule) => ({ rule, triggers: compileTriggers(rule) }));

function signalOf(rule: RedFlagRule): SafetySignal {
  const { id, note, avoidCategories, avoidNames } = rule;
  return avoidNames ? { id, note, avoidCategories, avoidNames } : { id, note, avoidCategories };
}

/**
 * The red flags in `text` (empty when none), in the table's order. Misspellings within one or
 * two letters count, so 'pregnent' and 'acutane' are caught; a flag that `replaces` another
 * drops it (a bleeding mole is not an infection).
 */
export function detectSafetySignals(text: string): SafetySignal[] {
  const tokens = tokenize(text);
  const fired = COMPILED.filter(({ triggers }) => triggersMatch(triggers, tokens)).map(
    ({ rule }) => rule,
  );
  const replaced = new Set(fired.flatMap((r) => r.replaces ?? []));
  return fired.filter((r) => !replaced.has(r.id)).map(signalOf);
}
