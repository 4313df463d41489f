/**
 * The language-model path of the advisor (issue 5 "Language-model provider"): the live catalogue
 * is given to the model as context, the answer is requested as structured JSON, and every id it
 * returns is checked against the catalogue (unknown ids are dropped). The same safety rules as the
 * built-in recommender are applied to its answer. Any failure raises, and the caller falls back
 * to the built-in recommender.
 */
import { z } from "zod";
import { BUSINESS } from "#common/business.ts";
import { BOOKING_FEE, isConsultationService, servicePriceLabel } from "#common/catalog.ts";
import { formatNaira } from "#common/money.ts";
import { type ChatMessage, type LlmClient, LlmError } from "#server/integrations/llm.ts";
import type { CatalogueIndex } from "./catalogue-index.ts";
import { detectConcepts, safetyFor } from "./detection.ts";
import { consultationService, needsConsultationFirst, safeForSignals } from "./ranking.ts";
import { detectSafetySignals, type SafetySignal } from "./safety.ts";
import { firstSentence } from "./text.ts";
import type { AdvisorContext, ProductPick, Recommendation, ServicePick } from "./types.ts";

const MAX_SERVICES = 3;
const MAX_PRODUCTS = 3;

/** JSON schema of the model's answer (OpenAI structured outputs, strict mode). */
export const ANSWER_JSON_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["reply", "services", "products"],
  properties: {
    reply: { type: "string", description: "2-4 warm sentences for the client; no prices" },
    services: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["id", "reason"],
        properties: { id: { type: "integer" }, reason: { type: "string" } },
      },
    },
    products: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["id", "reason"],
        properties: { id: { type: "integer" }, reason: { type: "string" } },
      },
    },
  },
} as const;

const pickSchema = z.object({
  id: z.coerce.number().int(),
  reason: z.string().trim().min(1).max(400),
});

/** What we accept from the model; anything else is 'malformed'. */
export const answerSchema = z.object({
  reply: z.string().trim().min(1).max(2500),
  services: z.array(pickSchema).max(20),
  products: z.array(pickSchema).max(20),
});

/** The catalogue as compact lines for the model (ids, names, categories, prices from the db). */
function catalogueContext(index: CatalogueIndex): string {
  const services = index.catalogue.services.map(
    (s) =>
      `- id ${s.id}: ${s.name} [${s.category}] ${servicePriceLabel(s) ?? ""}, ${s.duration} — ${firstSentence(s.description, 140)}`,
  );
  const products = index.catalogue.products
    .filter((p) => p.stock > 0)
    .map(
      (p) =>
        `- id ${p.id}: ${p.name} [${p.category}] ${formatNaira(p.price)} — ${firstSentence(p.description, 120)}`,
    );
  return `SERVICES\n${services.join("\n")}\n\nPRODUCTS (in stock)\n${products.join("\n")}`;
}

function systemPrompt(index: CatalogueIndex): string {
  return [
    `You are the skincare consultant of ${BUSINESS.name}, a medical spa at ${BUSINESS.address}. Clients are mostly Lagos residents with melanin-rich skin; they may write informally, in Nigerian English or with misspellings.`,
    "Recommend treatments and products ONLY from the catalogue below, by their numeric id: at most 3 services and 2 products, best first, each with a one-sentence reason specific to what the client said.",
    "Rules: never diagnose a condition or prescribe medicine. If the client mentions pregnancy, breastfeeding, an active infection or wound, isotretinoin (Accutane), keloids, a heart condition or another medical condition, recommend a consultation service first and say clearly why. Laser and injectable treatments always start with a consultation. Do not state prices in the reply: the cards show prices from the clinic's system. If the question is not about skin, body or wellness, answer briefly and kindly, and recommend nothing.",
    "reply: 2-4 warm, specific sentences in British English, naming the services you recommend.",
    `Opening hours: Monday-Saturday ${BUSINESS.openingHours.weekdays}; closed Sunday. Phone ${BUSINESS.phone}.`,
    "",
    catalogueContext(index),
  ].join("\n");
}

/**
 * Asks the model for a recommendation.
 * @param history earlier messages of the conversation, oldest first (plain text).
 * @throws LlmError on timeout, HTTP or network failure, or an answer that is not the schema.
 */
export async function llmRecommend(
  llm: LlmClient,
  index: CatalogueIndex,
  query: string,
  history: ChatMessage[],
  context: AdvisorContext,
): Promise<Recommendation> {
  const answer = await askModel(llm, index, query, history);
  const safety = safetyFor(query, context);
  const picked = servicePicks(index, answer.services, safety);
  const products = productPicks(index, answer.products, safety);
  const { services, notes } = withSafetyRules(index, picked, safety, answer.reply);
  const concepts = detectConcepts(query).map((h) => h.concept.id);
  // Earlier red flags still filtered the picks; only this question's notes are added (issue 30).
  const fresh = detectSafetySignals(query);
  const spoken = notes.filter(
    (n) => !safety.some((s) => s.note === n) || fresh.some((f) => f.note === n),
  );
  return {
    concepts: concepts.length > 0 ? concepts : context.previousConcepts,
    safety: fresh,
    services,
    products,
    text: [withoutUnknownPrices(answer.reply, index), ...spoken].join(" ").trim(),
    bookingPrompt:
      services.length > 0
        ? "Ready when you are: book a consultation and our team will confirm your appointment by phone or WhatsApp."
        : null,
  };
}

type Answer = z.infer<typeof answerSchema>;

/**
 * The model's answer to the question, after the system prompt and the conversation so far.
 * @throws LlmError as llmRecommend does.
 */
async function askModel(
  llm: LlmClient,
  index: CatalogueIndex,
  query: string,
  history: ChatMessage[],
): Promise<Answer> {
  const raw = await llm.completeJson({
    messages: [
      { role: "system", content: systemPrompt(index) },
      ...history,
      { role: "user", content: query },
    ],
    schemaName: "treatment_recommendation",
    schema: ANSWER_JSON_SCHEMA as unknown as Record<string, unknown>,
  });
  const parsed = answerSchema.safeParse(raw);
  if (!parsed.success)
    throw new LlmError("malformed", "Language model answer does not match the schema");
  return parsed.data;
}

/**
 * The model's services that are in the catalogue and suit the safety signals, once each, at
 * most MAX_SERVICES, in the model's order; unknown ids are dropped.
 */
function servicePicks(
  index: CatalogueIndex,
  picks: Answer["services"],
  safety: SafetySignal[],
): ServicePick[] {
  const seen = new Set<number>();
  const services: ServicePick[] = [];
  for (const pick of picks) {
    const service = index.serviceById.get(pick.id);
    if (!service || seen.has(service.id)) continue; // unknown ids are dropped
    if (!safeForSignals(service.name, service.category, safety)) continue;
    seen.add(service.id);
    services.push({
      service,
      reason: pick.reason,
      consultationFirst: needsConsultationFirst(service) || safety.length > 0,
    });
    if (services.length >= MAX_SERVICES) break;
  }
  return services;
}

/**
 * The model's products that are in the catalogue, in stock and suit the safety signals, once
 * each, at most MAX_PRODUCTS, in the model's order.
 */
function productPicks(
  index: CatalogueIndex,
  picks: Answer["products"],
  safety: SafetySignal[],
): ProductPick[] {
  const products: ProductPick[] = [];
  const seen = new Set<number>();
  for (const pick of picks) {
    const product = index.productById.get(pick.id);
    if (!product || product.stock <= 0 || seen.has(product.id)) continue;
    if (safety.some((s) => s.avoidNames?.test(`${product.name} ${product.description}`))) continue;
    seen.add(product.id);
    products.push({ product, reason: pick.reason });
    if (products.length >= MAX_PRODUCTS) break;
  }
  return products;
}

/**
 * The clinic's rules over the model's picks: with a safety signal, a consultation leads (unless
 * one is picked already) and each signal's note is added; otherwise laser and injectables get
 * the consultation note when the reply does not mention one.
 */
function withSafetyRules(
  index: CatalogueIndex,
  services: ServicePick[],
  safety: SafetySignal[],
  reply: string,
): { services: ServicePick[]; notes: string[] } {
  if (safety.length > 0) {
    const notes = safety.map((signal) => signal.note);
    const categories = services.map((s) => s.service.category);
    const consult = consultationService(index, categories, safety);
    if (!consult || services.some((s) => isConsultationService(s.service))) {
      return { services, notes };
    }
    const lead: ServicePick = {
      service: consult,
      reason:
        "The safest first step: our doctor reviews your health and skin before any treatment.",
      consultationFirst: true,
    };
    return { services: [lead, ...services].slice(0, MAX_SERVICES), notes };
  }
  if (services.some((s) => needsConsultationFirst(s.service)) && !/consultation/i.test(reply)) {
    return {
      services,
      notes: [
        "Laser and injectable treatments always begin with a consultation, so our doctor can check the treatment and settings are right for your skin.",
      ],
    };
  }
  return { services, notes: [] };
}

/**
 * Drops sentences that state a naira amount which is not a price in the catalogue, so the model
 * cannot quote an invented price (prices always come from the database).
 */
export function withoutUnknownPrices(text: string, index: CatalogueIndex): string {
  const known = new Set<number>();
  for (const s of index.catalogue.services) if (typeof s.price === "number") known.add(s.price);
  for (const p of index.catalogue.products) known.add(p.price);
  known.add(BOOKING_FEE); // the booking fee, also the consultation price (spec §9)
  const sentences = text.split(/(?<=[.!?])\s+/);
  const kept = sentences.filter((sentence) => {
    const amounts = [
      ...sentence.matchAll(/(?:₦|NGN\s?|N(?=\d))\s?(\d[\d,]*(?:\.\d+)?)(\s?k\b)?/gi),
    ];
    return amounts.every((m) => {
      const n = Number((m[1] ?? "").replace(/,/g, "")) * (m[2] ? 1000 : 1);
      return known.has(n);
    });
  });
  return kept.join(" ");
}
