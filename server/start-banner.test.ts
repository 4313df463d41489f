/**
 * The start banner (issue 34 "First start"): the site's address, the demo sign-in while the
 * password is the demo one (and never another password), and the database in use, without the
 * database's password.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { startBanner } from "./start-banner.ts";

describe("start banner", () => {
  it("a fresh `npm start` names the URL, the demo sign-in and PGlite's folder", () => {
    const text = startBanner(loadConfig({ DATA_DIR: "/srv/clinic-data", PORT: "3000" }));
    expect(text).toContain("Site:        http://localhost:3000");
    expect(text).toContain(
      "Back office: http://localhost:3000/admin, signing in as admin / glowhaven-demo",
    );
    expect(text).toContain("Database:    PGlite (embedded), files in /srv/clinic-data");
  });

  it("a deployment shows PUBLIC_URL and PostgreSQL, and neither password", () => {
    const text = startBanner(
      loadConfig({
        PUBLIC_URL: "https://glowhaven.ng",
        DATABASE_URL: "postgres://clinic:s3cret-db@db.internal:6432/clinic",
        ADMIN_USERNAME: "manager",
        ADMIN_PASSWORD: "a-real-password-9",
      }),
    );
    expect(text).toContain(
      "Site:        https://glowhaven.ng  (this machine: http://localhost:3000)",
    );
    expect(text).toContain("signing in as manager with the password in ADMIN_PASSWORD");
    expect(text).toContain("Database:    PostgreSQL at db.internal:6432/clinic as clinic");
    expect(text).not.toContain("s3cret-db");
    expect(text).not.toContain("a-real-password-9");
  });
});
