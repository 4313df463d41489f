/**
 * Hydration after the page has painted (issue 15 "LCP <= 2.0 s";
 * docs/decisions/0146-hydration-after-the-first-paint-helper-15c.md,
 * docs/decisions/0168-hydration-after-load-the-measured-trade-off.md). React Router's `<Scripts>`
 * puts a `<link rel="modulepreload">` of
 * every module of the page in the head and an inline module script whose static imports fetch
 * them at once, so ~120 KB of JavaScript shares a phone's bandwidth with the stylesheet, the font
 * and the LCP picture, and Lighthouse's simulation counts all of it before the largest paint.
 * This rewrites the server's HTML (production builds only, entry.server.tsx): the modulepreload
 * links are dropped and the inline module script waits for the `load` event and the next frame
 * before it imports the same modules and runs the same code, then tells app/entry.client.tsx
 * (which may have been evaluated before the last route module arrived). Nothing else changes: the data
 * handoff scripts still run at once, and `<html data-hydrated>` still marks the end of hydration.
 */

import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { ROUTE_MODULES_READY_EVENT } from "./hydration-event.ts";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/g;
const STATIC_IMPORT = /import \* as (\w+) from ("[^"\n]+");|import ("[^"\n]+");/g;

/**
 * Waits for the `load` event (the stylesheet, the font and the eager pictures, the LCP one among
 * them, are in), then for the first contentful paint to have been shown (a page can finish
 * loading before it first paints) and two frames more, so the pictures that came with `load` are
 * on screen too, before a script is fetched. A hidden tab paints nothing, so it only waits for
 * `load`; a browser without paint timing, or a page that shows nothing within 3 s, waits for the
 * frames only.
 */
const AFTER_PAINT = `await new Promise((go) => {
  const frames = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(go)));
  const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
  const start = () => {
    if (document.visibilityState !== "visible") return setTimeout(go);
    if (painted() || !PerformanceObserver.supportedEntryTypes?.includes("paint")) return frames();
    const observer = new PerformanceObserver(() => { if (painted()) { observer.disconnect(); clearTimeout(timer); frames(); } });
    const timer = setTimeout(() => { observer.disconnect(); frames(); }, 3000);
    observer.observe({ type: "paint" });
  };
  if (document.readyState === "complete") start(); else addEventListener("load", start, { once: true });
});`;

/**
 * A promise that settles in a task of its own, so the browser may paint and answer taps between
 * two pieces of work: `scheduler.yield()` where the browser has it, else a message to itself
 * (not a timer, which a background tab delays to a second).
 */
const NEXT_TASK =
  "const nextTask = () => globalThis.scheduler?.yield?.() ?? new Promise((go) => { const c = new MessageChannel(); c.port1.onmessage = () => go(); c.port2.postMessage(null); });";
/** The browser entry (the framework's chunk) that React Router's script imports last. */
const ENTRY_IMPORT = /\bimport\(("[^"\n]+")\);?\s*$/;

/**
 * The code of React Router's inline module script with its static imports made dynamic and
 * started after the first paint (AFTER_PAINT): the same modules, evaluated in the same order
 * before the rest of the code runs, the browser entry first and each in a task of its own. `preloads` (the addresses of the dropped modulepreload
 * links) are announced at that moment, so the modules those import come in parallel rather than
 * one level after another. Code without static imports is returned as it is.
 */
export function deferModuleScript(code: string, preloads: readonly string[] = []): string {
  const imports: { name: string; specifier: string }[] = [];
  const rest = code.replace(
    STATIC_IMPORT,
    (_match, name: string | undefined, specifier: string | undefined, bare: string | undefined) => {
      imports.push({ name: name ?? `_side${imports.length}`, specifier: specifier ?? bare ?? "" });
      return "";
    },
  );
  if (imports.length === 0) return code;
  // One link per task: a dozen appended at once made a task of ~140 ms on a phone's CPU (each
  // starts its request there and then); the requests still go out within a few milliseconds.
  const announce = preloads.length
    ? `for (const href of ${JSON.stringify(preloads)}) { document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href })); await nextTask(); }\n`
    : "";
  // One module (with the chunks it imports) evaluated per task, the framework first: evaluated
  // together they made one task of ~170 ms on a phone's CPU, all of it blocking time (issue 33
  // "TBT within 150 ms of the reference"); the downloads still start together (`announce`).
  const entry = ENTRY_IMPORT.exec(rest)?.[1];
  const first = entry ? `await import(${entry});\nawait nextTask();\n` : "";
  const loads = imports
    .map((i) => `const ${i.name} = await import(${i.specifier});`)
    .join("\nawait nextTask();\n");
  const ready = `\ndispatchEvent(new Event(${JSON.stringify(ROUTE_MODULES_READY_EVENT)}));`;
  return `${AFTER_PAINT}\n${NEXT_TASK}\n${announce}${first}${loads}${rest}${ready}`;
}

/**
 * A rewriter of the successive pieces of one page's HTML: modulepreload links dropped (their
 * addresses kept) and every inline module script deferred with those addresses.
 */
export function htmlRewriter(): (html: string) => string {
  const preloads = new Set<string>();
  return (html) =>
    html
      .replace(MODULE_PRELOAD, (link) => {
        const href = /\bhref="([^"]+)"/.exec(link)?.[1];
        if (href) preloads.add(href);
        return "";
      })
      .replace(
        MODULE_SCRIPT,
        (_match, open: string, code: string, close: string) =>
          `${open}${deferModuleScript(code, [...preloads])}${close}`,
      );
}

/**
 * Where the text can safely be cut: before a tag that has not ended yet, or before a `<script`
 * whose `</script>` has not arrived (a chunk may end anywhere).
 */
function safeEnd(text: string): number {
  let end = text.length;
  const lastOpen = text.lastIndexOf("<");
  if (lastOpen !== -1 && text.indexOf(">", lastOpen) === -1) end = lastOpen;
  const lastScript = text.lastIndexOf("<script");
  if (lastScript !== -1 && text.indexOf("</script>", lastScript) === -1) {
    end = Math.min(end, lastScript);
  }
  return end;
}

/** A stream of the server's HTML rewritten by `htmlRewriter`, whatever the chunking. */
export function deferHydrationStream(): Transform {
  const decoder = new StringDecoder("utf8");
  const rewrite = htmlRewriter();
  let pending = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      pending += typeof chunk === "string" ? chunk : decoder.write(chunk);
      const end = safeEnd(pending);
      const ready = pending.slice(0, end);
      pending = pending.slice(end);
      callback(null, ready ? rewrite(ready) : undefined);
    },
    flush(callback: TransformCallback) {
      pending += decoder.end();
      callback(null, pending ? rewrite(pending) : undefined);
    },
  });
}
