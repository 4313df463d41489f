/**
 * The chat's answer when the server's reply has no text (storefront spec §8 "Chat answer with no
 * response text"): a demonstration-mode message saying no API key is configured, with at most 2
 * services of GET /api/services picked by keywords (dry skin, sensitive, aging; stress, muscle,
 * tension; acne, pigmentation, scar; body, circulation) or named in the question (names' words
 * longer than 3 letters). Our server always answers with text (the built-in recommender), so this
 * is a last resort.
 */
import type { AdvisedService, ChatPart } from "#common/advisor.ts";
import { type PublicService, servicePriceLabel } from "#common/catalog.ts";

const KEYWORD_GROUPS: { words: string[]; categories: string[] }[] = [
  { words: ["dry skin", "sensitive", "aging", "ageing"], categories: ["facial"] },
  { words: ["stress", "muscle", "tension"], categories: ["massage"] },
  { words: ["acne", "pigmentation", "scar"], categories: ["chemical-peel", "facial"] },
  { words: ["body", "circulation"], categories: ["body"] },
];

const MAX_SERVICES = 2;

/** Up to 2 services for a question, by the spec's keyword groups or by name. */
export function pickDemoServices(query: string, services: readonly PublicService[]) {
  const text = query.toLowerCase();
  const named = services.filter((s) =>
    s.name
      .toLowerCase()
      .split(/[^a-z]+/)
      .some((word) => word.length > 3 && text.includes(word)),
  );
  const categories = KEYWORD_GROUPS.filter((g) => g.words.some((w) => text.includes(w))).flatMap(
    (g) => g.categories,
  );
  const byKeyword = categories.flatMap((c) => services.filter((s) => s.category === c));
  const picked: PublicService[] = [];
  for (const s of [...named, ...byKeyword]) {
    if (!picked.some((p) => p.id === s.id)) picked.push(s);
    if (picked.length >= MAX_SERVICES) break;
  }
  return picked;
}

function advised(s: PublicService): AdvisedService {
  return {
    id: s.id,
    name: s.name,
    category: s.category,
    price: s.price,
    priceLabel: servicePriceLabel(s),
    duration: s.duration,
    consultationFirst: s.category === "laser" || s.category === "injectable-treatments",
  };
}

/** The demonstration-mode answer parts for `query` (services fetched by the caller). */
export function demoFallbackParts(query: string, services: readonly PublicService[]): ChatPart[] {
  const picked = pickDemoServices(query, services);
  const parts: ChatPart[] = [
    {
      type: "text",
      text:
        picked.length > 0
          ? "I'm running in demonstration mode (no AI API key is configured), so here are treatments from our menu that match your words:"
          : "I'm running in demonstration mode (no AI API key is configured), so I can't answer that in detail. Our team will gladly advise you at a consultation.",
    },
  ];
  if (picked.length > 0) {
    parts.push({
      type: "service-recommendation",
      items: picked.map((s) => ({ service: advised(s), reason: s.description })),
    });
  }
  parts.push({ type: "booking-prompt", text: "Prefer personal advice? Book a consultation." });
  return parts;
}
