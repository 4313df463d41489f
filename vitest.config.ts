import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "common/**/*.test.ts",
      "server/**/*.test.ts",
      "app/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
    ],
    environment: "node",
    // PGlite starts a WASM Postgres per test file; two workers suit the 2-core machines.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TZ: "UTC" },
    setupFiles: ["./server/testing/setup.ts"],
    // One migrated PGlite database that the API suites start from (server/testing/pglite-template.ts).
    globalSetup: ["./server/testing/pglite-template.ts"],
  },
});
