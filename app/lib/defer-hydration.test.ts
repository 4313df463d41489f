/**
 * The HTML rewrite behind hydration after the first paint (app/lib/defer-hydration.ts): the page's
 * modules are neither preloaded in the head nor imported before `load`, and the same modules are
 * then imported and the same code run, whatever the chunking of the stream.
 */
import { describe, expect, it } from "vitest";
import { deferHydrationStream, deferModuleScript, htmlRewriter } from "./defer-hydration.ts";

const MODULE_CODE = `;
import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/contact-B.js";
  window.__reactRouterRouteModules = {"root":route0,"routes/contact":route1};

import("/assets/entry.client-C.js");`;

const PAGE = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-C.js" nonce="n"/><link rel="modulepreload" href="/assets/forms-D.js" nonce="n"/><link rel="stylesheet" href="/assets/app.css"/></head><body><main>Ünïcode ₦</main><script nonce="n">window.__ctx = 1;</script><script nonce="n" type="module" async="">${MODULE_CODE}</script></body></html>`;

describe("deferModuleScript", () => {
  it("imports the same modules dynamically after load, then runs the rest unchanged", () => {
    const code = deferModuleScript(MODULE_CODE, ["/assets/forms-D.js"]);
    expect(code).not.toMatch(/import \* as/);
    expect(code.indexOf('addEventListener("load"')).toBeLessThan(code.indexOf("import("));
    // The entry (the framework) first, then each route module, each evaluated in a task of its
    // own so no single long task blocks the page.
    expect(code).toContain(
      'await import("/assets/entry.client-C.js");\nawait nextTask();\nconst route0 = await import("/assets/root-A.js");\nawait nextTask();\nconst route1 = await import("/assets/contact-B.js");',
    );
    expect(code).toContain(
      "const nextTask = () => globalThis.scheduler?.yield?.() ?? new Promise(",
    );
    // The modules' downloads are announced one per task, before the first import.
    expect(code.indexOf("const nextTask")).toBeLessThan(code.indexOf('["/assets/forms-D.js"]'));
    expect(code).toContain('rel: "modulepreload", href })); await nextTask(); }');
    expect(code.indexOf('["/assets/forms-D.js"]')).toBeLessThan(code.indexOf("await import("));
    expect(code).toContain('["/assets/forms-D.js"]');
    expect(code).toContain(
      'window.__reactRouterRouteModules = {"root":route0,"routes/contact":route1};',
    );
    expect(code.lastIndexOf('import("/assets/entry.client-C.js");')).toBeGreaterThan(
      code.indexOf("window.__reactRouterRouteModules"),
    );
    expect(
      code.trimEnd().endsWith('dispatchEvent(new Event("react-router-route-modules-ready"));'),
    ).toBe(true);
  });

  it("leaves code without static imports as it is", () => {
    expect(deferModuleScript(" ")).toBe(" ");
  });
});

describe("htmlRewriter", () => {
  it("drops the modulepreload links, keeps the stylesheet and the data script", () => {
    const html = htmlRewriter()(PAGE);
    expect(html).not.toContain('modulepreload" href');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain('<script nonce="n">window.__ctx = 1;</script>');
    expect(html).toContain('["/assets/entry.client-C.js","/assets/forms-D.js"]');
  });
});

describe("deferHydrationStream", () => {
  it("gives the same HTML however the stream is cut, multi-byte characters included", async () => {
    const expected = htmlRewriter()(PAGE);
    const bytes = Buffer.from(PAGE);
    for (const size of [1, 7, 64, bytes.length]) {
      const stream = deferHydrationStream();
      const out: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => out.push(Buffer.from(chunk)));
      const done = new Promise((resolve) => stream.on("end", resolve));
      for (let i = 0; i < bytes.length; i += size) stream.write(bytes.subarray(i, i + size));
      stream.end();
      await done;
      expect(Buffer.concat(out).toString("utf8")).toBe(expected);
    }
  });
});
