// `schemaof build`, `schemaof check` and `--watch`, as a user runs them: on TypeScript 7 (its own
// tsc emits, schemaof edits) and on 5.9 (the compiler API with the transformer). Outputs, source
// maps and declarations as tsc's; exit codes as tsc's; bad input told plainly; and no schema left
// stale by --watch or an incremental build when a declaration changes in another file.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { TraceMap, originalPositionFor } from "@jridgewell/trace-mapping";
import { constantsOf } from "./lib/compile.mjs";

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const { main } = require("@schemaof/transformer/cli");
const packageDir = (name) => dirname(require.resolve(`${name}/package.json`));
const TS = { "7.0": packageDir("typescript7"), 7.1: packageDir("typescript71"), 5.9: packageDir("typescript") };

/** A project folder with its own `typescript` (a link to one of the test package's). */
function project(typescript, files, compilerOptions = {}, type = "commonjs") {
  mkdirSync(join(here, ".tmp"), { recursive: true });
  const dir = mkdtempSync(join(here, ".tmp", "build-"));
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(typescript, join(dir, "node_modules", "typescript"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type }));
  const options = { target: "es2022", module: "nodenext", strict: true, outDir: "dist", rootDir: "src", skipLibCheck: true, types: [], ...compilerOptions };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: options, include: ["src"] }));
  write(dir, files);
  return dir;
}

function write(dir, files) {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, "src", name)), { recursive: true });
    writeFileSync(join(dir, "src", name), text);
  }
}

/** `schemaof <args>` in a folder, in process: its exit code and what it printed. */
async function run(dir, ...args) {
  let out = "";
  const code = await main(args, dir, { out: (text) => (out += text), error: (text) => (out += text) });
  return { code, out };
}

const read = (dir, file) => readFileSync(join(dir, file), "utf8");
const loadJs = (dir, file) => {
  const path = join(dir, file);
  delete require.cache[path];
  return require(path);
};

const TOOLS = {
  "tools.ts": `export type Units = "kelvin" | "metric";
/** Current weather for a city. */
export function getWeather(city: string, units: Units = "kelvin") {
  return { city, units };
}
`,
  "types.ts": `export interface Query {
  text: string;
}
`,
  "wtool.ts": `import { schemaOf, toolOf } from "@schemaof/runtime";
import { getWeather } from "./tools";
import type { Query } from "./types";
export const tool = toolOf(getWeather);
export const query = schemaOf<Query>();
`,
};

for (const version of ["7.0", "5.9"]) {
  test(`TypeScript ${version}: the built project runs, its declarations are tsc's, its maps point at the source lines`, async () => {
    const dir = project(TS[version], TOOLS, { declaration: true, sourceMap: true });
    write(dir, {
      "fails.ts": `import { schemaOf } from "@schemaof/runtime";
export const schema = schemaOf<{ q: string }>();

export function fail(): never {
  // a line after the rewritten call: its position must still map here
  throw new Error("boom");
}
`,
    });
    const built = await run(dir, "build");
    assert.is(built.code, 0, built.out);
    assert.is(loadJs(dir, "dist/wtool.js").tool.inputSchema.properties.units.default, "kelvin");
    assert.equal(loadJs(dir, "dist/fails.js").schema, { type: "object", properties: { q: { type: "string" } }, required: ["q"] });

    const plain = spawnSync(process.execPath, [join(TS[version], "bin", "tsc"), "-p", ".", "--outDir", "dist-plain"], { cwd: dir, encoding: "utf8" });
    assert.is(plain.status, 0, plain.stdout);
    for (const file of readdirSync(join(dir, "dist")).filter((f) => f.endsWith(".d.ts"))) {
      assert.is(read(dir, `dist/${file}`), read(dir, `dist-plain/${file}`), `${file} as tsc writes it`);
    }

    const js = read(dir, "dist/fails.js");
    const map = new TraceMap(read(dir, "dist/fails.js.map"));
    const at = (text) => {
      const offset = js.indexOf(text);
      const before = js.slice(0, offset).split("\n");
      return originalPositionFor(map, { line: before.length, column: before[before.length - 1].length });
    };
    assert.is(at("throw").line, 6, "the throw after the rewritten call");
    assert.is(at("schema_1;").line, 2, "the rewritten call itself");
    assert.ok(js.endsWith("//# sourceMappingURL=fails.js.map\n") || js.endsWith("//# sourceMappingURL=fails.js.map"), "the map comment is kept");
  });

  test(`TypeScript ${version}: exit codes as tsc's; check prints the diagnostics alone`, async () => {
    const dir = project(TS[version], { "ok.ts": `export const n: number = 1;\n` });
    assert.equal(await run(dir, "check"), { code: 0, out: "" });
    assert.not.ok(existsSync(join(dir, "dist")), "check writes nothing");

    write(dir, { "typed.ts": `export const n: number = "one";\n` });
    let result = await run(dir, "build");
    assert.is(result.code, 2, result.out);
    assert.match(result.out, /src\/typed\.ts\(1,14\): error TS2322:/);

    write(dir, {
      "typed.ts": `export const n: number = 1;\n`,
      "upload.ts": `import { schemaOf } from "@schemaof/runtime";\nexport const s = schemaOf<{ file: File }>();\n`,
    });
    result = await run(dir, "build");
    assert.is(result.code, 2, result.out);
    assert.match(
      result.out,
      /src\/upload\.ts\(2,27\): error TS99001: '\{ file: File \}' holds values that JSON tool arguments cannot carry\.\n  file: 'File': a file upload/,
    );
    assert.not.match(result.out, /\n\s+at /, "no stack trace");

    result = await run(dir, "check");
    assert.is(result.code, 1, result.out);
    assert.match(result.out, /error TS99001/);
  });

  test(`TypeScript ${version}: with noEmitOnError, an error of ours writes nothing`, async () => {
    const dir = project(
      TS[version],
      { "upload.ts": `import { schemaOf } from "@schemaof/runtime";\nexport const s = schemaOf<{ file: Blob }>();\n` },
      { noEmitOnError: true },
    );
    const result = await run(dir, "build");
    assert.is(result.code, 1, result.out);
    assert.match(result.out, /error TS99001/);
    assert.not.ok(existsSync(join(dir, "dist", "upload.js")), "no output");
  });
}

for (const version of ["7.0", "5.9"]) {
  test(`TypeScript ${version}: the projects a tsconfig references are built first, as tsc -b builds them`, async () => {
    const root = project(TS[version], {});
    const options = { target: "es2022", module: "nodenext", strict: true, outDir: "dist", rootDir: "src", skipLibCheck: true, types: [] };
    for (const [name, config, files] of [
      [
        "lib",
        { compilerOptions: { ...options, composite: true } },
        {
          "tools.ts": `/**
 * Current weather for a city.
 * @param city The city, in English.
 */
export function getWeather(city: string, units: "kelvin" | "metric" = "kelvin") {
  return { city, units };
}
`,
          "search.ts": `import { schemaOf } from "@schemaof/runtime";\nexport const schema = schemaOf<{ words: string }>();\n`,
        },
      ],
      [
        "app",
        { compilerOptions: options, references: [{ path: "../lib" }] },
        {
          "main.ts": `import { toolOf } from "@schemaof/runtime";\nimport { getWeather } from "../../lib/dist/tools.js";\nexport const tool = toolOf(getWeather);\n`,
        },
      ],
    ]) {
      mkdirSync(join(root, name, "src"), { recursive: true });
      writeFileSync(join(root, name, "tsconfig.json"), JSON.stringify({ ...config, include: ["src"] }));
      for (const [file, text] of Object.entries(files)) writeFileSync(join(root, name, "src", file), text);
    }
    const result = await run(root, "build", "-p", "app");
    assert.is(result.code, 0, result.out);
    assert.equal(loadJs(root, "lib/dist/search.js").schema.required, ["words"], "the referenced project is built, its calls rewritten");
    const { tool } = loadJs(root, "app/dist/main.js");
    assert.is(tool.description, "Current weather for a city.");
    // Through a reference the compiler reads the other project's declarations, which keep JSDoc but no default.
    assert.equal(tool.inputSchema.properties.city, { type: "string", description: "The city, in English." });

    writeFileSync(
      join(root, "lib", "tsconfig.json"),
      JSON.stringify({ compilerOptions: { ...options, composite: true }, references: [{ path: "../app" }], include: ["src"] }),
    );
    const cycle = await run(root, "build", "-p", "app");
    assert.is(cycle.code, 1);
    assert.match(cycle.out, /error TS6202: Project references may not form a circular graph\./);
  });
}

const CORNERS = {
  "reexport.ts": `export { schemaOf as describe } from "@schemaof/runtime";\n`,
  "only-alias.ts": `import { describe } from "./reexport";\nexport const described = describe<{ x: string }>();\n`,
  "page.ts": `export interface Page<T> { sort: T }\n`,
  "first.ts": `import { schemaOf } from "@schemaof/runtime";\nimport type { Page } from "./page";\nexport const page = schemaOf<Page<"z" | "b" | "a">>();\n`,
  "second.ts": `import { schemaOf } from "@schemaof/runtime";\nimport type { Page } from "./page";\nexport const page = schemaOf<Page<"a" | "b" | "z">>();\n`,
  "nested.ts": `import { schemaOf, mapArgs } from "@schemaof/runtime";\nexport const run = () => mapArgs<{ kind: string }>(schemaOf<{ q: number }>());\n`,
  "tool.ts": `import { toolOf } from "@schemaof/runtime";
export const early: "hardcover" | "paperback" = "paperback";
/** Orders a book. */
export function orderBook(title: string, binding: "paperback" | "hardcover" = "paperback") {
  return { title, binding };
}
export const service: { search?: (q: string) => string[] } | undefined = { search: (q) => [q] };
export const tool = toolOf(orderBook);
export const maybe = toolOf(service?.search!, { name: "search" });
`,
};

test("corners, the same on TypeScript 7.0 and 5.9: a re-exported alias alone, one generic written in two orders, a call in a call, ?. lowered, a tool's result", async () => {
  const built = [];
  for (const version of ["7.0", "5.9"]) {
    const dir = project(TS[version], CORNERS, { target: "es2019" });
    const result = await run(dir, "build");
    assert.is(result.code, 0, result.out);
    built.push(dir);
    assert.equal(loadJs(dir, "dist/only-alias.js").described.required, ["x"], `${version}: found through a module re-exporting it under another name`);
    assert.equal(loadJs(dir, "dist/first.js").page.properties.sort.enum, ["z", "b", "a"], version);
    assert.equal(loadJs(dir, "dist/second.js").page.properties.sort.enum, ["a", "b", "z"], `${version}: the same type written in another order keeps its own`);
    assert.throws(() => loadJs(dir, "dist/nested.js").run(), /Invalid arguments:\n- \/kind required/, `${version}: the outer call keeps its plan`);
    const { tool, maybe } = loadJs(dir, "dist/tool.js");
    assert.equal(tool.outputSchema.properties.binding.enum, ["paperback", "hardcover"], `${version}: the result's union in the parameter's order`);
    assert.is(maybe.name, "search");
  }
  for (const file of Object.keys(CORNERS).map((name) => name.replace(/\.ts$/, ".js"))) {
    assert.equal(constantsOf(read(built[0], `dist/${file}`)), constantsOf(read(built[1], `dist/${file}`)), `${file}: the same constants`);
  }
});

test("TypeScript 7.0: maps where mapRoot and sourceRoot say they are served from; a BOM before the tsconfig", async () => {
  const dir = project(
    TS["7.0"],
    {
      "a/index.ts": `import { schemaOf } from "@schemaof/runtime";\nexport const schema = schemaOf<{ a: string }>();\n`,
      "0/a/index.ts": `import { schemaOf } from "@schemaof/runtime";\nexport const schema = schemaOf<{ b: number }>();\n`,
    },
    { sourceMap: true, mapRoot: "https://cdn.example.com/maps/", sourceRoot: "https://example.com/src/" },
  );
  let result = await run(dir, "build");
  assert.is(result.code, 0, result.out);
  assert.equal(Object.keys(loadJs(dir, "dist/a/index.js").schema.properties), ["a"]);
  assert.equal(Object.keys(loadJs(dir, "dist/0/a/index.js").schema.properties), ["b"]);
  assert.match(read(dir, "dist/a/index.js"), /\/\/# sourceMappingURL=https:\/\/cdn\.example\.com\/maps\//);

  const declarations = project(TS["7.0"], TOOLS, { declaration: true, declarationMap: true, mapRoot: "../maps" });
  result = await run(declarations, "build");
  assert.is(result.code, 0, `mapRoot without sourceMap, as tsc takes it: ${result.out}`);
  assert.match(read(declarations, "dist/wtool.js"), /schema_1/);

  const bom = project(TS["7.0"], TOOLS);
  const config = JSON.parse(read(bom, "tsconfig.json"));
  config.compilerOptions.plugins = [{ transform: "@schemaof/transformer", additionalProperties: false }];
  writeFileSync(join(bom, "tsconfig.json"), "\uFEFF" + JSON.stringify(config));
  assert.is((await run(bom, "build")).code, 0);
  assert.is(loadJs(bom, "dist/wtool.js").query.additionalProperties, false, "the plugin entry is read");
});

test("TypeScript 7.0: check on an incremental project writes nothing; the first incremental build leaves tsc's build info", async () => {
  const dir = project(TS["7.0"], TOOLS, { incremental: true });
  assert.is((await run(dir, "build")).code, 0);
  assert.ok(existsSync(join(dir, "tsconfig.tsbuildinfo")), "tsc's own build info, where tsc keeps it");
  const before = read(dir, "dist/wtool.js");
  write(dir, { "types.ts": TOOLS["types.ts"].replace("text: string;", "/** Words. */\n  text: string;") });
  const checked = await run(dir, "check");
  assert.is(checked.code, 0, checked.out);
  assert.is(read(dir, "dist/wtool.js"), before, "check wrote nothing");
  write(dir, { "upload.ts": `import { schemaOf } from "@schemaof/runtime";\nexport const s = schemaOf<{ f: File }>();\n` });
  assert.is((await run(dir, "check")).code, 1, "an error under check exits 1, as tsc --noEmit");
});

test("TypeScript 7.0: no maps unless the tsconfig asks; inline maps when it does", async () => {
  const dir = project(TS["7.0"], { ...TOOLS, "plain.ts": `export const plain = 1;\n` });
  assert.is((await run(dir, "build")).code, 0);
  assert.equal(
    readdirSync(join(dir, "dist")).filter((file) => file.endsWith(".map")),
    [],
    "no map files",
  );
  for (const file of ["wtool.js", "plain.js"]) assert.not.match(read(dir, `dist/${file}`), /sourceMappingURL/, `${file} names no map`);

  const inline = project(TS["7.0"], TOOLS, { inlineSourceMap: true });
  assert.is((await run(inline, "build")).code, 0);
  const js = read(inline, "dist/wtool.js");
  const url = /\/\/# sourceMappingURL=data:application\/json;base64,(\S+)\s*$/.exec(js);
  assert.ok(url, "an inline map");
  const map = JSON.parse(Buffer.from(url[1], "base64").toString("utf8"));
  assert.equal(map.sources, ["../src/wtool.ts"]);
  assert.is(loadJs(inline, "dist/wtool.js").query.properties.text.type, "string");
});

test("bad input: a clear message and tsc's exit code, never a stack trace", async () => {
  const dir = project(TS["7.0"], TOOLS);
  let result = await run(dir, "build", "-p", "nowhere.json");
  assert.equal(result, { code: 1, out: "error TS5058: The specified path does not exist: 'nowhere.json'.\n" });

  writeFileSync(join(dir, "broken.json"), `{ "compilerOptions": { "strict": true, }, "include": ["src"`);
  result = await run(dir, "build", "-p", "broken.json");
  assert.match(result.out, /broken\.json\(\d+,\d+\): error TS1005: '\]' expected\./, "tsc's own words");
  assert.is.not(result.code, 0);

  write(dir, { "syntax.ts": `export const x = ;\n` });
  result = await run(dir, "build");
  assert.is(result.code, 2);
  assert.match(result.out, /src\/syntax\.ts\(1,18\): error TS1109: Expression expected\./);
  assert.is(loadJs(dir, "dist/wtool.js").query.type, "object", "the other files are still built");

  // A syntax error where tsc's JavaScript no longer parses (a stray `/` starts a regular expression):
  // its calls are left as written and said so at the first, the rest is built, nothing crashes.
  write(dir, { "syntax.ts": `import { schemaOf } from "@schemaof/runtime";\nexport const s = schemaOf<{ a: string }>();\n/** x *//\n` });
  result = await run(dir, "build");
  assert.is(result.code, 2);
  assert.match(result.out, /src\/syntax\.ts\(3,\d+\): error TS\d+: Unterminated regular expression literal\./);
  assert.match(
    result.out,
    /src\/syntax\.ts\(2,18\): error TS99013: .*\n  the JavaScript tsc emitted \(syntax\.js\) does not parse \(.*\), so the calls in it were left as written/,
  );
  assert.not.match(result.out, /schemaof failed/);
  assert.is(loadJs(dir, "dist/wtool.js").query.type, "object");
  rmSync(join(dir, "src", "syntax.ts"));

  result = await run(dir, "frobnicate");
  assert.is(result.code, 1);
  assert.match(result.out, /unknown command 'frobnicate'/);
  assert.match(result.out, /Usage: schemaof build/);
  result = await run(dir, "build", "--fast");
  assert.match(result.out, /unknown option '--fast'/);
});

test("bad input: a TypeScript schemaof cannot build with is named, with what to do", async () => {
  const fake = (version, exports) => {
    const dir = mkdtempSync(join(here, ".tmp", "fake-ts-"));
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "typescript", version, ...(exports ? { exports } : {}) }));
    return dir;
  };
  let result = await run(project(fake("4.9.5"), TOOLS), "build");
  assert.is(result.code, 1);
  assert.match(result.out, /schemaof builds with TypeScript 5, 6 and 7; this project has TypeScript 4\.9\.5/);
  result = await run(project(fake("7.9.0", { "./next/api": "./x.js" }), TOOLS), "build");
  assert.is(result.code, 1);
  assert.match(result.out, /TypeScript 7\.9\.0 .* has no API that schemaof knows .* install typescript@7\.0 or 7\.1, or report the version/);
  assert.not.match(result.out, /\n\s+at /);

  // Outside the workspace, where no node_modules above has a TypeScript.
  const bare = mkdtempSync(join(tmpdir(), "schemaof-bare-"));
  try {
    writeFileSync(join(bare, "tsconfig.json"), "{}");
    result = await run(bare, "build");
    assert.is(result.code, 1);
    assert.match(result.out, /no 'typescript' package is installed for '.*'; install it: npm i -D typescript/);
  } finally {
    rmSync(bare, { recursive: true, force: true });
  }
});

test("TypeScript 7.0: a crash of tsc is reported as one, and what it wrote is taken away", async () => {
  const dir = project(TS["7.0"], TOOLS);
  const crashing = join(dir, "crashing-tsc.sh");
  writeFileSync(crashing, `#!/bin/sh\nmkdir -p "${dir}/dist"\necho half > "${dir}/dist/wtool.js"\necho "TSFILE: ${dir}/dist/wtool.js"\nkill -SEGV $$\n`);
  chmodSync(crashing, 0o755);
  process.env.SCHEMAOF_TSC = crashing;
  let result;
  try {
    result = await run(dir, "build");
  } finally {
    delete process.env.SCHEMAOF_TSC;
  }
  assert.is(result.code, 1);
  assert.match(result.out, /error: TypeScript 7\.0\.2's compiler \(tsc\) failed: it was stopped by SIGSEGV\nNothing it wrote was kept/);
  assert.not.ok(existsSync(join(dir, "dist", "wtool.js")), "the half-written output is gone");
});

/** Waits until `check` holds (a rebuild under --watch is asynchronous), up to 20 s. */
async function until(check, what) {
  for (let waited = 0; waited < 20000; waited += 50) {
    try {
      if (check()) return;
    } catch {
      // not written yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.unreachable(`timed out waiting for ${what}`);
}

for (const version of ["7.0", "7.1", "5.9"]) {
  test(`TypeScript ${version}: --watch rebuilds the schemas an edit in an imported file changes, a default included`, async () => {
    const dir = project(TS[version], TOOLS);
    const controller = new AbortController();
    let out = "";
    const watching = main(["build", "--watch"], dir, { out: (text) => (out += text), error: (text) => (out += text) }, controller.signal);
    try {
      const wtool = () => read(dir, "dist/wtool.js");
      await until(() => /Watching for file changes/.test(out) && wtool().includes('default:"kelvin"'), "the first build");
      write(dir, { "types.ts": TOOLS["types.ts"].replace("text: string;", "text: string;\n  page?: number;") });
      await until(() => wtool().includes('page:{type:"number"}'), "the edited type in wtool.js");
      write(dir, { "tools.ts": TOOLS["tools.ts"].replace('units: Units = "kelvin"', 'units: Units = "metric"') });
      await until(() => wtool().includes('default:"metric"'), "the new default in wtool.js");
      // As editors save: a new file renamed over the old one, twice (the second save must be seen too).
      for (const units of ["celsius", "fahrenheit"]) {
        writeFileSync(join(dir, "src", "tools.ts.tmp"), TOOLS["tools.ts"].replaceAll("kelvin", units));
        renameSync(join(dir, "src", "tools.ts.tmp"), join(dir, "src", "tools.ts"));
        await until(() => wtool().includes(`default:"${units}"`), `the ${units} default, saved by replacing the file`);
      }
      // A file in a folder that did not exist.
      write(dir, { "deep/er/new.ts": `import { schemaOf } from "@schemaof/runtime";\nexport const fresh = schemaOf<{ fresh: boolean }>();\n` });
      await until(() => read(dir, "dist/deep/er/new.js").includes("schema_1"), "the new folder's file, rewritten");
      assert.match(out, /Starting compilation in watch mode\.\.\./);
      assert.match(out, /File change detected\. Starting incremental compilation\.\.\./);
      assert.match(out, /Found 0 errors\. Watching for file changes\./);
    } finally {
      controller.abort();
      assert.is(await watching, 0);
    }
  });

  test(`TypeScript ${version}: an incremental build rebuilds a schema whose imported default changed`, async () => {
    const dir = project(TS[version], TOOLS, { incremental: true });
    assert.is((await run(dir, "build")).code, 0);
    assert.match(read(dir, "dist/wtool.js"), /default:"kelvin"/);
    write(dir, { "tools.ts": TOOLS["tools.ts"].replace('units: Units = "kelvin"', 'units: Units = "metric"') });
    assert.is((await run(dir, "build")).code, 0);
    assert.match(read(dir, "dist/wtool.js"), /default:"metric"/);
  });
}

// An edit whose JavaScript is known without tsc (a type's, a comment's: cli/sourceEdit) has its
// schemas written before tsc starts; any other edit waits for tsc. Seen by a tsc that, as it starts,
// notes what the output holds then.
const DESCRIBED = {
  ...TOOLS,
  "tools.ts": `export type Units = "kelvin" | "metric";
/**
 * Current weather for a city.
 */
export function getWeather(city: string, units: Units = "kelvin") {
  return { city, units };
}
`,
  // A method's one-line JSDoc in the file with the calls: its JavaScript and map (the comment's end moves) are foretold too.
  "wtool.ts": `${TOOLS["wtool.ts"]}export class Catalogue {
  /** Searches the catalogue. */
  search(words: string): string[] {
    return [words];
  }
}
export const search = toolOf(new Catalogue().search);
`,
};
for (const version of ["7.0", "7.1"]) {
  test(`TypeScript ${version}: under --watch, an edit of a type or a description is written before tsc runs, and tsc's output agrees`, async () => {
    const dir = project(TS[version], DESCRIBED, { sourceMap: true });
    const noting = join(dir, "noting-tsc.sh");
    const notes = join(dir, "notes.txt");
    writeFileSync(
      noting,
      `#!/bin/sh\n{ echo '--- tsc starts'; cat '${dir}/dist/wtool.js'; echo '--- map'; cat '${dir}/dist/wtool.js.map'; } >> '${notes}' 2>/dev/null\nexec '${process.execPath}' '${join(TS[version], "bin", "tsc")}' "$@"\n`,
    );
    chmodSync(noting, 0o755);
    const atTscStart = () => read(dir, "notes.txt").split("--- tsc starts").at(-1);
    process.env.SCHEMAOF_TSC = noting;
    const controller = new AbortController();
    let out = "";
    const watching = main(["build", "--watch"], dir, { out: (text) => (out += text), error: (text) => (out += text) }, controller.signal);
    const rebuilt = async (count, what) => until(() => (out.match(/Watching for file changes/g) ?? []).length === count, what);
    try {
      await rebuilt(1, "the first build");
      const steps = [
        ["types.ts", "text: string;", "/** Words to look for. */ text: string;", 'description:"Words to look for."', true],
        ["tools.ts", "Current weather for a city.", "Current weather for a town.", '"Current weather for a town."', true],
        ["wtool.ts", "Searches the catalogue.", "Searches the whole catalogue.", "/** Searches the whole catalogue. */", true],
        ["tools.ts", 'units: Units = "kelvin"', 'units: Units = "metric"', 'default:"metric"', false],
      ];
      for (const [i, [file, from, to, expected, ahead]] of steps.entries()) {
        write(dir, { [file]: read(dir, `src/${file}`).replace(from, to) });
        await rebuilt(i + 2, `the rebuild after editing ${file}`);
        assert.ok(read(dir, "dist/wtool.js").includes(expected), `${expected} in the rebuilt output`);
        assert.is(atTscStart().includes(expected), ahead, ahead ? `${expected}: written before tsc started` : `${expected}: waits for tsc`);
        // What was written before tsc is what is there after it: the code and its map.
        if (ahead) assert.is(atTscStart(), `\n${read(dir, "dist/wtool.js")}--- map\n${read(dir, "dist/wtool.js.map")}`);
      }
      assert.is(read(dir, "dist/wtool.js").includes(" * Current weather for a town."), false, "wtool.js holds no comment of tools.ts");
      assert.match(read(dir, "dist/tools.js"), / \* Current weather for a town\./, "tools.js: tsc's own, with its JSDoc");
      assert.not.match(out, /error TS/);
    } finally {
      controller.abort();
      assert.is(await watching, 0);
      delete process.env.SCHEMAOF_TSC;
    }
    // What --watch left is what a build from nothing writes, maps included.
    const left = ["dist/wtool.js", "dist/wtool.js.map"].map((file) => read(dir, file));
    rmSync(join(dir, "dist"), { recursive: true });
    assert.is((await run(dir, "build")).code, 0);
    assert.equal(
      ["dist/wtool.js", "dist/wtool.js.map"].map((file) => read(dir, file)),
      left,
    );
  });
}

test("TypeScript 7.0: Ctrl-C ends `schemaof check --watch` with 0, and nothing but its status lines is printed", async () => {
  const dir = project(TS["7.0"], TOOLS);
  const bin = join(packageDir("@schemaof/transformer"), "bin", "schemaof.js");
  // Its own process group, as a terminal gives a command: Ctrl-C signals every process in it.
  const child = spawn(process.execPath, [bin, "check", "--watch"], { cwd: dir, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  child.stderr.on("data", (chunk) => (err += chunk));
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal)));
  try {
    await until(() => /Watching for file changes/.test(out), "the watch to start");
    process.kill(-child.pid, "SIGINT");
    assert.is(await exited, 0);
    assert.is(err, "", "nothing on stderr (TypeScript 7's compiler said 'context canceled' when Ctrl-C reached it)");
  } finally {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

test("schemaof --version says its own version and the project's TypeScript", () => {
  const dir = project(TS["7.0"], TOOLS);
  const bin = join(packageDir("@schemaof/transformer"), "bin", "schemaof.js");
  const { version } = JSON.parse(read(packageDir("@schemaof/transformer"), "package.json"));
  const result = spawnSync(process.execPath, [bin, "--version"], { cwd: dir, encoding: "utf8" });
  assert.is(result.status, 0);
  assert.match(result.stdout, new RegExp(`^schemaof ${version.replace(/\./g, "\\.")}\nTypeScript 7\\.0\\.2 \\(.+typescript.*\\)\n$`));
});

test("TypeScript 5.9: --watch with noEmitOnError writes what an error of ours held back, once it is mended", async () => {
  const dir = project(
    TS["5.9"],
    { "ok.ts": `export const ok = 1;\n`, "t.ts": `import { schemaOf } from "@schemaof/runtime";\nexport const s = schemaOf<{ f: File }>();\n` },
    { noEmitOnError: true },
  );
  const controller = new AbortController();
  let out = "";
  const watching = main(["build", "--watch"], dir, { out: (text) => (out += text), error: (text) => (out += text) }, controller.signal);
  try {
    await until(() => /Found 1 error\. Watching/.test(out), "the first build and its error");
    assert.not.ok(existsSync(join(dir, "dist", "ok.js")), "nothing written while an error of ours stands");
    write(dir, { "t.ts": `import { schemaOf } from "@schemaof/runtime";\nexport const s = schemaOf<{ f: string }>();\n` });
    await until(() => existsSync(join(dir, "dist", "ok.js")) && existsSync(join(dir, "dist", "t.js")), "both outputs, once mended");
  } finally {
    controller.abort();
    await watching;
  }
});

test("tspc --watch (ts-patch, TypeScript 5.9) cannot re-emit a stale schema, and says so, with what to run instead", async () => {
  const dir = project(TS["5.9"], TOOLS, { plugins: [{ transform: "@schemaof/transformer" }] });
  const tspc = spawn(process.execPath, [join(packageDir("ts-patch"), "bin", "tspc.js"), "-p", ".", "--watch", "--preserveWatchOutput"], { cwd: dir });
  let stderr = "";
  let stdout = "";
  tspc.stderr.on("data", (chunk) => (stderr += chunk));
  tspc.stdout.on("data", (chunk) => (stdout += chunk));
  try {
    await until(() => /Watching for file changes/.test(stdout) && /schemaof:/.test(stderr), "tspc's first build and its warning");
    assert.match(
      stderr,
      /schemaof: the schemas of src\/wtool\.ts read declarations of src\/tools\.ts, src\/types\.ts\. Under tsc's --watch or "incremental" builds/,
    );
    assert.match(stderr, /Build with 'npx schemaof build' \(or 'schemaof build --watch'\), which emits it again\./);
  } finally {
    tspc.kill();
  }
});

test.run();
