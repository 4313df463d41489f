/**
 * The CSP allows Meta's pixel hosts only when a pixel id is configured (storefront issue
 * "Shared behaviour": the pixel loads only when the server supplies an id and the visitor consented).
 */
import express from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { cspNonce, securityHeaders } from "./security.ts";

function appWith(metaPixel: boolean) {
  const app = express();
  app.use(cspNonce);
  app.use(securityHeaders({ production: false, dev: false, metaPixel }));
  app.get("/", (_req, res) => {
    res.send("ok");
  });
  return app;
}

describe("content security policy", () => {
  it("keeps scripts to this site and the response nonce without a pixel id", async () => {
    const csp = (await request(appWith(false)).get("/")).headers["content-security-policy"];
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.paystack\.co 'nonce-[^']+'/);
    expect(csp).not.toContain("facebook");
  });

  it("allows Meta's script and event hosts when a pixel id is configured", async () => {
    const csp = (await request(appWith(true)).get("/")).headers["content-security-policy"];
    expect(csp).toContain(
      "script-src 'self' https://js.paystack.co https://connect.facebook.net 'nonce-",
    );
    expect(csp).toMatch(
      /connect-src 'self' https:\/\/api\.paystack\.co https:\/\/www\.facebook\.com/,
    );
  });
});

describe("permissions policy (issue 14)", () => {
  it("denies camera, microphone and location to the site and its frames", async () => {
    const policy = (await request(appWith(false)).get("/")).headers["permissions-policy"];
    expect(policy).toContain("camera=()");
    expect(policy).toContain("geolocation=()");
  });
});
