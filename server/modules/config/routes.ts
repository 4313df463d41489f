/** GET /api/config (Paystack public key) and GET /api/config/environment (Meta Pixel id). */
import { Router } from "express";
import { type Config, publicConfig } from "#server/config.ts";

export function configRouter(config: Config): Router {
  const router = Router();
  const values = publicConfig(config);
  router.get("/config", (_req, res) => {
    res.json({ paystackPublicKey: values.paystackPublicKey });
  });
  router.get("/config/environment", (_req, res) => {
    res.json({ metaPixelId: values.metaPixelId });
  });
  return router;
}
