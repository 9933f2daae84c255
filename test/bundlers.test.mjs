// @schemaof/unplugin in every bundler users have: the fixture suite's types, as modules of one small
// app, bundled by esbuild, Vite 7 (build and SSR), Rollup 4, webpack 5 and rspack, give the schemas
// the tspc build gives, and their validateArgs checks the same answers; a module with a File in its
// type fails each build with TS99001 and the property's path. esbuild runs once more on each other
// TypeScript line (6.0 in process, 7.0 and 7.1 through their API).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, rmSync, symlinkSync, writeFileSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { compileFiles, runModule } from "./lib/compile.mjs";
import { listFixtures, readSamples, writeWithValidators } from "./lib/fixtures.mjs";
import { bundlers, importBundle, packWarnings } from "./lib/bundlers.mjs";
import { TraceMap, originalPositionFor } from "@jridgewell/trace-mapping";
import { BUNDLER_OPTIONS, writeProject } from "./lib/projectOptions.mjs";
import { lintFindings, lintRules, lintSource } from "./lib/lintFixtures.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = listFixtures().filter((fixture) => !fixture.expectsDiagnostics);
const compiled = writeWithValidators(fixtures);
const reference = compileFiles(ts, compiled);
const expected = new Map(fixtures.map((fixture, i) => [fixture.name, runModule(reference.get(compiled[i]).js, compiled[i])]));

/** The app: one module per fixture, an entry that exports them all by name, and a module that cannot be described. */
function writeApp(app, typescript) {
  rmSync(app, { recursive: true, force: true });
  writeProject(app, { name: "bundled-app", type: "module" }, BUNDLER_OPTIONS);
  const entries = fixtures.map((fixture, i) => {
    writeFileSync(join(app, "src", `f${i}.ts`), readFileSync(compiled[i], "utf8"));
    return [`import * as f${i} from "./f${i}";`, `  ${JSON.stringify(fixture.name)}: f${i},`];
  });
  writeFileSync(
    join(app, "tsconfig.nodenext.json"),
    JSON.stringify({
      compilerOptions: { target: "es2022", module: "nodenext", moduleResolution: "nodenext", strict: true, skipLibCheck: true, types: [] },
      include: ["src"],
    }),
  );
  writeFileSync(
    join(app, "src", "main.ts"),
    `${entries.map(([line]) => line).join("\n")}\nexport const fixtures = {\n${entries.map(([, line]) => line).join("\n")}\n};\n`,
  );
  writeFileSync(
    join(app, "src", "mapped.ts"),
    `import { schemaOf } from "@schemaof/runtime";\n\nexport const schema = schemaOf<{ title: string }>();\n\nexport function marker(): string {\n  return "the line after the call";\n}\n`,
  );
  writeFileSync(
    join(app, "src", "upload.ts"),
    `import { schemaOf } from "@schemaof/runtime";\n\nexport const schema = schemaOf<{ title: string; upload: File }>();\n`,
  );
  if (typescript) {
    mkdirSync(join(app, "node_modules"));
    symlinkSync(join(here, "node_modules", typescript), join(app, "node_modules", "typescript"), "dir");
  }
  return app;
}

/** The same schema text and the same check answers, fixture by fixture, as the tspc build. */
function assertSameAsTspc(modules) {
  assert.equal(Object.keys(modules).length, fixtures.length);
  for (const fixture of fixtures) {
    const bundled = modules[fixture.name];
    const tspc = expected.get(fixture.name);
    assert.equal(JSON.stringify(bundled.schema, null, 2), JSON.stringify(tspc.schema, null, 2), `${fixture.name}: the schema`);
    for (const value of readSamples(fixture.dir).values) {
      assert.equal(
        JSON.stringify(bundled.__validate(value)),
        JSON.stringify(tspc.__validate(value)),
        `${fixture.name}: validateArgs(${JSON.stringify(value)})`,
      );
    }
  }
}

async function assertFailsOnFile(bundler, app) {
  let error;
  await bundler.build(app, "upload", {}).catch((caught) => (error = caught));
  assert.ok(error, "the build fails");
  const text = String(error.message ?? error) + (error.errors ? JSON.stringify(error.errors) : "");
  assert.match(text, /TS99001/);
  assert.match(text, /upload\.ts\(3,32\)/, "file, line and column");
  assert.match(text, /upload: .File.: a file upload cannot travel in JSON tool arguments/, "the path and the remedy");
}

const app = writeApp(join(here, ".tmp", "bundled-app"));
for (const bundler of bundlers) {
  test(`the fixture suite bundled by ${bundler.name} gives the tspc build's schemas and checks`, async () => {
    assertSameAsTspc((await importBundle(await bundler.build(app, "main", {}))).fixtures);
  });
  test(`a File in a type fails the ${bundler.name} build with TS99001 and its path`, () => assertFailsOnFile(bundler, app));
  test(`${bundler.name}'s source map maps the code after a rewritten call to its own line`, async () => {
    const file = await bundler.build(app, "mapped", {});
    const code = readFileSync(file, "utf8");
    const map = new TraceMap(JSON.parse(readFileSync(`${file}.map`, "utf8")));
    const offset = code.indexOf('"the line after the call"');
    assert.ok(offset > 0);
    const before = code.slice(0, offset).split("\n");
    const original = originalPositionFor(map, { line: before.length, column: before[before.length - 1].length });
    assert.match(original.source ?? "", /mapped\.ts$/);
    assert.is(original.line, 6);
  });
}

const esbuild = bundlers.find((bundler) => bundler.name === "esbuild");
for (const [label, typescript] of [
  ["TypeScript 6.0", "typescript6"],
  ["TypeScript 7.0", "typescript7"],
  ["TypeScript 7.1", "typescript71"],
]) {
  const appOn = writeApp(join(here, ".tmp", `bundled-app-${typescript}`), typescript);
  test(`esbuild on ${label}: the tspc build's schemas and checks, TS99001 for a File, TS99016 without strictNullChecks`, async () => {
    assertSameAsTspc((await importBundle(await esbuild.build(appOn, "main", {}))).fixtures);
    await assertFailsOnFile(esbuild, appOn);
    writeFileSync(join(appOn, "tsconfig.loose.json"), JSON.stringify({ extends: "./tsconfig.json", compilerOptions: { strict: false } }));
    let error;
    await esbuild.build(appOn, "mapped", { tsconfig: join(appOn, "tsconfig.loose.json") }).catch((caught) => (error = caught));
    assert.match(String(error?.message), /mapped\.ts\(3,23\): error TS99016: 'schemaOf<\{ title: string \}>' is read without strictNullChecks/);
  });
}

/** A module of the app for one case of bad input, bundled by esbuild (the plugin's code is the same in every bundler). */
async function esbuildOf(file, text, options = {}) {
  writeFileSync(join(app, "src", file), text);
  const result = { warnings: [] };
  const { build } = await import("esbuild");
  const schemaof = (await import("@schemaof/unplugin/esbuild")).default;
  try {
    const built = await build({
      absWorkingDir: app,
      entryPoints: [join(app, "src", file)],
      bundle: true,
      format: "esm",
      platform: "node",
      write: false,
      logLevel: "silent",
      plugins: [schemaof(options)],
    });
    result.warnings = built.warnings;
    result.code = built.outputFiles[0].text;
  } catch (error) {
    result.error = error;
  }
  return result;
}

test("bad input: a module that does not parse is the bundler's own syntax error, not a crash", async () => {
  const { error } = await esbuildOf(
    "broken.ts",
    `import { schemaOf } from "@schemaof/runtime";
export const schema = schemaOf<{ a: string }>(;
`,
  );
  assert.ok(error, "the build fails");
  assert.match(error.errors[0].location.file, /broken\.ts$/);
  assert.not.match(error.message, /schemaof could not rewrite/);
});

test("bad input: a type that does not resolve (a relative import without its '.js' under nodenext) is TS99015, not a schema that accepts anything", async () => {
  writeFileSync(join(app, "src", "search-types.ts"), `export interface SearchInput {\n  query: string;\n}\n`);
  const { error } = await esbuildOf(
    "unresolved.ts",
    `import { schemaOf } from "@schemaof/runtime";\nimport type { SearchInput } from "./search-types";\nimport type { Missing } from "./nowhere.js";\n\nexport const a = schemaOf<SearchInput>();\nexport const b = schemaOf<{ item: Missing }>();\n`,
    { tsconfig: join(app, "tsconfig.nodenext.json") },
  );
  assert.ok(error, "the build fails");
  assert.match(error.message, /unresolved\.ts\(5,27\): error TS99015: 'SearchInput' names a type that TypeScript cannot resolve\./);
  // esbuild's code frame shows the line the error points at, not an empty one.
  assert.equal(
    error.errors.map((message) => message.location.lineText),
    ["export const a = schemaOf<SearchInput>();"],
  );
  assert.match(
    error.message,
    /unresolved\.ts\(6,27\): error TS99015: '\{ item: Missing \}' names a type that TypeScript cannot resolve\.\n  item: TypeScript cannot resolve this type/,
  );
});

test("bad input: a function of the user's own named schemaOf is left alone", async () => {
  const { code, error } = await esbuildOf(
    "own.ts",
    `function schemaOf<T>(): string {\n  return "mine";\n}\nexport const schema = schemaOf<{ a: string }>();\n`,
  );
  assert.is(error, undefined);
  assert.match(code, /return "mine"/);
  assert.match(code, /schema = schemaOf\(\)/);
});

test("the plugin takes the options every host takes: its `target` is the project's, as the tsconfig entry's would be", async () => {
  const source = `import { schemaOf } from "@schemaof/runtime";\nexport const schema = schemaOf<{ note?: string }>();\n`;
  const { code, error } = await esbuildOf("targeted.ts", source, { target: "openai-strict" });
  assert.is(error, undefined);
  assert.match(code, /\brequired"?:\s*\["note"\]/);
  assert.match(code, /\badditionalProperties"?:\s*false/);
  const { error: refused } = await esbuildOf("targeted.ts", source, { target: "cohere" });
  assert.match(String(refused?.message), /error TS\d+: .*'target' takes one of/);
});

test("bad input: a tsconfig the plugin cannot find fails the build, naming it", async () => {
  const { error } = await esbuildOf("upload.ts", readFileSync(join(app, "src", "upload.ts"), "utf8"), { tsconfig: "missing/tsconfig.json" });
  assert.ok(error);
  assert.match(error.message, /schemaof: the tsconfig 'missing\/tsconfig\.json' does not exist/);
});

test("lint: every rule's fixture through esbuild gives its golden's warnings, each placed; its clean twin none", async () => {
  for (const rule of lintRules()) {
    const warns = await esbuildOf(`lint-${rule}.ts`, lintSource(rule, "warns"));
    assert.is(warns.error, undefined, rule);
    const expected = lintFindings(rule).map(({ text, line, column }) => [text, line, column - 1]);
    assert.equal(warns.warnings.map(({ text, location }) => [text, location.line, location.column]).sort(), expected.sort(), rule);
    const clean = await esbuildOf(`lint-${rule}-clean.ts`, lintSource(rule, "clean"));
    assert.equal(clean.warnings, [], `${rule}: clean`);
  }
});

test("lint: every rule's fixture through Rollup gives its golden's warnings, each placed; its clean twin none", async () => {
  const { rollup } = await import("rollup");
  const esbuild = (await import("rollup-plugin-esbuild")).default;
  const schemaof = (await import("@schemaof/unplugin/rollup")).default;
  const input = {};
  for (const rule of lintRules()) {
    for (const which of ["warns", "clean"]) {
      const file = join(app, "src", `rollup-lint-${rule}-${which}.ts`);
      writeFileSync(file, lintSource(rule, which));
      input[`${rule}-${which}`] = file;
    }
  }
  const warnings = [];
  // One build of every fixture, each an entry: the plugin warns module by module.
  await rollup({
    input,
    external: [/^@schemaof\//],
    plugins: [schemaof({ tsconfig: join(app, "tsconfig.json") }), esbuild({ target: "es2022" })],
    onwarn: (warning) => warnings.push(warning),
  });
  for (const rule of lintRules()) {
    const found = warnings.filter((warning) => warning.id === input[`${rule}-warns`] || warning.loc?.file === input[`${rule}-warns`]);
    assert.equal(
      found.map(({ pluginCode, loc }) => [pluginCode, loc?.line, loc?.column]).sort(),
      lintFindings(rule)
        .map(({ code, line, column }) => [`TS${code}`, line, column - 1])
        .sort(),
      rule,
    );
    for (const { text } of lintFindings(rule))
      assert.ok(
        found.some((warning) => warning.message.includes(text)),
        `${rule}: ${text}`,
      );
    const clean = warnings.filter((warning) => warning.id === input[`${rule}-clean`] || warning.loc?.file === input[`${rule}-clean`]);
    assert.equal(clean, [], `${rule}: clean`);
  }
  assert.ok(
    warnings.every((warning) => warning.pluginCode?.startsWith("TS991")),
    JSON.stringify(warnings.map((w) => w.message)),
  );
});

test("lint: a tool's warnings are the bundler's warnings (esbuild, Rollup) and it builds; a rule set to error fails the build", async () => {
  const text = readFileSync(join(here, "lint", "free-string", "warns.ts"), "utf8");
  // The golden's diagnostics, each its message (headline and lines) at line 12, column 28.
  const golden = readFileSync(join(here, "lint", "free-string", "warns.txt"), "utf8")
    .trimEnd()
    .split(/\n(?=\S)/);
  const expected = golden.map((block) => block.replace(/^warns\.ts\(12,28\): warning TS\d+: /, ""));
  const built = await esbuildOf("lint.ts", text);
  assert.is(built.error, undefined);
  assert.match(built.code, /inputSchema/);
  // esbuild sorts its messages by place, then text.
  assert.equal(built.warnings.map(({ text, location }) => [text, location.line, location.column]).sort(), expected.map((message) => [message, 12, 27]).sort());
  const { rollup } = await import("rollup");
  const esbuild = (await import("rollup-plugin-esbuild")).default;
  const schemaof = (await import("@schemaof/unplugin/rollup")).default;
  const warnings = [];
  await rollup({
    input: join(app, "src", "lint.ts"),
    external: [/^@schemaof\//],
    plugins: [schemaof({ tsconfig: join(app, "tsconfig.json") }), esbuild({ target: "es2022" })],
    onwarn: (warning) => warnings.push(warning),
  });
  assert.equal(
    warnings.map(({ code, pluginCode, loc }) => [pluginCode ?? code, loc?.line]),
    [
      ["TS99103", 12],
      ["TS99104", 12],
    ],
  );
  assert.ok(
    warnings.every((warning, i) => warning.message.includes(expected[i])),
    JSON.stringify(warnings.map((warning) => warning.message)),
  );
  const failed = await esbuildOf("lint.ts", text, { lint: { "free-string": "error" } });
  assert.ok(failed.error, "the build fails");
  assert.match(String(failed.error.message), /error TS99103: Tool 'addNote' has a string parameter/);
});

test("lint: a tool's warnings are webpack's and rspack's warnings, and it builds", async () => {
  writeFileSync(join(app, "src", "packLint.ts"), lintSource("free-string", "warns"));
  for (const name of ["webpack 5", "rspack"]) {
    const warnings = await packWarnings(name, app, "packLint");
    for (const { code, text } of lintFindings("free-string")) {
      const headline = text.split("\n")[0];
      assert.ok(
        warnings.some((warning) => warning.includes(`TS${code}`) || warning.includes(headline)),
        `${name}: ${headline}\n${warnings.join("\n")}`,
      );
    }
  }
});

test("bad input: a call in a JavaScript module is a warning naming the file", async () => {
  const { warnings, error } = await esbuildOf("plain.js", `import { schemaOf } from "@schemaof/runtime";\nexport const schema = schemaOf();\n`);
  assert.is(error, undefined);
  assert.is(warnings.length, 1);
  assert.match(warnings[0].text, /plain\.js: a call of @schemaof\/runtime in a JavaScript module cannot name its type/);
});

test("bad input: the plugin after one that compiles TypeScript (Rollup's order is the list's) fails with the order that works", async () => {
  const { rollup } = await import("rollup");
  const esbuild = (await import("rollup-plugin-esbuild")).default;
  const schemaof = (await import("@schemaof/unplugin/rollup")).default;
  writeFileSync(join(app, "src", "late.ts"), `import { schemaOf } from "@schemaof/runtime";\nexport const schema = schemaOf<{ a: string }>();\n`);
  let error;
  await rollup({
    input: join(app, "src", "late.ts"),
    external: [/^@schemaof/],
    onwarn: () => undefined,
    plugins: [esbuild({ target: "es2022" }), schemaof({ tsconfig: join(app, "tsconfig.json") })],
  }).catch((caught) => (error = caught));
  assert.ok(error, "the build fails");
  assert.match(error.message, /late\.ts: error TS99013: another plugin compiled this module to JavaScript before schemaof saw it.*run schemaof's plugin first/);
});

test.run();
