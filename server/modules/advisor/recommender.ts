/**
 * The built-in treatment recommender (issue 5 "Built-in recommender"): no key, no network. It
 * maps a client's words to concerns (concepts.ts, tolerant of synonyms and typos), finds matching
 * services and products of the LIVE catalogue with full-text search (MiniSearch), ranks them by
 * relevance and by the categories that usually answer each concern, applies the safety rules
 * (safety.ts) and writes a short, warm answer with a reason per recommendation.
 *
 * Pure functions over a catalogue snapshot: the caller loads the catalogue from the database, so
 * nothing outside it can be recommended and every price comes from the database.
 */
import { BUSINESS } from "#common/business.ts";
import { writeText } from "./answer-text.ts";
import type { CatalogueIndex } from "./catalogue-index.ts";
import { detectConcepts, detectIntents, type Intent, safetyFor, safetyNow } from "./detection.ts";
import {
  pickProducts,
  pickServices,
  type Question,
  rankedForQuestion,
  weightedConcepts,
} from "./picks.ts";
import { detectSafetySignals } from "./safety.ts";
import { tokenize } from "./text.ts";
import { type AdvisorContext, EMPTY_CONTEXT, type Recommendation } from "./types.ts";

/** Client words the catalogue says differently, for the full-text search. */
const SEARCH_SYNONYMS: Record<string, string> = {
  armpit: "underarm",
  armpits: "underarm",
  belle: "tummy",
  stomach: "tummy",
  belly: "tummy",
  pimples: "acne breakouts",
  pimple: "acne",
  akne: "acne",
  lighten: "brightening",
  barb: "shave",
  wrinkles: "fine lines",
};

const BOOKING_PROMPT =
  "Ready when you are: book a consultation and our team will confirm your appointment by phone or WhatsApp.";

/**
 * Recommends services and products of the catalogue for a client's question, in the context of
 * the conversation so far. Never returns anything outside `index.catalogue`.
 */
export function recommend(
  index: CatalogueIndex,
  query: string,
  context: AdvisorContext = EMPTY_CONTEXT,
): Recommendation {
  const hits = detectConcepts(query);
  const intents = detectIntents(query);
  const clinic = hits.length === 0 ? clinicAnswer(query, intents, context) : null;
  if (clinic) return clinic;

  const question: Question = {
    weighted: weightedConcepts(hits, context),
    intents,
    safety: safetyFor(query, context),
    isFollowUp: hits.length === 0 && context.previousConcepts.length > 0,
    rawQuery: tokenize(query)
      .map((t) => SEARCH_SYNONYMS[t] ?? t)
      .join(" "),
  };
  // A follow-up about price, time or booking keeps the earlier picks (prices re-read from the db).
  const keepEarlier =
    question.isFollowUp &&
    !intents.has("more") &&
    !intents.has("cheaper") &&
    context.previousServiceIds.length > 0;
  const ranked = rankedForQuestion(index, question, context, keepEarlier);
  const services = pickServices(index, question, ranked, keepEarlier);
  const products = pickProducts(index, question, context, keepEarlier);
  const { weighted, isFollowUp } = question;
  // Earlier red flags still filtered the cards; only this question's flags are spoken (issue 30).
  const safety = detectSafetySignals(query);
  const text = writeText({ hits, weighted, services, products, safety, intents, isFollowUp });
  return {
    concepts: weighted.map((w) => w.concept.id),
    safety,
    services,
    products,
    text,
    bookingPrompt: services.length > 0 ? BOOKING_PROMPT : null,
  };
}

/**
 * The answer to a question about the clinic itself (where, when, a thanks or a greeting without
 * a safety signal), or null when the question is about a concern. Only for questions with no
 * concept.
 */
function clinicAnswer(
  query: string,
  intents: Set<Intent>,
  context: AdvisorContext,
): Recommendation | null {
  if (intents.has("location")) {
    return {
      concepts: context.previousConcepts,
      safety: [],
      services: [],
      products: [],
      text: `We're at ${BUSINESS.address}. We're open Monday to Saturday, ${BUSINESS.openingHours.weekdays}, and closed on Sundays. You can call or WhatsApp us on ${BUSINESS.phone}.`,
      bookingPrompt: BOOKING_PROMPT,
    };
  }
  if (!safetyNow(query) || !(intents.has("thanks") || intents.has("greeting"))) return null;
  if (intents.has("thanks")) {
    return {
      concepts: [],
      safety: [],
      services: [],
      products: [],
      text: "You're very welcome! If anything else comes up about your skin or wellness, just ask.",
      bookingPrompt: null,
    };
  }
  return {
    concepts: context.previousConcepts,
    safety: [],
    services: [],
    products: [],
    text: "Hello! It's lovely to hear from you. Tell me what you'd like help with — for example breakouts, dark marks, dry skin, tummy fat, stress or unwanted hair — and I'll suggest the right treatments.",
    bookingPrompt: null,
  };
}
