/**
 * `npm run report:structure`: the figures behind the back-office consolidation (issue 27), read
 * from the source as text and through the TypeScript parser, so that anyone can measure them
 * again after a change:
 *
 * - the largest files of server/modules (lines, tests left out);
 * - the longest functions outside screens (app/**\/*.tsx left out) and how many exceed 80 lines;
 * - tables written by hand (`<table` outside the kit's DataTable);
 * - admin forms without a shared schema (a `<form` or `onSubmit` in app/features/admin whose file
 *   names no zod schema), and resolver casts (`as unknown as Resolver`, `as never` resolvers);
 * - Lagos date/time rules outside common/lagos-time.ts (TZDate, the zone's name, the UTC offset,
 *   a function named lagos…).
 *
 * Prints plain text; exits 0. Takes no arguments.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..");
const LAGOS_MODULE = "common/lagos-time.ts";
/** Its engine-free part, split out for the storefront's first load (docs/decisions/0176). */
const LAGOS_CORE = "common/lagos-date.ts";
const LONG_FUNCTION_LINES = 80;

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = path.join(dir, name);
    if (name === "node_modules" || name === "generated" || name.startsWith(".")) continue;
    if (statSync(path.join(root, rel)).isDirectory()) walk(rel, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts"))
      out.push(rel);
  }
  return out;
}

const files = ["app", "common", "server", "scripts"]
  .flatMap((dir) => walk(dir))
  .filter((file) => file !== "scripts/structure-report.ts");
const text = new Map(files.map((file) => [file, readFileSync(path.join(root, file), "utf8")]));
const lineCount = (file: string) => (text.get(file) ?? "").split("\n").length;

/** Every function-like node with a block body: [name, first line, line count]. */
function functionsOf(file: string): Array<{ name: string; line: number; lines: number }> {
  const source = ts.createSourceFile(file, text.get(file) ?? "", ts.ScriptTarget.Latest, true);
  const found: Array<{ name: string; line: number; lines: number }> = [];
  const nameOf = (node: ts.Node): string => {
    if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name)
      return node.name.getText(source);
    const parent = node.parent;
    if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(source);
    if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(source);
    if (parent && ts.isCallExpression(parent))
      return `${parent.expression.getText(source).slice(0, 30)}(…)`;
    return "(anonymous)";
  };
  const visit = (node: ts.Node) => {
    const isFunction =
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node);
    if (isFunction && node.body && ts.isBlock(node.body)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ name: nameOf(node), line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function section(title: string, rows: string[]): void {
  console.log(`\n${title}`);
  for (const row of rows) console.log(`  ${row}`);
}

const serverModules = files
  .filter((file) => file.startsWith("server/modules/"))
  .map((file) => ({ file, lines: lineCount(file) }))
  .sort((a, b) => b.lines - a.lines);
section(
  `Largest files of server/modules (${serverModules.filter((f) => f.lines > 600).length} above 600 lines)`,
  serverModules.slice(0, 8).map((f) => `${String(f.lines).padStart(5)}  ${f.file}`),
);

const functions = files
  .filter((file) => !(file.startsWith("app/") && file.endsWith(".tsx")))
  .flatMap((file) => functionsOf(file).map((fn) => ({ ...fn, file })))
  .sort((a, b) => b.lines - a.lines);
const long = functions.filter((fn) => fn.lines > LONG_FUNCTION_LINES);
section(
  `Longest functions outside screens (${long.length} above ${LONG_FUNCTION_LINES} lines)`,
  functions
    .slice(0, Math.max(8, long.length))
    .map((fn) => `${String(fn.lines).padStart(5)}  ${fn.file}:${fn.line} ${fn.name}`),
);

const tables = files
  .filter((file) => file.startsWith("app/") && file !== "app/features/admin/kit/data-table.tsx")
  .map((file) => ({ file, count: (text.get(file)?.match(/<table[\s>]/g) ?? []).length }))
  .filter((t) => t.count > 0);
section(
  `Tables written by hand: ${tables.reduce((n, t) => n + t.count, 0)} in ${tables.length} files`,
  tables.map((t) => `${t.count}  ${t.file}`),
);

const adminForms = files.filter(
  (file) =>
    file.startsWith("app/features/admin/") && /<form[\s>]|onSubmit=/.test(text.get(file) ?? ""),
);
const withoutSchema = adminForms.filter((file) => !/[sS]chema\b/.test(text.get(file) ?? ""));
const casts = files.filter((file) =>
  /as unknown as Resolver|zodResolver\([^)]*\)\s*as never/.test(text.get(file) ?? ""),
);
section(
  `Admin forms: ${adminForms.length} files; ${withoutSchema.length} name no schema; ${casts.length} cast a resolver`,
  [...withoutSchema.map((f) => `no schema  ${f}`), ...casts.map((f) => `cast       ${f}`)],
);

const lagosRule =
  /\bTZDate\b|"Africa\/Lagos"|LAGOS_UTC_OFFSET_MS|BUSINESS_TIME_ZONE|function lagos\w*|const lagos\w* = \(/g;
const lagos = files
  .filter((file) => file !== LAGOS_MODULE && file !== LAGOS_CORE && !file.startsWith("scripts/"))
  .map((file) => {
    const hits = (text.get(file) ?? "")
      .split("\n")
      .filter((line) => !/^\s*(\*|\/\/|import\b)/.test(line))
      .flatMap((line) => line.match(lagosRule) ?? []);
    return { file, hits };
  })
  .filter((l) => l.hits.length > 0);
section(
  `Lagos date/time rules outside ${LAGOS_MODULE}: ${lagos.reduce((n, l) => n + l.hits.length, 0)} in ${lagos.length} files`,
  lagos.map((l) => `${l.hits.length}  ${l.file}  (${[...new Set(l.hits)].join(", ")})`),
);
