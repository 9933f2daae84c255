// Lint: each rule's fixture (test/lint/<rule>/) through every TypeScript and host that compiles a
// program (the ts-patch transformer on 5.9 and 6.0, `schemaof build` on 7.0 and 7.1): `warns.ts`
// gives exactly its golden `warns.txt`, as warnings that leave the build's exit code alone;
// `clean.ts`, the same tool written well, gives no warning at all; and so do the example's tools.
// Levels in the plugin entry turn a rule off or into an error that fails the build. (esbuild,
// Rollup, the loader under tsx and the editor run every fixture in their own test files.)
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { compilers } from "./lib/compilers.mjs";
import { compileFiles, formatDiagnostics } from "./lib/compile.mjs";
import { buildFiles, ts7Lines } from "./lib/build7.mjs";
import { golden } from "./lib/fixtures.mjs";
import { compileSources } from "./lib/scratch.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "lint");
const rules = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const files = rules.flatMap((rule) => [join(root, rule, "warns.ts"), join(root, rule, "clean.ts")]);

/** Per host: each file's diagnostics of ours, in tsc's format, paths relative to the file's folder. */
const hosts = compilers.map(({ label, ts }) => ({
  label,
  diagnostics: new Map(
    [...compileFiles(ts, files)].map(([file, r]) => [
      file,
      {
        errors: formatDiagnostics(ts, r.diagnostics, file),
        ours: formatDiagnostics(ts, r.warnings, file),
        typeErrors: formatDiagnostics(ts, r.typeErrors, file),
      },
    ]),
  ),
}));
for (const { label, packageDir } of ts7Lines) {
  const built = await buildFiles(packageDir, files);
  hosts.push({
    label: `${label}, schemaof build`,
    code: built.code,
    diagnostics: new Map([...built.results].map(([file, r]) => [file, { errors: r.diagnostics, ours: r.warnings, typeErrors: r.typeErrors }])),
  });
}

test("every rule has a fixture, and every fixture is a rule of the plugin entry", async () => {
  const { RULE_NAMES } = await import("@schemaof/transformer/source");
  assert.equal(rules, [...RULE_NAMES].sort());
});

for (const { label, code, diagnostics } of hosts) {
  for (const rule of rules) {
    test(`${rule}: warns.ts warns, clean.ts does not (${label})`, () => {
      const warns = diagnostics.get(join(root, rule, "warns.ts"));
      const clean = diagnostics.get(join(root, rule, "clean.ts"));
      assert.is(warns.typeErrors, "", "the fixture type-checks");
      assert.is(clean.typeErrors, "", "the clean fixture type-checks");
      assert.match(warns.ours, /warning TS991\d\d:/);
      assert.is(warns.errors, "", "warnings only");
      assert.is(clean.errors, "");
      assert.fixture(warns.ours, golden(join(root, rule, "warns.txt"), warns.ours));
      assert.is(clean.ours, "", "a well-written tool gets no warning");
    });
  }
  if (code !== undefined) {
    test(`warnings leave the build's exit code as it was (${label})`, () => {
      assert.is(code, 0);
    });
  }
}

test("the examples' tools, the médiathèque's among them, get no warning", () => {
  const sources = ["examples/src", "examples/mediatheque/src"].flatMap((folder) =>
    readdirSync(join(here, "..", folder), { recursive: true })
      .filter((name) => String(name).endsWith(".ts"))
      .map((name) => join(here, "..", folder, String(name))),
  );
  const { ts } = compilers[0];
  const results = compileFiles(ts, sources);
  const warned = [...results].flatMap(([file, r]) =>
    r.diagnostics.length + r.warnings.length ? [formatDiagnostics(ts, [...r.diagnostics, ...r.warnings], file)] : [],
  );
  assert.equal(warned, []);
});

test("the published tools of seventeen MCP servers, linted as a client lists them: every finding pinned", async () => {
  const { lintTool } = await import("@schemaof/transformer/stages");
  const dir = join(here, "real-tools");
  const lines = [];
  let tools = 0;
  let clean = 0;
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()) {
    for (const tool of JSON.parse(readFileSync(join(dir, file), "utf8")).tools) {
      tools++;
      const { warnings, errors } = lintTool({ name: tool.name, description: tool.description, schemas: { mcp: tool.inputSchema } });
      assert.equal(errors, [], "every rule warns by default");
      if (warnings.length === 0) clean++;
      for (const { code, path } of warnings) lines.push(`${file.replace(/\.json$/, "")} ${tool.name} TS${code} ${path}`);
    }
  }
  const text = `${tools} tools, ${clean} with no warning\n${lines.join("\n")}\n`;
  assert.fixture(text, golden(join(root, "real-tools.txt"), text));
});

const SLOPPY = `
import { toolOf } from "@schemaof/runtime";
export function find(q: string) { return { total: q.length }; }
export const tool = toolOf(find);
`;

test('levels: "off" silences a rule, "error" makes it fail the build; a bad entry is said', () => {
  const { ts } = compilers[0];
  const warned = compileSources(ts, { "find.ts": SLOPPY })["find.ts"];
  assert.is(warned.diagnostics, "");
  assert.match(warned.warnings, /warning TS99101: Tool 'find' has no description/);
  assert.match(warned.warnings, /warning TS99103:/);
  const off = compileSources(ts, { "find.ts": SLOPPY }, { lint: { "tool-description": "off", "free-string": "off" } })["find.ts"];
  assert.is(off.diagnostics + off.warnings, "");
  const error = compileSources(ts, { "find.ts": SLOPPY }, { lint: { "tool-description": "error" } })["find.ts"];
  assert.match(error.diagnostics, /error TS99101: Tool 'find' has no description/);
  assert.not.match(error.warnings, /TS99101/);
  assert.match(error.warnings, /warning TS99103:/, "the other rules still warn");
  const bad = compileSources(ts, { "find.ts": SLOPPY }, { lint: { "free-strings": "off" } })["find.ts"];
  assert.match(bad.diagnostics, /'lint' has no rule 'free-strings'; the rules are "tool-description"/);
  const level = compileSources(ts, { "find.ts": SLOPPY }, { lint: { "free-string": "loud" } })["find.ts"];
  assert.match(level.diagnostics, /'lint' sets "free-string" to "off", "warn" or "error", not "loud"/);
});

test("a rule set to error fails schemaof build on TypeScript 7", async () => {
  const file = join(here, "lint", "tool-description", "warns.ts");
  const built = await buildFiles(ts7Lines[0].packageDir, [file], { lint: { "tool-description": "error" } });
  assert.is.not(built.code, 0);
  assert.match(built.results.get(file).diagnostics, /error TS99101:/);
  assert.ok(readFileSync(file, "utf8").includes("toolOf(findBooks)"));
});

test.run();
