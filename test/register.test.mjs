// `node --import @schemaof/transformer/register --import tsx`: our calls rewritten in TypeScript
// modules before tsx compiles them, for ECMAScript modules and for CommonJS, on TypeScript 5.9 in
// process and 7.0 through its API; a File in a type fails the run with TS99001 and its path; the
// loader registered after tsx refuses with the order that works; a run ends when its program does.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { lintFindings, lintRules, lintSource } from "./lib/lintFixtures.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const register = pathToFileURL(require.resolve("@schemaof/transformer/register")).href;
const tsx = pathToFileURL(require.resolve("tsx")).href;

const types = `/** What to look for. */\nexport interface SearchInput {\n  /** The words. @minLength 1 */\n  query: string;\n  limit?: number;\n}\n`;
const main = (importTypes) =>
  `import { schemaOf, validateArgs } from "@schemaof/runtime";\n${importTypes}\n\n` +
  `const issues = validateArgs<SearchInput>({ query: "" }).issues;\nconsole.log(JSON.stringify({ schema: schemaOf<SearchInput>(), issues }));\n`;

/** A project: `type` is its package.json's, `typescript` the test's package that serves as its TypeScript. */
function project(name, { type, typescript = "typescript", files }) {
  const dir = join(here, ".tmp", "register", name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "src"), { recursive: true });
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(join(here, "node_modules", typescript), join(dir, "node_modules", "typescript"), "dir");
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, private: true, type }));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { target: "es2022", module: "nodenext", moduleResolution: "nodenext", strict: true, skipLibCheck: true, types: [] },
      include: ["src"],
    }),
  );
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, "src", file), text);
  return dir;
}

const run = (dir, imports, entry = "src/main.ts") =>
  spawnSync(process.execPath, [...imports.flatMap((specifier) => ["--import", specifier]), entry], { cwd: dir, encoding: "utf8", timeout: 60_000 });

function assertSearchSchema(result) {
  assert.is(result.status, 0, result.stderr);
  const { schema, issues } = JSON.parse(result.stdout);
  assert.equal(schema, {
    type: "object",
    properties: { query: { type: "string", minLength: 1, description: "The words." }, limit: { type: "number" } },
    required: ["query"],
    description: "What to look for.",
  });
  assert.equal(
    issues.map((issue) => issue.pointer),
    ["/query"],
  );
}

for (const [label, typescript] of [
  ["TypeScript 5.9", "typescript"],
  ["TypeScript 7.0", "typescript7"],
]) {
  test(`ECMAScript modules through tsx, ${label}`, () => {
    const dir = project(`esm-${typescript}`, {
      type: "module",
      typescript,
      files: { "types.ts": types, "main.ts": main(`import type { SearchInput } from "./types.js";`) },
    });
    assertSearchSchema(run(dir, [register, tsx]));
  });

  test(`CommonJS through tsx, required module by module, ${label}`, () => {
    const dir = project(`cjs-${typescript}`, {
      type: "commonjs",
      typescript,
      files: { "types.ts": types, "tool.ts": main(`import type { SearchInput } from "./types";`), "main.ts": `require("./tool");\n` },
    });
    assertSearchSchema(run(dir, [register, tsx]));
  });
}

test("lint: a tool's warnings are printed on stderr and the module runs; a rule set to error stops it", () => {
  const tool = readFileSync(join(here, "lint", "tool-description", "warns.ts"), "utf8");
  const files = { "main.ts": `${tool}console.log(JSON.stringify(tool.name));\n` };
  const warned = run(project("lint-warn", { type: "module", files }), [register, tsx]);
  assert.is(warned.status, 0, warned.stderr);
  assert.is(warned.stdout.trim(), '"findBooks"');
  assert.match(warned.stderr, /src\/main\.ts\(8,28\): warning TS99101: Tool 'findBooks' has no description/);
  const dir = project("lint-error", { type: "module", files });
  const config = join(dir, "tsconfig.json");
  const tsconfig = JSON.parse(readFileSync(config, "utf8"));
  tsconfig.compilerOptions.plugins = [{ transform: "@schemaof/transformer", lint: { "tool-description": "error" } }];
  writeFileSync(config, JSON.stringify(tsconfig));
  const stopped = run(dir, [register, tsx]);
  assert.is.not(stopped.status, 0);
  assert.match(stopped.stderr, /error TS99101: Tool 'findBooks' has no description/);
  assert.is(stopped.stdout, "");
});

test("lint: every rule's fixture run through tsx prints its golden's warnings on stderr; its clean twin none", () => {
  const files = {};
  for (const rule of lintRules()) for (const which of ["warns", "clean"]) files[`${rule}-${which}.ts`] = lintSource(rule, which);
  files["main.ts"] = Object.keys(files)
    .map((file) => `import "./${file.replace(/\.ts$/, ".js")}";\n`)
    .join("");
  const result = run(project("lint-all", { type: "module", files }), [register, tsx]);
  assert.is(result.status, 0, result.stderr);
  // The loader prints each module's findings in tsc's format, a block a finding.
  const blocks = result.stderr.trimEnd().split(/\n(?=\S)/);
  for (const rule of lintRules()) {
    const expected = lintFindings(rule).map(({ line, column, code, text }) => `src/${rule}-warns.ts(${line},${column}): warning TS${code}: ${text}`);
    assert.equal(blocks.filter((block) => block.startsWith(`src/${rule}-warns.ts(`)).sort(), expected.sort(), rule);
    assert.not.ok(result.stderr.includes(`src/${rule}-clean.ts(`), `${rule}: clean`);
  }
  assert.ok(
    blocks.every((block) => /^src\/[a-z-]+-warns\.ts\(\d+,\d+\): warning TS991\d\d: /.test(block)),
    result.stderr,
  );
});

test("a File in a type fails the run with TS99001, its path and its remedy, and no stack from inside schemaof", () => {
  const dir = project("file", {
    type: "module",
    files: { "main.ts": `import { schemaOf } from "@schemaof/runtime";\n\nconsole.log(schemaOf<{ title: string; upload: File }>());\n` },
  });
  const result = run(dir, [register, tsx]);
  assert.is.not(result.status, 0);
  assert.match(result.stderr, /src\/main\.ts\(3,22\): error TS99001: .* holds values that JSON tool arguments cannot carry\./);
  assert.match(result.stderr, /upload: 'File': a file upload cannot travel in JSON tool arguments/);
  assert.not.match(result.stderr, /at .*register-hooks|at .*source\.js/);
});

test("registered after tsx, the loader refuses with the order that works", () => {
  const dir = project("order", { type: "module", files: { "types.ts": types, "main.ts": main(`import type { SearchInput } from "./types.js";`) } });
  const result = run(dir, [tsx, register]);
  assert.is.not(result.status, 0);
  assert.match(result.stderr, /already compiled by another loader.*node --import @schemaof\/transformer\/register --import tsx/);
});

test("a run with no call of ours, and no tsconfig anywhere, runs as tsx runs it", () => {
  const dir = project("no-tsconfig", { type: "module", files: { "main.ts": "const n: number = 2;\nprocess.stdout.write(String(n * 21));\n" } });
  rmSync(join(dir, "tsconfig.json"));
  const result = run(dir, [register, tsx]);
  assert.is(result.status, 0, result.stderr);
  assert.is(result.stdout, "42");
});

test("a call of ours with no tsconfig anywhere says to add one", () => {
  const dir = project("no-tsconfig-call", { type: "module", files: { "types.ts": types, "main.ts": main(`import type { SearchInput } from "./types.js";`) } });
  rmSync(join(dir, "tsconfig.json"));
  const result = run(dir, [register, tsx]);
  assert.is.not(result.status, 0);
  assert.match(
    result.stderr,
    /main\.ts calls schemaof, which reads its types through the project's tsconfig\.json, and there is none in its folder or above it; add one/,
  );
});

test("a module with no call of ours starts no checker", () => {
  const dir = project("none", { type: "module", files: { "main.ts": "const n: number = 2;\nprocess.stdout.write(String(n * 21));\n" } });
  // A checker would have to read this tsconfig, and could not.
  writeFileSync(join(dir, "tsconfig.json"), "{ not json");
  const result = run(dir, [register, tsx]);
  assert.is(result.status, 0, `status ${result.status}, signal ${result.signal}: ${result.stderr}`);
  assert.is(result.stdout, "42");
});

test.run();
