/**
 * What a client's words say (issue 5 "Built-in recommender"): the concerns (concepts.ts, with
 * synonyms and typos), the follow-up intents (price, cheaper, more, booking…) and the safety
 * signals of the question and of the conversation so far (safety.ts).
 */
import { CONCEPTS, type Concept } from "./concepts.ts";
import { detectSafetySignals, type SafetySignal } from "./safety.ts";
import { phraseHits, phraseScore, tokenize } from "./text.ts";
import type { AdvisorContext } from "./types.ts";

const COMPILED_CONCEPTS = CONCEPTS.map((concept) => ({
  concept,
  phrases: concept.triggers.map((t) => tokenize(t)),
}));

/** The concepts of concepts.ts by id (an earlier answer's concepts are kept as ids). */
export const CONCEPT_BY_ID = new Map(CONCEPTS.map((c) => [c.id, c]));

/** A concern found in a text: its score and the index of its first word. */
export type ConceptHit = { concept: Concept; score: number; at: number };

/**
 * The concerns a text mentions, strongest first. Longer and exact phrases claim their words
 * first, so 'dark spots' is pigmentation (not also 'spots' elsewhere), 'acne scars' is scars,
 * and 'laser hair removal' is hair removal.
 */
export function detectConcepts(text: string): ConceptHit[] {
  const tokens = tokenize(text);
  type Candidate = { concept: Concept; score: number; start: number; end: number; len: number };
  const candidates: Candidate[] = [];
  for (const { concept, phrases } of COMPILED_CONCEPTS) {
    for (const phrase of phrases) {
      for (const hit of phraseHits(tokens, phrase)) {
        candidates.push({ concept, ...hit, len: phrase.length });
      }
    }
  }
  candidates.sort((a, b) => b.score - a.score || b.len - a.len || a.start - b.start);
  const claimed = new Map<number, string>();
  const found = new Map<string, ConceptHit>();
  for (const c of candidates) {
    let free = true;
    for (let i = c.start; i < c.end; i++) {
      const owner = claimed.get(i);
      if (owner !== undefined && owner !== c.concept.id) free = false;
    }
    if (!free) continue;
    for (let i = c.start; i < c.end; i++) claimed.set(i, c.concept.id);
    const score = c.score * (1 + 0.5 * (c.len - 1)) * (c.concept.weight ?? 1);
    const prev = found.get(c.concept.id);
    if (!prev) found.set(c.concept.id, { concept: c.concept, score, at: c.start });
    else {
      prev.score = Math.max(prev.score, score) + 0.1;
      prev.at = Math.min(prev.at, c.start);
    }
  }
  return [...found.values()]
    .filter((h) => h.concept.weight !== 0)
    .sort((a, b) => b.score - a.score || a.at - b.at);
}

// Follow-up intents

const INTENTS = {
  price: ["how much", "price", "prices", "cost", "costs", "fee", "fees", "expensive", "rate"],
  cheaper: ["cheaper", "cheap", "affordable", "budget", "less expensive", "lower price"],
  more: [
    "other options",
    "anything else",
    "something else",
    "alternative",
    "alternatives",
    "more options",
    "what else",
    "another",
  ],
  duration: ["how long", "duration", "minutes", "hours", "how many minutes"],
  products: [
    "product",
    "products",
    "cream",
    "creams",
    "serum",
    "at home",
    "home care",
    "routine",
    "buy",
  ],
  location: [
    "where are you",
    "address",
    "location",
    "located",
    "where is the clinic",
    "directions",
    "opening hours",
    "open on",
    "what time",
    "sunday",
    "saturday",
    "closing time",
  ],
  book: ["book", "booking", "appointment", "schedule", "reserve", "available", "slot"],
  greeting: ["hi", "hello", "hey", "good morning", "good afternoon", "good evening", "how are you"],
  thanks: ["thanks", "thank you", "thank u", "thx", "okay thanks", "great thanks"],
} as const;

/** A follow-up intent: what the client asks about the earlier answer or the clinic. */
export type Intent = keyof typeof INTENTS;

const COMPILED_INTENTS = Object.entries(INTENTS).map(([intent, phrases]) => ({
  intent: intent as Intent,
  phrases: phrases.map((p) => tokenize(p)),
}));

/** The follow-up intents whose phrases a text contains (exact words, no typos). */
export function detectIntents(text: string): Set<Intent> {
  const tokens = tokenize(text);
  const found = new Set<Intent>();
  for (const { intent, phrases } of COMPILED_INTENTS) {
    if (phrases.some((p) => phraseScore(tokens, p) >= 1)) found.add(intent);
  }
  return found;
}

// Safety signals

/** True when the question itself raises no safety signal. */
export function safetyNow(query: string): boolean {
  return detectSafetySignals(query).length === 0;
}

/**
 * The safety signals of this question plus those mentioned earlier in the conversation. The
 * earlier ones still keep unsuitable treatments out of the cards; only this question's signals
 * write their note into the answer (issue 30: a red flag applies to the answer that raised it).
 */
export function safetyFor(query: string, context: AdvisorContext): SafetySignal[] {
  const now = detectSafetySignals(query);
  const earlier = detectSafetySignals(
    context.previousSafety.map((id) => SAFETY_WORD[id] ?? "").join(" "),
  );
  return [...now, ...earlier.filter((e) => !now.some((s) => s.id === e.id))];
}

/** One word per signal, so a signal from earlier in the conversation can be re-detected. */
const SAFETY_WORD: Record<string, string> = {
  pregnancy: "pregnant",
  breastfeeding: "breastfeeding",
  infection: "infection",
  isotretinoin: "isotretinoin",
  keloid: "keloid",
  heart: "pacemaker",
  "blood-thinners": "warfarin",
  mole: "bleeding mole",
  medical: "diabetes",
  diagnosis: "diagnose",
};
