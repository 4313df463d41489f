/**
 * The advisor's shared shapes (issue 5 "Built-in recommender"): the catalogue snapshot it
 * recommends from, what the conversation so far tells it, and its answer. A leaf module, so
 * every step of the recommender can import them without an import cycle.
 */
import type { PublicProduct, PublicService } from "#common/catalog.ts";
import type { SafetySignal } from "./safety.ts";

export type Catalogue = { services: PublicService[]; products: PublicProduct[] };

/** What the conversation so far tells the recommender (server/modules/advisor/service.ts). */
export type AdvisorContext = {
  /** Concepts of the most recent earlier question that had any, best first. */
  previousConcepts: string[];
  /** Services and products recommended in the last answer. */
  previousServiceIds: number[];
  previousProductIds: number[];
  /**
   * Safety signals mentioned anywhere earlier in the conversation: they keep unsuitable
   * treatments out of later cards, but only the answer that raised them repeats their note.
   */
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
  /** An emergency: the chat shows the urgent-care box (guard.ts), and nothing to book or buy. */
  urgentCare?: boolean;
};
