/**
 * Ranking the catalogue for a question's concerns (issue 5 "Built-in recommender"): services and
 * products scored by full-text relevance and by the categories that usually answer each concern,
 * filtered by the safety rules (safety.ts), and varied by category.
 */
import { isConsultationService, type PublicProduct, type PublicService } from "#common/catalog.ts";
import { isConsultationName } from "#common/consultation.ts";
import {
  type CatalogueIndex,
  categoryBonus,
  nameMatches,
  normalisedSearch,
} from "./catalogue-index.ts";
import { CONSULTATION_FIRST_CATEGORIES, type Concept } from "./concepts.ts";
import type { SafetySignal } from "./safety.ts";

const MAX_PER_CATEGORY = 2;

/** A concern of the question with its weight against the best one (0..1). */
export type Weighted = { concept: Concept; weight: number };

/**
 * The services relevant to the weighted concerns and the question's words, best first: the
 * best-fitting concern leads, a typed name adds, pure consultations rank lower; services against
 * a safety signal and those in `exclude` are left out. `base` is the score without the name bonus.
 */
export function rankServices(
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

/**
 * The in-stock products relevant to the concerns that have product categories, best first, each
 * with its best-fitting concern; products against a safety signal and those in `exclude` are left
 * out.
 */
export function rankProducts(
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

/**
 * Whether a service starts with a consultation: the catalogue's `consultationFirst` flag, which
 * the calendar, the till and the booking form read too (decision 0225; issue 33), so the advisor's
 * 'Book Consultation' matches what the clinic will ask. A service without the flag (a catalogue
 * read without it) falls back to the advisor's own rule: laser and injectables, also inside
 * packages (issue 5). A consultation itself never needs one first.
 */
export function needsConsultationFirst(
  service: Pick<PublicService, "name" | "category" | "consultationFirst">,
): boolean {
  if (service.consultationFirst !== undefined) return service.consultationFirst;
  if (isConsultationName(service.name)) return false;
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
export function diverse<T>(items: T[], categoryOf: (item: T) => string, max: number): T[] {
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
