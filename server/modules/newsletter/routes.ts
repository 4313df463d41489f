/** POST /api/newsletter (public). */
import { Router } from "express";
import { newsletterSchema } from "#common/newsletter.ts";
import type { Db } from "#server/db/client.ts";
import { handler, parse } from "#server/http.ts";
import { subscribe } from "./service.ts";

export function newsletterRouter(db: Db): Router {
  const router = Router();
  router.post(
    "/newsletter",
    handler(async (req, res) => {
      const { created } = await subscribe(db, parse(newsletterSchema, req.body));
      res.status(created ? 201 : 200).json({ subscribed: true });
    }),
  );
  return router;
}
