/**
 * The full-text index of a catalogue snapshot (MiniSearch) and its searches: scores normalised
 * to 0..1, the items whose name the client typed, and the bonus of a concern's usual
 * categories (issue 5 "Built-in recommender").
 */
import MiniSearch from "minisearch";
import { findServiceCategory, type PublicProduct, type PublicService } from "#common/catalog.ts";
import { stem } from "./text.ts";
import type { Catalogue } from "./types.ts";

const STOP_WORDS = new Set(
  "a an and are am as at be been but by can could do does for from get got have has how i im ive in into is it its me my of on or our please so some than that the their them then there these this to too us very want was we were what when where which who why will with would you your yours help need like know looking best good really much also any just about should skin face body treatment treatments service services thing things get make best recommend suggest".split(
    " ",
  ),
);

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

/** A catalogue snapshot with its service and product indexes and lookups by id. */
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
export function normalisedSearch(index: MiniSearch<Doc>, query: string): Map<number, number> {
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
export function nameMatches(index: MiniSearch<Doc>, query: string): Map<number, number> {
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

/** 1 for a concern's first usual category, less for the later ones, 0 for any other. */
export function categoryBonus(categories: readonly string[] | undefined, category: string): number {
  const i = categories?.indexOf(category) ?? -1;
  return i < 0 ? 0 : ([1, 0.7, 0.5, 0.35, 0.25][i] ?? 0.2);
}
