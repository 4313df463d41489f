/**
 * The treatment advisor's contract shared by the chat UI and the server: the request schema with
 * its input limits, the structured answer parts, and the chat constants (storefront spec §2 "AI
 * treatment advisor", §3 "Chat message", §4 "Chat", §5 "Chat", §7, §9).
 */
import { z } from "zod";

/** Longest question accepted, in characters (after trimming). */
export const ADVISOR_MAX_QUERY_LENGTH = 1000;

/** Chat constants (spec §9). */
export const CHAT_TYPING_MS_PER_CHAR = 10;
export const CHAT_TYPING_MAX_MS = 3000;
export const CHAT_FOCUS_DELAY_MS = 300;
/** Suggested prompts show while the chat has this many messages or fewer (spec §2, §9). */
export const CHAT_SUGGESTIONS_MAX_MESSAGES = 2;

/** The six suggested prompts, word for word (spec §2). */
export const CHAT_SUGGESTED_PROMPTS = [
  "acne and oily skin",
  "fine lines and texture",
  "dark spots and uneven tone",
  "weight loss and body contouring",
  "stress and relaxing massage",
  "laser hair removal",
] as const;

export const CHAT_GREETING =
  "Hello, and welcome to Glow Haven! I'm your skincare consultant. What skin concerns or wellness goals would you like help with today? Tell me in your own words — breakouts, dark marks, tummy fat, stress — and I'll suggest treatments and products from our menu.";

/** Simulated typing delay for a reply of `length` characters, in ms (spec §4, §9). */
export function typingDelayMs(length: number): number {
  return Math.min(Math.max(0, length) * CHAT_TYPING_MS_PER_CHAR, CHAT_TYPING_MAX_MS);
}

/** POST /api/chatbot/treatment-recommendation body (spec §7). */
export const advisorRequestSchema = z.object({
  userQuery: z
    .string({ error: "Please type your question" })
    .trim()
    .min(1, "Please type your question")
    .max(
      ADVISOR_MAX_QUERY_LENGTH,
      `Please keep your question under ${ADVISOR_MAX_QUERY_LENGTH} characters`,
    ),
  sessionId: z
    .uuid("This chat session is not valid; please start a new chat")
    .nullish()
    .transform((v) => v ?? null),
});
export type AdvisorRequest = z.infer<typeof advisorRequestSchema>;

/** A recommended service as the chat card shows it; price and label come from the database. */
export type AdvisedService = {
  id: number;
  name: string;
  category: string;
  /** Naira, null, or a note such as 'Contact for details' (as GET /api/services). */
  price: number | string | null;
  /** servicePriceLabel(): '₦45,000', 'Consultation Required', 'From ₦30,000', … or null. */
  priceLabel: string | null;
  duration: string;
  /** Laser and injectables (and any safety signal): book a consultation before the treatment. */
  consultationFirst: boolean;
};

/** A recommended product as the chat card shows it; price from the database. */
export type AdvisedProduct = {
  id: number;
  name: string;
  category: string;
  /** Naira. */
  price: number;
  image: string;
  inStock: boolean;
};

/** One part of an assistant message (spec §3 "Chat message"). */
export type ChatPart =
  | { type: "text"; text: string }
  | { type: "service-recommendation"; items: { service: AdvisedService; reason: string }[] }
  | { type: "product-recommendation"; items: { product: AdvisedProduct; reason: string }[] }
  | { type: "booking-prompt"; text: string }
  /**
   * An emergency (issue 30): the call-now box under the urgent-care text, with the Lagos
   * emergency numbers and the clinic's phone as tel: links. Never sent with cards or Book Now.
   */
  | {
      type: "urgent-care";
      title: string;
      numbers: { label: string; href: string }[];
      clinic: { label: string; href: string };
    };

/** The answer of POST /api/chatbot/treatment-recommendation. */
export type AdvisorResponse = {
  /** The reply as plain text (the spec's `response`). */
  response: string;
  sessionId: string;
  /** The reply as parts the chat renders: text, cards, booking prompt. */
  parts: ChatPart[];
};
