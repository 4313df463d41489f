import { readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, publicConfig } from "./config.ts";

const PRODUCTION = {
  NODE_ENV: "production",
  ADMIN_PASSWORD: "a-real-password",
  SESSION_SECRET: "x".repeat(40),
  PUBLIC_URL: "https://glowhaven.example",
  ALLOW_TEST_PAYMENTS: "true",
};

describe("loadConfig", () => {
  it("has working defaults for development", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, ADMIN_USERNAME: "admin", SEED_DEMO: true });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
  });

  it("starts from .env.example copied as is (empty values count as unset)", () => {
    const example = parseEnv(
      readFileSync(path.resolve(import.meta.dirname, "../.env.example"), "utf8"),
    );
    const config = loadConfig(example);
    expect(config.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(config.PUBLIC_URL).toBeUndefined();
    // A fresh machine's `cp .env.example .env && npm start` serves the demo site.
    expect(config.isProduction).toBe(false);
    expect(config.SEED_DEMO).toBe(true);
  });

  it("drains on shutdown at least as long as the slowest write the database allows", () => {
    // Issue 34: a grace shorter than the statement timeout cut writes still under way.
    expect(loadConfig({}).SHUTDOWN_GRACE_MS).toBe(25_000);
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: "40000" }).SHUTDOWN_GRACE_MS).toBe(45_000);
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: "1000" }).SHUTDOWN_GRACE_MS).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: "3000" }).SHUTDOWN_GRACE_MS).toBe(3_000);
  });

  it("names the variable of a bad value", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PAYSTACK_SECRET_KEY: "pk_test_123" })).toThrow(/PAYSTACK_SECRET_KEY/);
  });

  it("refuses the demo password and session secret in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ NODE_ENV: "production", ADMIN_PASSWORD: "a-real-password" })).toThrow(
      /SESSION_SECRET/,
    );
    const config = loadConfig(PRODUCTION);
    expect(config.isProduction).toBe(true);
  });

  it("says clearly that production refuses the demo admin password", () => {
    const { ADMIN_PASSWORD: _, ...withoutPassword } = PRODUCTION;
    expect(() => loadConfig(withoutPassword)).toThrow(/demo admin password is refused/);
    expect(() => loadConfig({ ...PRODUCTION, ADMIN_PASSWORD: "glowhaven-demo" })).toThrow(
      /ADMIN_PASSWORD: the demo admin password is refused in production/,
    );
  });

  it("requires PUBLIC_URL in production only", () => {
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_URL: "" })).toThrow(
      /PUBLIC_URL: required in production/,
    );
    expect(loadConfig({}).PUBLIC_URL).toBeUndefined();
  });

  it("refuses a production start without Paystack keys unless test payments are wanted", () => {
    const { ALLOW_TEST_PAYMENTS: _, ...withoutTestPayments } = PRODUCTION;
    expect(() => loadConfig(withoutTestPayments)).toThrow(
      /PAYSTACK_SECRET_KEY: required in production: set PAYSTACK_PUBLIC_KEY and PAYSTACK_SECRET_KEY, or ALLOW_TEST_PAYMENTS=true/,
    );
    expect(
      loadConfig({
        ...withoutTestPayments,
        PAYSTACK_PUBLIC_KEY: "pk_live_x",
        PAYSTACK_SECRET_KEY: "sk_live_x",
      }).isProduction,
    ).toBe(true);
    expect(loadConfig(PRODUCTION).ALLOW_TEST_PAYMENTS).toBe(true);
    expect(loadConfig({}).ALLOW_TEST_PAYMENTS).toBe(false);
  });

  it("loads the demo catalogue by default except in production", () => {
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({ NODE_ENV: "test" }).SEED_DEMO).toBe(true);
    expect(loadConfig(PRODUCTION).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: "0" }).SEED_DEMO).toBe(false);
    expect(loadConfig({ SEED_DEMO: "" }).SEED_DEMO).toBe(true);
  });

  it("keeps backups in DATA_DIR/backups unless BACKUP_DIR says otherwise", () => {
    expect(loadConfig({ DATA_DIR: "/srv/clinic" }).backupDir).toBe("/srv/clinic/backups");
    expect(loadConfig({ BACKUP_DIR: "/mnt/backups" }).backupDir).toBe("/mnt/backups");
  });

  it("treats empty optional values as unset and exposes only public ones", () => {
    const config = loadConfig({
      DATABASE_URL: "",
      META_PIXEL_ID: "",
      PAYSTACK_PUBLIC_KEY: "pk_test_abc",
      PAYSTACK_SECRET_KEY: "sk_test_abc",
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(publicConfig(config)).toEqual({ paystackPublicKey: "pk_test_abc", metaPixelId: null });
  });

  it("needs both Paystack keys or neither, and defaults Paystack's API address", () => {
    expect(() => loadConfig({ PAYSTACK_PUBLIC_KEY: "pk_test_abc" })).toThrow(
      /PAYSTACK_SECRET_KEY: set both Paystack keys/,
    );
    expect(loadConfig({}).PAYSTACK_BASE_URL).toBe("https://api.paystack.co");
    expect(loadConfig({ PAYSTACK_BASE_URL: "http://127.0.0.1:3640" }).PAYSTACK_BASE_URL).toBe(
      "http://127.0.0.1:3640",
    );
  });
});
