/** GET /sitemap.xml and GET /robots.txt (public; mounted before the page handler). */
import { type Request, Router } from "express";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { handler } from "#server/http.ts";
import { buildRobots, buildSitemap } from "./service.ts";

/** The site's origin: PUBLIC_URL when configured, else this request's protocol and host. */
function siteOrigin(config: Config, req: Request): string {
  return config.PUBLIC_URL ?? `${req.protocol}://${req.get("host")}`;
}

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
