/** GET /sitemap.xml and GET /robots.txt (public; mounted before the page handler). */
import { Router } from "express";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { handler, siteOrigin } from "#server/http.ts";
import { buildRobots, buildSitemap } from "./service.ts";

export function seoRouter(db: Db, config: Config): Router {
  const router = Router();
  router.get(
    "/sitemap.xml",
    handler(async (req, res) => {
      const xml = await buildSitemap(db, siteOrigin(config, req));
      res.type("application/xml").set("Cache-Control", "public, max-age=3600").send(xml);
    }),
  );
  router.get("/robots.txt", (req, res) => {
    res
      .type("text/plain")
      .set("Cache-Control", "public, max-age=3600")
      .send(buildRobots(siteOrigin(config, req)));
  });
  return router;
}
