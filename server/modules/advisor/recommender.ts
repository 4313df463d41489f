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
import MiniSearch from "minisearch";
import { BUSINESS } from "#common/business.ts";
import {
  BOOKING_FEE,
  findServiceCategory,
  isConsultationService,
  type PublicProduct,
  type PublicService,
  servicePriceLabel,
} from "#common/catalog.ts";
import { formatNaira } from "#common/money.ts";
import { CONCEPTS, CONSULTATION_FIRST_CATEGORIES, type Concept } from "./concepts.ts";
import { detectSafetySignals, type SafetySignal } from "./safety.ts";
import { firstSentence, phraseHits, phraseScore, stem, tokenize } from "./text.ts";

export type Catalogue = { services: PublicService[]; products: PublicProduct[] };

/** What the conversation so far tells the recommender (server/modules/advisor/service.ts). */
export type AdvisorContext = {
  /** Concepts of the most recent earlier question that had any, best first. */
  previousConcepts: string[];
  /** Services and products recommended in the last answer. */
  previousServiceIds: number[];
  previousProductIds: number[];
  /** Safety signals mentioned anywhere earlier in the conversation (they stay in force). */
  previousSafety: string[];
};

export const EMPTY_CONTEXT: AdvisorContext = {
  previousConcepts: [],
  previousServiceIds: [],
  previousProductIds: [],
  previousSafety: [],
};

export type ServicePick = { service: PublicService; reason: string; consultationFirst: boolean };
export type ProductPick = { product: PublicProduct; reason: string };

export type Recommendation = {
  /** Concept ids the answer is about, best first. */
  concepts: string[];
  safety: SafetySignal[];
  services: ServicePick[];
  products: ProductPick[];
  /** The reply text. */
  text: string;
  /** Text of the booking prompt box, or null for none. */
  bookingPrompt: string | null;
};

const MAX_SERVICES = 3;
const MAX_PRODUCTS = 2;
const MAX_PER_CATEGORY = 2;

const STOP_WORDS = new Set(
  "a an and are am as at be been but by can could do does for from get got have has how i im ive in into is it its me my of on or our please so some than that the their them then there these this to too us very want was we were what when where which who why will with would you your yours help need like know looking best good really much also any just about should skin face body treatment treatments service services thing things get make best recommend suggest".split(
    " ",
  ),
);

// ---------------------------------------------------------------------------------------------
// Concept detection

const COMPILED_CONCEPTS = CONCEPTS.map((concept) => ({
  concept,
  phrases: concept.triggers.map((t) => tokenize(t)),
}));

const CONCEPT_BY_ID = new Map(CONCEPTS.map((c) => [c.id, c]));

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

// ---------------------------------------------------------------------------------------------
// Catalogue index

type Doc = { id: number; name: string; categoryName: string; description: string };

function processTerm(term: string): string | null {
  const t = term.toLowerCase();
  if (t.length < 2 || STOP_WORDS.has(t)) return null;
  return stem(t);
}

function newIndex(docs: Doc[]): MiniSearch<Doc> {
  const index = new MiniSearch<Doc>({
    fields: ["name", "categoryName", "description"],
    processTerm,
    searchOptions: {
      boost: { name: 3, categoryName: 2, description: 1 },
      fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
      prefix: (term) => term.length >= 5,
      combineWith: "OR",
    },
  });
  index.addAll(docs);
  return index;
}

export type CatalogueIndex = {
  catalogue: Catalogue;
  services: MiniSearch<Doc>;
  products: MiniSearch<Doc>;
  serviceById: Map<number, PublicService>;
  productById: Map<number, PublicProduct>;
};

/** Builds the full-text index of a catalogue snapshot (a few milliseconds for ~100 items). */
export function buildCatalogueIndex(catalogue: Catalogue): CatalogueIndex {
  return {
    catalogue,
    services: newIndex(
      catalogue.services.map((s) => ({
        id: s.id,
        name: s.name,
        categoryName: `${s.category.replace(/-/g, " ")} ${findServiceCategory(s.category)?.name ?? ""}`,
        description: s.description,
      })),
    ),
    products: newIndex(
      catalogue.products.map((p) => ({
        id: p.id,
        name: p.name,
        categoryName: p.category.replace(/-/g, " "),
        description: `${p.description} ${p.benefits.join(" ")} ${p.details ?? ""}`,
      })),
    ),
    serviceById: new Map(catalogue.services.map((s) => [s.id, s])),
    productById: new Map(catalogue.products.map((p) => [p.id, p])),
  };
}

/** Search scores normalised to 0..1 (best hit = 1). */
function normalisedSearch(index: MiniSearch<Doc>, query: string): Map<number, number> {
  const results = query.trim() ? index.search(query) : [];
  const top = results[0]?.score ?? 0;
  const scores = new Map<number, number>();
  if (top <= 0) return scores;
  for (const r of results) scores.set(Number(r.id), r.score / top);
  return scores;
}

/**
 * Items whose NAME the client typed (e.g. 'botox', 'hydrafacial', 'cellulite'), with the share
 * of the name's words matched; generic words ('laser', 'facial', 'massage') don't count alone.
 */
function nameMatches(index: MiniSearch<Doc>, query: string): Map<number, number> {
  const out = new Map<number, number>();
  if (!query.trim()) return out;
  for (const r of index.search(query, { fields: ["name"], prefix: false })) {
    const distinctive = r.terms.filter((t) => !GENERIC_NAME_WORDS.has(t));
    if (distinctive.length > 0) out.set(Number(r.id), distinctive.length);
  }
  return out;
}

const GENERIC_NAME_WORDS = new Set(
  "laser facial massage peel drip body skin treatment removal consultation package programme area per full in clinic the clear glow signature classic express deep underarm bikini line leg beard neck back chin cheek jawline eye face min ml tag smooth day half reset".split(
    " ",
  ),
);

function categoryBonus(categories: readonly string[] | undefined, category: string): number {
  const i = categories?.indexOf(category) ?? -1;
  return i < 0 ? 0 : ([1, 0.7, 0.5, 0.35, 0.25][i] ?? 0.2);
}

// ---------------------------------------------------------------------------------------------
// Ranking

type Weighted = { concept: Concept; weight: number };

function rankServices(
  index: CatalogueIndex,
  concepts: Weighted[],
  rawQuery: string,
  safety: SafetySignal[],
  exclude: Set<number>,
): { service: PublicService; score: number; base: number; concept: Concept | null }[] {
  const raw = normalisedSearch(index.services, rawQuery);
  const named = nameMatches(index.services, rawQuery);
  const perConcept = concepts.map((c) => ({
    ...c,
    search: normalisedSearch(index.services, c.concept.search),
  }));
  const wantsConsultation = concepts.some((c) => c.concept.id === "consult");
  const ranked: { service: PublicService; score: number; base: number; concept: Concept | null }[] =
    [];
  for (const service of index.catalogue.services) {
    if (exclude.has(service.id)) continue;
    if (!safeForSignals(service.name, service.category, safety)) continue;
    let score = 0;
    let best: { concept: Concept | null; part: number } = { concept: null, part: 0 };
    let relevant = (raw.get(service.id) ?? 0) > 0.25;
    for (const c of perConcept) {
      const s = c.search.get(service.id) ?? 0;
      const bonus = categoryBonus(c.concept.serviceCategories, service.category);
      if (s > 0.05) relevant = true;
      const part = c.weight * (0.8 * s + bonus * (s > 0.05 ? 1 : 0.6));
      score += part;
      if (part > best.part) best = { concept: c.concept, part };
    }
    // The best-fitting concern leads; others add a little (a package touching three concerns
    // should not beat the treatment made for the main one).
    score = best.part + 0.35 * (score - best.part);
    score += 0.6 * (raw.get(service.id) ?? 0);
    const base = score;
    score += 0.8 * Math.min(2, named.get(service.id) ?? 0);
    if (!relevant || score <= 0) continue;
    if (isConsultationService(service) && service.price !== null && !wantsConsultation) {
      // Pure consultations (price 0, 'Skin Analysis') are offered as a first step, not a pick.
      if (!CONSULTATION_FIRST_CATEGORIES.has(service.category)) score -= 0.4;
    }
    ranked.push({ service, score, base, concept: best.concept });
  }
  return ranked.sort((a, b) => b.score - a.score || a.service.id - b.service.id);
}

function rankProducts(
  index: CatalogueIndex,
  concepts: Weighted[],
  rawQuery: string,
  safety: SafetySignal[],
  exclude: Set<number>,
): { product: PublicProduct; score: number; concept: Concept }[] {
  const withProducts = concepts.filter((c) => c.concept.productCategories?.length);
  if (withProducts.length === 0) return [];
  const raw = normalisedSearch(index.products, rawQuery);
  const perConcept = withProducts.map((c) => ({
    ...c,
    search: normalisedSearch(index.products, c.concept.productSearch ?? c.concept.search),
  }));
  const ranked: { product: PublicProduct; score: number; concept: Concept }[] = [];
  for (const product of index.catalogue.products) {
    if (exclude.has(product.id) || product.stock <= 0) continue;
    if (safety.some((s) => s.avoidNames?.test(`${product.name} ${product.description}`))) continue;
    let score = 0;
    let best: { concept: Concept | null; part: number } = { concept: null, part: 0 };
    for (const c of perConcept) {
      const s = c.search.get(product.id) ?? 0;
      if (s < 0.15) continue;
      const part =
        c.weight * (s + 0.6 * categoryBonus(c.concept.productCategories, product.category));
      score += part;
      if (part > best.part) best = { concept: c.concept, part };
    }
    score += 0.3 * (raw.get(product.id) ?? 0);
    if (!best.concept || score < 0.5) continue;
    ranked.push({ product, score, concept: best.concept });
  }
  return ranked.sort((a, b) => b.score - a.score || a.product.id - b.product.id);
}

/** Laser and injectables (also inside packages) always start with a consultation (issue 5). */
export function needsConsultationFirst(service: Pick<PublicService, "name" | "category">): boolean {
  return (
    CONSULTATION_FIRST_CATEGORIES.has(service.category) ||
    /\blaser\b|botox|filler|inject|thread lift/i.test(service.name)
  );
}

/** Whether a service (or product name) suits every safety signal of the conversation. */
export function safeForSignals(name: string, category: string, safety: SafetySignal[]): boolean {
  return !safety.some((s) => s.avoidCategories.includes(category) || s.avoidNames?.test(name));
}

/** The top picks, at most `max` and at most two per category, so the client sees a choice. */
function diverse<T>(items: T[], categoryOf: (item: T) => string, max: number): T[] {
  const picked: T[] = [];
  const perCategory = new Map<string, number>();
  for (const item of items) {
    const category = categoryOf(item);
    const n = perCategory.get(category) ?? 0;
    if (n >= MAX_PER_CATEGORY) continue;
    perCategory.set(category, n + 1);
    picked.push(item);
    if (picked.length >= max) break;
  }
  return picked;
}

// ---------------------------------------------------------------------------------------------
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

type Intent = keyof typeof INTENTS;

const COMPILED_INTENTS = Object.entries(INTENTS).map(([intent, phrases]) => ({
  intent: intent as Intent,
  phrases: phrases.map((p) => tokenize(p)),
}));

function detectIntents(text: string): Set<Intent> {
  const tokens = tokenize(text);
  const found = new Set<Intent>();
  for (const { intent, phrases } of COMPILED_INTENTS) {
    if (phrases.some((p) => phraseScore(tokens, p) >= 1)) found.add(intent);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Writing the answer

function priceText(service: PublicService): string {
  const label = servicePriceLabel(service);
  return label ? `${label}, ${service.duration}` : service.duration;
}

function serviceReason(service: PublicService, concept: Concept | null, first: boolean): string {
  const why = firstSentence(service.description);
  const lead = concept ? `Good for ${concept.label}. ` : "";
  return `${lead}${why}${first ? " Starts with a consultation." : ""}`;
}

function productReason(product: PublicProduct, concept: Concept): string {
  return `For ${concept.label} at home. ${firstSentence(product.description)}`;
}

function listNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** A consultation-type service to book first: in one of `categories`, else any. */
export function consultationService(
  index: CatalogueIndex,
  categories: string[],
  safety: SafetySignal[],
): PublicService | undefined {
  const consults = index.catalogue.services.filter(
    (s) => isConsultationService(s) && /consultation|analysis/i.test(s.name),
  );
  for (const category of categories) {
    const hit = consults.find((s) => s.category === category);
    if (hit) return hit;
  }
  const safe = consults.filter((s) => safeForSignals(s.name, s.category, safety));
  return safe.find((s) => s.category === "facial") ?? safe[0] ?? consults[0];
}

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

/** Categories whose concerns a skin consultation (e.g. 'Skin Analysis') covers. */
const SKIN_CATEGORIES = new Set([
  "facial",
  "chemical-peel",
  "microneedling",
  "skin-tag-removal",
  "body-scrubs",
]);

const SAFETY_CONSULT_REASON =
  "The safest first step: a one-to-one consultation so we can check what is right for you before any treatment.";

/**
 * The card that leads an answer with a safety signal: the consultation of the concern's main
 * category; for skin concerns without one, the skin consultation; otherwise (IV drips, massage)
 * the treatment asked about, booked as a consultation so the doctor checks first.
 */
function safetyLead(
  index: CatalogueIndex,
  primary: Concept | undefined,
  weighted: Weighted[],
  rawQuery: string,
  safety: SafetySignal[],
): ServicePick | null {
  const category = primary?.serviceCategories[0];
  const consults = index.catalogue.services.filter(
    (s) => isConsultationService(s) && /consultation|analysis/i.test(s.name),
  );
  const own = consults.find((s) => s.category === category);
  if (own) return { service: own, reason: SAFETY_CONSULT_REASON, consultationFirst: true };
  if (!category || SKIN_CATEGORIES.has(category)) {
    const skin = consults.find((s) => s.category === "facial") ?? consults[0];
    return skin ? { service: skin, reason: SAFETY_CONSULT_REASON, consultationFirst: true } : null;
  }
  const inCategory = (r: { service: PublicService }) => r.service.category === category;
  const gentle =
    safety.some((s) => s.id === "pregnancy") &&
    index.catalogue.services.find((s) => s.category === category && /prenatal/i.test(s.name));
  const asked = gentle
    ? { service: gentle }
    : (rankServices(index, weighted, rawQuery, safety, new Set()).find(inCategory) ??
      rankServices(index, weighted, rawQuery, [], new Set()).find(inCategory));
  if (asked) {
    return {
      service: asked.service,
      reason:
        "Please let our doctor check first whether this is right for you: book a consultation before any treatment.",
      consultationFirst: true,
    };
  }
  const any = consultationService(index, [], safety);
  return any ? { service: any, reason: SAFETY_CONSULT_REASON, consultationFirst: true } : null;
}

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
  const { weighted, safety, isFollowUp } = question;
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

/** What the steps of `recommend` share about the question. */
type Question = {
  /** The question's concepts (or, on a follow-up, the earlier ones), best first. */
  weighted: Weighted[];
  intents: Set<Intent>;
  safety: SafetySignal[];
  /** No concept of its own, and the conversation had some. */
  isFollowUp: boolean;
  /** The question's words with search synonyms applied. */
  rawQuery: string;
};

type RankedService = ReturnType<typeof rankServices>[number];

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

/**
 * The question's concepts weighted against the best one (1), or on a follow-up the earlier
 * concepts (1 for the first, 0.6 for the others); those under 0.3 are dropped.
 */
function weightedConcepts(hits: ConceptHit[], context: AdvisorContext): Weighted[] {
  return (
    hits.length > 0
      ? hits.map((h) => ({ concept: h.concept, weight: h.score / (hits[0]?.score ?? 1) }))
      : context.previousConcepts
          .map((id, i) => ({ concept: CONCEPT_BY_ID.get(id), weight: i === 0 ? 1 : 0.6 }))
          .filter((c): c is Weighted => c.concept !== undefined)
  ).filter((c) => c.weight >= 0.3);
}

/**
 * The services ranked for the question: on 'more', without the earlier picks; with
 * `keepEarlier`, the earlier picks that still suit the safety signals, in their order; on a
 * 'cheaper' follow-up, the relevant priced ones, cheapest first.
 */
function rankedForQuestion(
  index: CatalogueIndex,
  { weighted, rawQuery, safety, intents, isFollowUp }: Question,
  context: AdvisorContext,
  keepEarlier: boolean,
): RankedService[] {
  const exclude = new Set<number>(
    isFollowUp && intents.has("more") ? context.previousServiceIds : [],
  );
  let ranked = rankServices(index, weighted, rawQuery, safety, exclude);
  if (keepEarlier) {
    const earlier = context.previousServiceIds
      .map((id) => index.serviceById.get(id))
      .filter((s): s is PublicService => s !== undefined)
      .filter((s) => safeForSignals(s.name, s.category, safety));
    if (earlier.length > 0) {
      ranked = earlier.map((service, i) => ({
        service,
        score: 10 - i,
        base: 10 - i,
        concept:
          weighted.find((w) => w.concept.serviceCategories.includes(service.category))?.concept ??
          null,
      }));
    }
  }
  if (intents.has("cheaper") && isFollowUp) {
    const top = ranked[0]?.score ?? 0;
    ranked = ranked
      .filter((r) => r.score >= 0.45 * top)
      .filter((r) => typeof r.service.price === "number" && r.service.price > 0)
      .sort((a, b) => (a.service.price as number) - (b.service.price as number));
  }
  return ranked;
}

/**
 * The service cards: the relevant ranked services, varied by category, each with its reason.
 * With a safety signal a consultation leads; with no pick, a consultation is offered.
 */
function pickServices(
  index: CatalogueIndex,
  { weighted, rawQuery, safety }: Question,
  ranked: RankedService[],
  keepEarlier: boolean,
): ServicePick[] {
  // Cards after the first must be close in relevance, so a weak match never pads the list.
  const topBase = Math.max(0, ...ranked.slice(0, 5).map((r) => r.base));
  const relevant = keepEarlier
    ? ranked
    : ranked.filter((r, i) => i === 0 || r.base >= 0.5 * topBase);
  const services: ServicePick[] = diverse(relevant, (r) => r.service.category, MAX_SERVICES).map(
    (r) => {
      const first = needsConsultationFirst(r.service) || safety.length > 0;
      return {
        service: r.service,
        reason: serviceReason(r.service, r.concept, first && !isConsultationService(r.service)),
        consultationFirst: first,
      };
    },
  );

  const primary = weighted[0]?.concept;
  if (safety.length > 0) {
    // Safety first: a consultation leads, with the note; alternatives only from the concern's
    // own categories (never packages, which bundle treatments).
    const lead = safetyLead(index, primary, weighted, rawQuery, safety);
    const alternatives = services.filter(
      (s) =>
        s.service.category !== "packages" &&
        !isConsultationService(s.service) &&
        (!primary || primary.serviceCategories.includes(s.service.category)),
    );
    return [
      ...(lead ? [lead] : []),
      ...alternatives.filter((s) => s.service.id !== lead?.service.id),
    ].slice(0, MAX_SERVICES);
  }
  if (services.length === 0) {
    const consult = consultationService(index, primary?.serviceCategories ?? [], safety);
    if (consult) {
      return [
        {
          service: consult,
          reason:
            "A one-to-one assessment so we can recommend exactly the right treatment for you.",
          consultationFirst: true,
        },
      ];
    }
  }
  return services;
}

/**
 * The product cards: in stock, varied by category (3 when products were asked for, else
 * MAX_PRODUCTS); on 'more', without the earlier ones; with `keepEarlier`, the earlier ones
 * still in stock instead.
 */
function pickProducts(
  index: CatalogueIndex,
  { weighted, rawQuery, safety, intents, isFollowUp }: Question,
  context: AdvisorContext,
  keepEarlier: boolean,
): ProductPick[] {
  const productExclude = new Set<number>(
    isFollowUp && intents.has("more") ? context.previousProductIds : [],
  );
  const earlierProducts = keepEarlier
    ? context.previousProductIds
        .map((id) => index.productById.get(id))
        .filter((p): p is PublicProduct => p !== undefined && p.stock > 0)
    : [];
  const concept = weighted[0]?.concept;
  if (earlierProducts.length > 0 && concept) {
    return earlierProducts.map((product) => ({ product, reason: productReason(product, concept) }));
  }
  return diverse(
    rankProducts(index, weighted, rawQuery, safety, productExclude),
    (r) => r.product.category,
    intents.has("products") ? 3 : MAX_PRODUCTS,
  ).map((r) => ({ product: r.product, reason: productReason(r.product, r.concept) }));
}

/** True when the question itself raises no safety signal. */
function safetyNow(query: string): boolean {
  return detectSafetySignals(query).length === 0;
}

/** The safety signals of this question plus those mentioned earlier in the conversation. */
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
  medical: "diabetes",
  diagnosis: "diagnose",
};

/**
 * The answer's text, in the clinic's voice: a request for more detail when the question names
 * no concern, the safety notes first when there is a signal, else the picks with their prices
 * (naira), or the follow-up asked for (price, cheaper, timings, more, booking).
 */
function writeText(input: {
  hits: ConceptHit[];
  weighted: Weighted[];
  services: ServicePick[];
  products: ProductPick[];
  safety: SafetySignal[];
  intents: Set<Intent>;
  isFollowUp: boolean;
}): string {
  const { weighted, services, products, safety, intents, isFollowUp } = input;
  const primary = weighted[0]?.concept;
  if (!primary && safety.length === 0) return unclearText(intents, services);
  if (safety.length > 0) return safetyText(safety, services, products);
  const parts = isFollowUp
    ? [followUpText(intents, primary, services)]
    : firstAnswerText(weighted, services, products);
  if (services.some((s) => needsConsultationFirst(s.service))) {
    parts.push(
      "Laser and injectable treatments always begin with a consultation, so our doctor can check the treatment and settings are right for your skin.",
    );
  }
  return parts.join(" ");
}

/** No concern and no safety signal: a greeting or a request for more detail, and a first step. */
function unclearText(intents: Set<Intent>, [s1]: ServicePick[]): string {
  const parts: string[] = [];
  if (intents.has("greeting")) {
    parts.push(
      "Hello! It's lovely to hear from you. Tell me what you'd like help with — for example breakouts, dark marks, dry skin, tummy fat, stress or unwanted hair — and I'll suggest the right treatments.",
    );
  } else {
    parts.push(
      "I'd love to help, but I want to be sure I understand. Could you tell me a little more — is it about your skin (breakouts, dark marks, dryness, fine lines), your body (tummy fat, cellulite, stretch marks), relaxation, or hair removal?",
    );
  }
  if (s1) {
    parts.push(
      `In the meantime, a ${s1.service.name} (${priceText(s1.service)}) is a great first step: our therapist looks at your skin and builds a plan with you.`,
    );
  }
  return parts.join(" ");
}

/** A safety signal: its notes, the consultation first, the rest once the doctor agrees. */
function safetyText(
  safety: SafetySignal[],
  services: ServicePick[],
  products: ProductPick[],
): string {
  const parts = ["Thank you for telling me — that's important, and it changes what I'd suggest."];
  for (const signal of safety) parts.push(signal.note);
  const [s1] = services;
  if (s1 && isConsultationService(s1.service)) {
    parts.push(`Please start with the ${s1.service.name} (${priceText(s1.service)}).`);
  } else if (s1) {
    parts.push(
      `For the ${s1.service.name} (${priceText(s1.service)}), choose 'Book Consultation' so our doctor can check first.`,
    );
  }
  const later = services.slice(1).map((s) => s.service.name);
  if (later.length > 0) {
    parts.push(`Once our doctor gives the go-ahead, you could ask about the ${listNames(later)}.`);
  }
  if (products.length > 0) {
    parts.push(
      `Gentle products that are usually fine: the ${listNames(products.map((p) => p.product.name))} — check with the doctor first.`,
    );
  }
  return parts.join(" ");
}

/** A follow-up's answer: the prices, the cheaper or other options, the timings or how to book. */
function followUpText(
  intents: Set<Intent>,
  primary: Concept | undefined,
  services: ServicePick[],
): string {
  const [s1] = services;
  if (intents.has("price") && s1) {
    const lines = services.map((s) => `${s.service.name}: ${priceText(s.service)}`);
    return `Here are the current prices for ${primary?.label ?? "what I suggested"}: ${lines.join("; ")}. Every price is from our live menu; consultation-type treatments are priced after your consultation.`;
  }
  if (intents.has("cheaper") && s1) {
    return `Of course. The most affordable options for ${primary?.label} are the ${listNames(services.map((s) => `${s.service.name} (${priceText(s.service)})`))}.`;
  }
  if (intents.has("duration") && s1) {
    return `Timings: ${services.map((s) => `the ${s.service.name} takes about ${s.service.duration}`).join("; ")}. Please arrive 10 minutes early.`;
  }
  if (intents.has("more") && s1) {
    return `Other good options for ${primary?.label} are the ${listNames(services.map((s) => `${s.service.name} (${priceText(s.service)})`))}.`;
  }
  if (intents.has("book")) {
    return `Booking is easy: choose 'Book Now' on a treatment below, or book a consultation and our team will confirm your time by phone or WhatsApp. Please book at least 24 hours ahead; a ${formatNaira(BOOKING_FEE)} booking fee secures your appointment.`;
  }
  return `Good question — our therapist will talk you through exactly what to expect at your appointment. For ${primary?.label}, here's a reminder of what I'd suggest.`;
}

/** A first answer: the concern's opener, the top one or two services, products for home care. */
function firstAnswerText(
  weighted: Weighted[],
  [s1, s2]: ServicePick[],
  products: ProductPick[],
): string[] {
  const parts: string[] = [];
  const primary = weighted[0]?.concept;
  if (primary) parts.push(primary.opener);
  if (s1) {
    const alt = s2 ? `, or the ${s2.service.name} (${priceText(s2.service)})` : "";
    const label = weighted
      .slice(0, 2)
      .map((w) => w.concept.label)
      .join(" and ");
    parts.push(
      `For ${label}, I'd suggest the ${s1.service.name} (${priceText(s1.service)})${alt}.`,
    );
  }
  if (products.length > 0) {
    parts.push(
      `At home, the ${listNames(products.map((p) => `${p.product.name} (${formatNaira(p.product.price)})`))} will help keep your results going.`,
    );
  }
  return parts;
}
