/**
 * The advisor's safety layer (issue 30 "Clinical safety first", decision 0190): every question is
 * classified before any answer is written (built-in recommender and language model alike), and
 * every answer is checked after. Emergencies get urgent-care guidance only (the clinic's phone and
 * the Lagos emergency numbers 112 and 767); under-18s and self-injection or buying injectables get
 * the rule's reply; none of these reach the language model or carry a product card, a treatment
 * card or Book Now. Red flags go to the recommenders, which lead with a consultation and the note.
 * Pure functions over the rules of safety-rules.ts.
 */
import type { ChatPart } from "#common/advisor.ts";
import { BUSINESS } from "#common/business.ts";
import type { CatalogueIndex } from "./catalogue-index.ts";
import { recommend } from "./recommender.ts";
import { compileTriggers, detectSafetySignals, triggersMatch } from "./safety.ts";
import {
  EMERGENCY_NUMBERS,
  GUARD_RULES,
  type GuardRule,
  type SafetyClass,
} from "./safety-rules.ts";
import { tokenize } from "./text.ts";
import type { AdvisorContext, Recommendation } from "./types.ts";

/** What the layer decided about a question: its class and the rules that fired, in table order. */
export type Verdict = { kind: SafetyClass; rules: string[] };

const COMPILED = GUARD_RULES.map((rule) => ({ rule, triggers: compileTriggers(rule) }));

/** The order classes win in: an emergency outranks everything, ordinary nothing. */
const PRECEDENCE: SafetyClass[] = ["emergency", "minor", "self-injection"];

/**
 * The class of a client's question: emergency, minor, self-injection (also buying injectables),
 * red-flag (a red flag of safety.ts) or ordinary, and the ids of the rules that fired.
 */
export function classifyQuestion(query: string): Verdict {
  const tokens = tokenize(query);
  const fired = COMPILED.filter(({ triggers }) => triggersMatch(triggers, tokens)).map(
    ({ rule }) => rule,
  );
  for (const kind of PRECEDENCE) {
    const own = fired.filter((r) => r.kind === kind);
    if (own.length > 0) return { kind, rules: own.map((r) => r.id) };
  }
  const flags = detectSafetySignals(query);
  if (flags.length > 0) return { kind: "red-flag", rules: flags.map((f) => f.id) };
  return { kind: "ordinary", rules: [] };
}

/** True for the classes the layer answers alone (no recommender, no model). */
export function answeredByGuard(verdict: Verdict): boolean {
  return PRECEDENCE.includes(verdict.kind);
}

/** The clinic's phone as a tel: address ('+234 803 123 4567' → 'tel:+2348031234567'). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** The urgent-care advice that follows an emergency rule's first sentence. */
export const URGENT_CARE_TEXT = `Please get medical help now: call ${EMERGENCY_NUMBERS.join(" or ")} (Lagos emergency numbers) or go to the nearest hospital emergency department. If you had a treatment with us, also call the clinic on ${BUSINESS.phone} so our doctor can advise you. Please don't wait to see if it settles, and don't book or buy anything until a doctor has seen you.`;

/** The booking prompt under a minor's or a self-injection answer (a consultation, not Book Now). */
const GUARD_BOOKING_PROMPT: Record<string, string> = {
  minor:
    "Book a consultation together with your parent or guardian, and our doctor will advise you.",
  "self-injection": "Book a consultation and our doctor will talk you through safe options.",
};

function ruleById(id: string): GuardRule | undefined {
  return GUARD_RULES.find((r) => r.id === id);
}

/**
 * The layer's own answer to an emergency, minor or self-injection question: the rule's reply
 * (emergencies: each fired rule's first sentence plus URGENT_CARE_TEXT), no service or product
 * cards; a consultation booking prompt only for minors and self-injection.
 */
export function guardedAnswer(verdict: Verdict): Recommendation {
  const rules = verdict.rules.map(ruleById).filter((r): r is GuardRule => r !== undefined);
  const base = { concepts: [], safety: [], services: [], products: [] };
  if (verdict.kind === "emergency") {
    const leads = rules.slice(0, 2).map((r) => r.reply);
    return {
      ...base,
      text: [...leads, URGENT_CARE_TEXT].join(" "),
      bookingPrompt: null,
      urgentCare: true,
    };
  }
  return {
    ...base,
    text: rules[0]?.reply ?? URGENT_CARE_TEXT,
    bookingPrompt: GUARD_BOOKING_PROMPT[verdict.kind] ?? null,
  };
}

/**
 * The check after an answer is written (by the recommender or the language model): whatever the
 * answer says, an emergency, minor or self-injection question gets the layer's own answer.
 */
export function checkedAnswer(verdict: Verdict, rec: Recommendation): Recommendation {
  return answeredByGuard(verdict) ? guardedAnswer(verdict) : rec;
}

/**
 * The built-in advisor behind the safety layer: classify, answer (the layer's own answer or the
 * recommender's), check. Used by POST /api/chatbot/treatment-recommendation and the evaluation.
 */
export function answerSafely(
  index: CatalogueIndex,
  query: string,
  context: AdvisorContext,
): { verdict: Verdict; rec: Recommendation } {
  const verdict = classifyQuestion(query);
  if (answeredByGuard(verdict)) return { verdict, rec: guardedAnswer(verdict) };
  return { verdict, rec: checkedAnswer(verdict, recommend(index, query, context)) };
}

/** The urgent-care part the chat shows as a call-now box (phone and 112/767 as tel: links). */
export function urgentCarePart(): Extract<ChatPart, { type: "urgent-care" }> {
  return {
    type: "urgent-care",
    title: "Get urgent medical help now",
    numbers: EMERGENCY_NUMBERS.map((n) => ({ label: `Call ${n}`, href: telHref(n) })),
    clinic: { label: `Call the clinic: ${BUSINESS.phone}`, href: telHref(BUSINESS.phone) },
  };
}
