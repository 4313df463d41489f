/**
 * The recommender's answer texts, in the clinic's voice (issue 5 "Built-in recommender"): the
 * reason on each card and the reply (a request for more detail, the safety notes, a first answer
 * or a follow-up), with prices in naira from the live catalogue.
 */
import {
  BOOKING_FEE,
  isConsultationService,
  type PublicProduct,
  type PublicService,
  servicePriceLabel,
} from "#common/catalog.ts";
import { formatNaira } from "#common/money.ts";
import type { Concept } from "./concepts.ts";
import type { ConceptHit, Intent } from "./detection.ts";
import { needsConsultationFirst, type Weighted } from "./ranking.ts";
import type { SafetySignal } from "./safety.ts";
import { firstSentence } from "./text.ts";
import type { ProductPick, ServicePick } from "./types.ts";

function priceText(service: PublicService): string {
  const label = servicePriceLabel(service);
  return label ? `${label}, ${service.duration}` : service.duration;
}

/** A service card's reason: the concern it is good for, its first sentence, the consultation. */
export function serviceReason(
  service: PublicService,
  concept: Concept | null,
  first: boolean,
): string {
  const why = firstSentence(service.description);
  const lead = concept ? `Good for ${concept.label}. ` : "";
  return `${lead}${why}${first ? " Starts with a consultation." : ""}`;
}

/** A product card's reason: the concern it helps at home and its first sentence. */
export function productReason(product: PublicProduct, concept: Concept): string {
  return `For ${concept.label} at home. ${firstSentence(product.description)}`;
}

function listNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/**
 * The answer's text, in the clinic's voice: a request for more detail when the question names
 * no concern, the safety notes first when there is a signal, else the picks with their prices
 * (naira), or the follow-up asked for (price, cheaper, timings, more, booking).
 */
export function writeText(input: {
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
