/**
 * The treatment advisor (storefront spec §2 "AI treatment advisor", §3 "Chat message/session",
 * §7 POST /api/chatbot/treatment-recommendation; issue 5): conversations stored in the database,
 * answered by the language model when one is configured and by the built-in recommender
 * otherwise (or when the model fails), always from the live catalogue with database prices.
 */
import { createHash, randomUUID } from "node:crypto";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type {
  AdvisedProduct,
  AdvisedService,
  AdvisorRequest,
  AdvisorResponse,
  ChatPart,
} from "#common/advisor.ts";
import { servicePriceLabel } from "#common/catalog.ts";
import type { Db } from "#server/db/client.ts";
import { chatMessages, chatSessions } from "#server/db/schema/content.ts";
import { HttpError } from "#server/http.ts";
import type { ChatMessage, LlmClient } from "#server/integrations/llm.ts";
import { listProducts, listServices } from "#server/modules/catalog/service.ts";
import { buildCatalogueIndex, type CatalogueIndex } from "./catalogue-index.ts";
import {
  answeredByGuard,
  answerSafely,
  checkedAnswer,
  classifyQuestion,
  guardedAnswer,
  urgentCarePart,
} from "./guard.ts";
import { llmRecommend } from "./llm-advisor.ts";
import type { AdvisorContext, Recommendation } from "./types.ts";

/** Sessions idle this long are deleted with their messages (chats may hold health details). */
export const CHAT_RETENTION_DAYS = 30;
/** A conversation holds at most this many messages; then the client starts a new chat. */
export const CHAT_MAX_MESSAGES = 100;
/** Earlier messages sent to the language model as context. */
const HISTORY_FOR_MODEL = 10;

let cachedIndex: { key: string; index: CatalogueIndex } | null = null;

/**
 * The full-text index of the live catalogue. Read from the database on every call (so prices and
 * availability are current); the index is rebuilt only when the catalogue changed.
 */
export async function loadCatalogueIndex(db: Db): Promise<CatalogueIndex> {
  const [services, products] = await Promise.all([listServices(db), listProducts(db)]);
  const key = createHash("sha1")
    .update(JSON.stringify([services, products]))
    .digest("hex");
  if (cachedIndex?.key === key) return cachedIndex.index;
  const index = buildCatalogueIndex({ services, products });
  cachedIndex = { key, index };
  return index;
}

export type AdvisorDeps = { db: Db; llm: LlmClient | null; logger: Logger };

type StoredMessage = typeof chatMessages.$inferSelect;

/** What the conversation so far tells the recommender. */
export function contextFrom(messages: StoredMessage[]): AdvisorContext {
  const users = messages.filter((m) => m.role === "user");
  const lastWithConcepts = [...users].reverse().find((m) => (m.meta?.concepts?.length ?? 0) > 0);
  const lastAssistant = [...messages].reverse().find((m) => m.role === "assistant");
  return {
    previousConcepts: lastWithConcepts?.meta?.concepts ?? [],
    previousServiceIds: lastAssistant?.meta?.serviceIds ?? [],
    previousProductIds: lastAssistant?.meta?.productIds ?? [],
    previousSafety: [...new Set(users.flatMap((m) => m.meta?.safety ?? []))],
  };
}

/** A service as the chat card shows it (price and label from the database). */
function advisedService(pick: Recommendation["services"][number]): AdvisedService {
  const { service } = pick;
  return {
    id: service.id,
    name: service.name,
    category: service.category,
    price: service.price,
    priceLabel: servicePriceLabel(service),
    duration: service.duration,
    consultationFirst: pick.consultationFirst,
  };
}

function advisedProduct(pick: Recommendation["products"][number]): AdvisedProduct {
  const { product } = pick;
  return {
    id: product.id,
    name: product.name,
    category: product.category,
    price: product.price,
    image: product.imageUrl || product.image,
    inStock: product.stock > 0,
  };
}

/** The parts the chat renders for a recommendation (spec §3 "Part types"). */
export function partsOf(rec: Recommendation): ChatPart[] {
  const parts: ChatPart[] = [{ type: "text", text: rec.text }];
  if (rec.urgentCare) parts.push(urgentCarePart());
  if (rec.services.length > 0) {
    parts.push({
      type: "service-recommendation",
      items: rec.services.map((s) => ({ service: advisedService(s), reason: s.reason })),
    });
  }
  if (rec.products.length > 0) {
    parts.push({
      type: "product-recommendation",
      items: rec.products.map((p) => ({ product: advisedProduct(p), reason: p.reason })),
    });
  }
  if (rec.bookingPrompt) parts.push({ type: "booking-prompt", text: rec.bookingPrompt });
  return parts;
}

/** Opens the conversation `sessionId`, or a new one when it is null or unknown. */
async function openSession(db: Db, sessionId: string | null): Promise<string> {
  if (sessionId) {
    const [row] = await db
      .select({ id: chatSessions.id })
      .from(chatSessions)
      .where(eq(chatSessions.id, sessionId));
    if (row) return row.id;
  }
  // New conversations also clear out idle ones (retention; uses the last_message_at index).
  await purgeIdleSessions(db);
  const id = randomUUID();
  await db.insert(chatSessions).values({ id });
  return id;
}

/** Deletes conversations idle for more than CHAT_RETENTION_DAYS; returns how many. */
export async function purgeIdleSessions(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - CHAT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const rows = await db
    .delete(chatSessions)
    .where(lt(chatSessions.lastMessageAt, cutoff))
    .returning({ id: chatSessions.id });
  return rows.length;
}

type Engine = "builtin" | "llm" | "builtin-fallback" | "safety";

/**
 * The answer behind the safety layer (guard.ts, issue 30): an emergency, minor or self-injection
 * question is answered by the layer alone and never reaches the language model; any other goes to
 * the model when one is configured (built-in recommender when none, or when it fails), and the
 * model's answer is checked by the layer again.
 */
async function answer(
  { llm, logger }: AdvisorDeps,
  index: CatalogueIndex,
  query: string,
  earlier: StoredMessage[],
  context: AdvisorContext,
): Promise<{ rec: Recommendation; engine: Engine }> {
  const verdict = classifyQuestion(query);
  if (answeredByGuard(verdict)) return { rec: guardedAnswer(verdict), engine: "safety" };
  if (!llm) return { rec: answerSafely(index, query, context).rec, engine: "builtin" };
  const history: ChatMessage[] = earlier.slice(-HISTORY_FOR_MODEL).map((m) => ({
    role: m.role === "user" ? "user" : "assistant",
    content: m.content,
  }));
  try {
    const rec = await llmRecommend(llm, index, query, history, context);
    return { rec: checkedAnswer(verdict, rec), engine: "llm" };
  } catch (err) {
    logger.warn({ err: (err as Error).message }, "advisor language model failed; built-in answer");
    return { rec: answerSafely(index, query, context).rec, engine: "builtin-fallback" };
  }
}

/**
 * Answers a client's question in its conversation and stores both messages (one transaction).
 * @returns the reply text, the session id (new when none or an unknown one was sent) and parts.
 * @throws HttpError 400 when the conversation already holds CHAT_MAX_MESSAGES messages.
 */
export async function askAdvisor(
  deps: AdvisorDeps,
  input: AdvisorRequest,
): Promise<AdvisorResponse> {
  const { db } = deps;
  const sessionId = await openSession(db, input.sessionId);
  const earlier = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(asc(chatMessages.id))
    .limit(CHAT_MAX_MESSAGES + 1);
  if (earlier.length >= CHAT_MAX_MESSAGES) {
    throw new HttpError(400, "This conversation is very long. Please start a new chat.", {
      sessionId: "This conversation is very long. Please start a new chat.",
    });
  }
  const context = contextFrom(earlier);
  const index = await loadCatalogueIndex(db);

  const { rec, engine } = await answer(deps, index, input.userQuery, earlier, context);
  const parts = partsOf(rec);
  await db.transaction(async (tx) => {
    await tx.insert(chatMessages).values([
      {
        sessionId,
        role: "user",
        content: input.userQuery,
        meta: { concepts: rec.concepts, safety: rec.safety.map((s) => s.id) },
      },
      {
        sessionId,
        role: "assistant",
        content: rec.text,
        parts,
        engine,
        meta: {
          serviceIds: rec.services.map((s) => s.service.id),
          productIds: rec.products.map((p) => p.product.id),
        },
      },
    ]);
    await tx
      .update(chatSessions)
      .set({ lastMessageAt: sql`now()` })
      .where(eq(chatSessions.id, sessionId));
  });
  return { response: rec.text, sessionId, parts };
}

/** The messages of a conversation, oldest first (for tests and support). */
export async function sessionMessages(db: Db, sessionId: string) {
  return db
    .select({
      role: chatMessages.role,
      content: chatMessages.content,
      engine: chatMessages.engine,
      parts: chatMessages.parts,
    })
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, sessionId)))
    .orderBy(asc(chatMessages.id));
}
