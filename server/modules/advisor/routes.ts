/**
 * POST /api/chatbot/treatment-recommendation (public; storefront spec §7): `{userQuery,
 * sessionId}` → `{response, sessionId, parts}`. Input limits: the question's length (400 with
 * the field's message) and a per-client rate (429).
 */
import { Router } from "express";
import { rateLimit } from "express-rate-limit";
import type { Logger } from "pino";
import { advisorRequestSchema } from "#common/advisor.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { HttpError, handler, parse } from "#server/http.ts";
import { createLlmClient } from "#server/integrations/llm.ts";
import { limiterStore } from "#server/rate-limit.ts";
import { askAdvisor } from "./service.ts";

export const ADVISOR_RATE_LIMIT_MESSAGE =
  "You're sending questions very quickly. Please wait a minute and try again.";

export function advisorRouter(db: Db, config: Config, logger: Logger): Router {
  const router = Router();
  const llm = createLlmClient({
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    model: config.LLM_MODEL,
    timeoutMs: config.LLM_TIMEOUT_MS,
  });
  // Per client address (behind the proxy in production: `trust proxy` is set in app.ts). Every
  // answer costs database work and, with a model configured, money: counted in the database on
  // PostgreSQL, so N instances together allow ADVISOR_RATE_LIMIT, not N times it (issue 34).
  const limiter = rateLimit({
    windowMs: 60_000,
    limit: config.ADVISOR_RATE_LIMIT,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    store: limiterStore(db, "advisor:"),
    // A store that cannot answer must not silence the advisor: the question goes through.
    passOnStoreError: true,
    logger,
    handler: (_req, _res, next) => next(new HttpError(429, ADVISOR_RATE_LIMIT_MESSAGE)),
  });

  router.post(
    "/chatbot/treatment-recommendation",
    limiter,
    handler(async (req, res) => {
      const input = parse(advisorRequestSchema, req.body ?? {});
      const answer = await askAdvisor({ db, llm, logger: req.log ?? logger }, input);
      res.json(answer);
    }),
  );
  return router;
}
