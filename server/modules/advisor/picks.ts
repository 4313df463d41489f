/**
 * Choosing the cards of an answer (issue 5 "Built-in recommender"): the question's weighted
 * concerns, the services ranked for it (earlier picks kept on a follow-up, cheapest first on
 * 'cheaper'), the service cards with a consultation leading on a safety signal, and the
 * product cards.
 */
import { isConsultationService, type PublicProduct, type PublicService } from "#common/catalog.ts";
import { productReason, serviceReason } from "./answer-text.ts";
import type { CatalogueIndex } from "./catalogue-index.ts";
import type { Concept } from "./concepts.ts";
import { CONCEPT_BY_ID, type ConceptHit, type Intent } from "./detection.ts";
import {
  consultationService,
  diverse,
  needsConsultationFirst,
  rankProducts,
  rankServices,
  safeForSignals,
  type Weighted,
} from "./ranking.ts";
import type { SafetySignal } from "./safety.ts";
import type { AdvisorContext, ProductPick, ServicePick } from "./types.ts";

const MAX_SERVICES = 3;
const MAX_PRODUCTS = 2;

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

/** What the steps of `recommend` share about the question. */
export type Question = {
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
 * The question's concepts weighted against the best one (1), or on a follow-up the earlier
 * concepts (1 for the first, 0.6 for the others); those under 0.3 are dropped.
 */
export function weightedConcepts(hits: ConceptHit[], context: AdvisorContext): Weighted[] {
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
export function rankedForQuestion(
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
export function pickServices(
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
export function pickProducts(
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
