// `schemaof tools`: the catalogue of a project's tools, on the project's own TypeScript (5.9 in
// process, 7 through its API): bytes as the runtime's adapters send them, the whole set against
// each provider's limits a request, and --json the same across runs and hosts.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const { main } = require("@schemaof/transformer/cli");
const runtime = require("@schemaof/runtime");
const packageDir = (name) => dirname(require.resolve(`${name}/package.json`));
const TS = { 5.9: packageDir("typescript"), "7.0": packageDir("typescript7") };

/** A project folder with its own `typescript` and `src/tools.ts`. */
function project(typescript, source) {
  mkdirSync(join(here, ".tmp"), { recursive: true });
  const dir = mkdtempSync(join(here, ".tmp", "catalogue-"));
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(typescript, join(dir, "node_modules", "typescript"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "commonjs" }));
  const options = { target: "es2022", module: "nodenext", strict: true, outDir: "dist", rootDir: "src", skipLibCheck: true, types: [] };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: options, include: ["src"] }));
  mkdirSync(join(dir, "src"));
  writeFileSync(join(dir, "src", "tools.ts"), source);
  return dir;
}

async function run(dir, ...args) {
  let out = "";
  const code = await main(args, dir, { out: (text) => (out += text), error: (text) => (out += text) });
  return { code, out };
}

const LIBRARY = `import { toolOf } from "@schemaof/runtime";
/**
 * Finds books by words of their title.
 * @title Search the catalogue
 * @readOnly
 */
export function findBooks(words: string, limit?: number, language?: "fr" | "en") { return { total: 0 }; }
/** Lends a book to a reader for some days. */
export function lend(isbn: string, reader: string, days?: number | null) {}
export const tools = [
  toolOf(findBooks, { target: ["openai-strict", "anthropic-strict", "gemini"] }),
  toolOf(lend, { target: "anthropic-strict", name: "lend_book" }),
];
`;

test("every tool, per target: the bytes its provider receives, as the runtime's adapters write it", async () => {
  const dir = project(TS["5.9"], LIBRARY);
  const listed = await run(dir, "tools", "--json");
  assert.is(listed.code, 0, listed.out);
  const catalogue = JSON.parse(listed.out);
  assert.equal(
    catalogue.tools.map((tool) => [tool.name, tool.title, tool.file, tool.line, Object.keys(tool.targets)]),
    [
      ["findBooks", "Search the catalogue", "src/tools.ts", 11, ["mcp", "openai-strict", "anthropic-strict", "gemini"]],
      ["lend_book", undefined, "src/tools.ts", 12, ["mcp", "anthropic-strict"]],
    ],
  );
  // The same tools, built and made by the runtime: each adapter's JSON is the bytes listed.
  assert.is((await run(dir, "build")).code, 0);
  const { tools } = require(join(dir, "dist", "tools.js"));
  const bytes = (definition) => Buffer.byteLength(JSON.stringify(definition));
  const [find, lend] = tools;
  assert.is(catalogue.tools[0].targets.mcp.bytes, bytes(find));
  assert.is(catalogue.tools[0].targets["openai-strict"].bytes, bytes(runtime.openAITool(find, { strict: true })));
  assert.is(catalogue.tools[0].targets["anthropic-strict"].bytes, bytes(runtime.anthropicTool(find, { strict: true })));
  assert.is(catalogue.tools[0].targets.gemini.bytes, bytes(runtime.geminiTool(find)));
  assert.is(catalogue.tools[1].targets["anthropic-strict"].bytes, bytes(runtime.anthropicTool(lend, { strict: true })));
  assert.equal(catalogue.tools[0].targets.gemini.inputSchema, runtime.geminiTool(find).parametersJsonSchema);
  // The set's totals: the optional parameters and unions Anthropic's strict mode counts across its strict tools.
  const strict = catalogue.totals.find((total) => total.target === "anthropic-strict");
  assert.equal([strict.tools, strict.optional, strict.unions, strict.over], [2, 3, 1, []]);
  assert.ok(
    catalogue.tools.every((tool) => Object.values(tool.targets).every((entry) => entry.tokens > 10)),
    "every entry has a token estimate",
  );

  const text = await run(dir, "tools");
  assert.is(text.code, 0);
  assert.match(text.out, /^2 tools in tsconfig\.json\n\n {2}findBooks \(Search the catalogue\) {2}src\/tools\.ts:11\n {4}mcp +[\d,]+ bytes {2}~\d+ tokens\n/);
  assert.match(text.out, /the whole set, as one request carries it:\n {4}mcp +[\d,]+ bytes {2}~\d+ tokens {2}2 tools\n/);
});

test("--json is the same across runs and across TypeScript 5.9 and 7", async () => {
  const first = await run(project(TS["5.9"], LIBRARY), "tools", "--json");
  const again = await run(project(TS["5.9"], LIBRARY), "tools", "--json");
  const seven = await run(project(TS["7.0"], LIBRARY), "tools", "--json");
  assert.is(first.code, 0);
  assert.is(again.out, first.out);
  assert.is(seven.out, first.out);
});

const many = (count, target, parameters = "q: string") =>
  `import { toolOf } from "@schemaof/runtime";\n` +
  Array.from(
    { length: count },
    (_, i) => `/** Tool number ${i}. */\nexport function t${i}(${parameters}) {}\nexport const tool${i} = toolOf(t${i}, { target: "${target}" });\n`,
  ).join("");

test("a set over a provider's limits a request is said with the limit and the excess, and exits 1", async () => {
  const openai = await run(project(TS["5.9"], many(130, "openai")), "tools");
  assert.is(openai.code, 1);
  assert.match(openai.out, /over a limit: 130 tools, over openai's 128 a request by 2; send fewer tools a request/);
  const strictTools = await run(project(TS["5.9"], many(21, "anthropic-strict")), "tools", "--json");
  assert.is(strictTools.code, 1);
  assert.equal(JSON.parse(strictTools.out).totals.find((total) => total.target === "anthropic-strict").over, [
    "21 tools, over anthropic-strict's 20 a request by 1; send fewer tools a request (a tool set per task)",
  ]);
  // Five strict tools of five optional parameters each: 25 across them, over 24, though each has 5.
  const optional = await run(project(TS["5.9"], many(5, "anthropic-strict", "a?: string, b?: string, c?: string, d?: string, e?: string")), "tools");
  assert.is(optional.code, 1);
  assert.match(optional.out, /over a limit: 25 optional parameters across its strict tools, over anthropic-strict's 24 a request by 1/);
  const fine = await run(project(TS["5.9"], many(128, "openai")), "tools");
  assert.is(fine.code, 0, "128 tools is within OpenAI's limit");
});

/** `count` tools of each tool set named (`toolSet: "admin"`), or of them all at once (`toolSet: ["admin", "reader"]`). */
const inSets = (count, sets, target = "openai", { together = false } = {}) =>
  `import { toolOf } from "@schemaof/runtime";\n` +
  (together ? [sets.join("_")] : sets)
    .flatMap((set) =>
      Array.from(
        { length: count },
        (_, i) =>
          `/** Tool number ${i} of ${set}. */\nexport function ${set}${i}(q: string) {}\n` +
          `export const ${set}Tool${i} = toolOf(${set}${i}, { target: "${target}", toolSet: ${JSON.stringify(together ? sets : set)} });\n`,
      ),
    )
    .join("");

test("named tool sets are each counted on their own; --set keeps one", async () => {
  // 70 + 70 tools: 140 in one request would be over OpenAI's 128, but each set is served apart.
  const dir = project(TS["5.9"], inSets(70, ["admin", "reader"]));
  const all = await run(dir, "tools", "--json");
  assert.is(all.code, 0, all.out.slice(0, 400));
  const totals = JSON.parse(all.out).totals.map(({ set, target, tools, over }) => ({ set, target, tools, over }));
  assert.equal(totals, [
    { set: "admin", target: "mcp", tools: 70, over: [] },
    { set: "admin", target: "openai", tools: 70, over: [] },
    { set: "reader", target: "mcp", tools: 70, over: [] },
    { set: "reader", target: "openai", tools: 70, over: [] },
  ]);
  const admin = await run(dir, "tools", "--set", "admin");
  assert.is(admin.code, 0);
  assert.match(admin.out, /^70 tools in tsconfig.json/);
  assert.match(admin.out, /the tool set admin, as one request carries it:/);
  assert.not.match(admin.out, /^  reader0 /m, "the other set's tools are left out");
  const unknown = await run(dir, "tools", "--set", "writer");
  assert.is(unknown.code, 2);
  assert.is(unknown.out, "error: no tool is in the tool set 'writer'; the project's sets are admin, reader.\n");
  // A tool in two sets counts in both: 65 + 65 of their own and 64 shared are 129 each.
  const both = inSets(64, ["admin", "reader"], "openai", { together: true }).replace(/^import.*\n/, "");
  const shared = await run(project(TS["5.9"], inSets(65, ["admin", "reader"]) + both), "tools");
  assert.is(shared.code, 1);
  assert.match(shared.out, /the tool set admin, as one request carries it:[^]*over a limit: 129 tools, over openai's 128 a request by 1/);
  const wrong = await run(
    project(
      TS["5.9"],
      `import { toolOf } from "@schemaof/runtime";\nexport function f(q: string) {}\nconst set = "a";\nexport const t = toolOf(f, { toolSet: set });\n`,
    ),
    "tools",
  );
  assert.match(wrong.out, /error TS99007: [^]*'toolSet' must be string literals, read at compile time, got 'set'/);
});

test("a tool set over a limit of a target the project builds fails the build, on TypeScript 5.9 and 7", async () => {
  for (const [typescript, source, line] of [
    [TS["5.9"], many(130, "openai"), "openai: 130 tools, over openai's 128 a request by 2; send fewer tools a request (a tool set per task)."],
    [
      TS["7.0"],
      many(21, "anthropic-strict"),
      "anthropic-strict: 21 tools, over anthropic-strict's 20 a request by 1; send fewer tools a request (a tool set per task).",
    ],
  ]) {
    const dir = project(typescript, source);
    for (const command of ["build", "check"]) {
      const built = await run(dir, command);
      assert.ok(built.code > 0, `${command} fails`);
      assert.match(built.out, /src\/tools\.ts\(4,\d+\): error TS99023: The tool set 'default' is more than a provider takes in one request\./);
      assert.ok(built.out.includes(line), built.out);
      assert.match(built.out, /warning TS99102: Tool 't0' has a description that tells a model little/, `${command} prints lint's warnings too`);
    }
  }
  // tspc (ts-patch on TypeScript 5.9) reports it once every file with a call of ours is emitted.
  const dir = project(TS["5.9"], many(130, "openai"));
  const config = JSON.parse(readFileSync(join(dir, "tsconfig.json"), "utf8"));
  config.compilerOptions.plugins = [{ transform: "@schemaof/transformer" }];
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(config));
  const tspc = spawnSync(process.execPath, [join(packageDir("ts-patch"), "bin", "tspc.js"), "-p", ".", "--pretty", "false"], { cwd: dir, encoding: "utf8" });
  assert.ok(tspc.status > 0, "tspc fails");
  assert.match(tspc.stdout, /src\/tools\.ts\(4,\d+\): error TS99023: The tool set 'default' is more than a provider takes in one request\./);
  // Within the limits, or split into sets, it builds.
  assert.is((await run(project(TS["5.9"], many(128, "openai")), "build")).code, 0);
  assert.is((await run(project(TS["7.0"], inSets(11, ["admin", "reader"], "anthropic-strict")), "build")).code, 0);
});

test('a tool $defs would make smaller is said with the bytes; refs "auto" takes them', async () => {
  const source = (options) => `import { toolOf } from "@schemaof/runtime";
/** Where a parcel goes, or where its bill is sent. */
interface Address {
  /** Street and number. */
  street: string;
  /** The city, as the post writes it. */
  city: string;
}
/** Sends an order to one address and its bill to another. */
export function ship(billing: Address, shipping: Address) {}
export const tool = toolOf(ship${options});
`;
  const flat = await run(project(TS["5.9"], source("")), "tools", "--json");
  const [listed] = JSON.parse(flat.out).tools;
  assert.ok(listed.hoistingSaves > 0, "written flattened, $defs would save bytes");
  assert.not.ok("$defs" in listed.targets.mcp.inputSchema);
  assert.match(
    (await run(project(TS["5.9"], source("")), "tools")).out,
    new RegExp(`\\$defs would make its input schema ${listed.hoistingSaves} bytes smaller: pass \\{ refs: "auto" \\} to its toolOf`),
  );
  const auto = JSON.parse((await run(project(TS["5.9"], source(', { refs: "auto" }')), "tools", "--json")).out).tools[0];
  assert.ok("$defs" in auto.targets.mcp.inputSchema, "hoisted, as it saves bytes");
  assert.is(auto.hoistingSaves, undefined);
  assert.is(auto.targets.mcp.bytes, listed.targets.mcp.bytes - listed.hoistingSaves, "by the bytes said");
});

test("a tool the project cannot build is said in tsc's words, and the command exits 1", async () => {
  const broken = await run(
    project(TS["5.9"], `import { toolOf } from "@schemaof/runtime";\nexport function upload(file: Blob) {}\nexport const tool = toolOf(upload);\n`),
    "tools",
  );
  assert.is(broken.code, 1);
  assert.match(broken.out, /^0 tools in tsconfig\.json\n/);
  assert.match(broken.out, /src\/tools\.ts\(3,28\): error TS99001: 'upload' holds values that JSON tool arguments cannot carry\./);
  const wrongArg = await run(project(TS["5.9"], LIBRARY), "tools", "--yaml");
  assert.is(wrongArg.code, 1);
  assert.match(wrongArg.out, /'schemaof tools' takes -p <tsconfig>, --set <name>, --json, --update, --check and --snapshot <file>, not '--yaml'/);
});

test("lint's warnings are listed, and names that collide across files, which only the whole set shows; exit code 0", async () => {
  const tool = (name) =>
    `import { toolOf } from "@schemaof/runtime";\n/** Finds the library's books whose titles hold every word given; returns how many. */\n` +
    `export function ${name}(/** Words of the title, e.g. "dune". */ words: string) { return { total: words.length }; }\nexport const tool = toolOf(${name});\n`;
  const dir = project(TS["5.9"], tool("findBooks"));
  writeFileSync(join(dir, "src", "more.ts"), tool("find_books"));
  const listed = await run(dir, "tools");
  assert.is(listed.code, 0, listed.out);
  assert.match(listed.out, /src\/more\.ts\(4,1\): warning TS99114: 'find_books' and 'findBooks' differ only by case or separators/);
  assert.match(listed.out, /src\/tools\.ts\(4,1\): warning TS99114: 'findBooks' and 'find_books' differ only by case or separators/);
  assert.equal(JSON.parse((await run(dir, "tools", "--json")).out).warnings.length, 2);
  const sloppy = await run(
    project(TS["5.9"], `import { toolOf } from "@schemaof/runtime";\nexport function find(q: string) {}\nexport const tool = toolOf(find);\n`),
    "tools",
  );
  assert.is(sloppy.code, 0);
  assert.match(sloppy.out, /src\/tools\.ts\(3,28\): warning TS99101: Tool 'find' has no description/);
});

/** The tool set of `before`, snapshot; then `after` checked against it: the exit code and what it says. */
async function drift(before, after, typescript = TS["5.9"]) {
  const dir = project(typescript, before);
  const wrote = await run(dir, "tools", "--update");
  assert.is(wrote.code, 0, wrote.out);
  writeFileSync(join(dir, "src", "tools.ts"), after);
  return run(dir, "tools", "--check");
}

const V1 = `import { toolOf } from "@schemaof/runtime";
interface Book { isbn: string; title: string; year: number }
type By = { kind: "title"; words: string } | { kind: "isbn"; isbn: string };
/** Finds books. */
export function find(by: By, limit?: number & { __max?: 100 }, language?: "fr" | "en" | "de", page?: number): { books: Book[]; total: number } { return { books: [], total: 0 }; }
/** Lends a book. */
export function lend(isbn: string, days?: number) {}
export const tools = [toolOf(find, { target: "openai" }), toolOf(lend)];
`;

test("--check: each breaking change is said with the tool and the path, and exits 1", async () => {
  const cases = [
    ["a new required parameter", V1.replace("page?: number", "page: number"), /find: input \(root\) "page" is required now/],
    ["an enum value removed", V1.replace(' | "de"', ""), /find: input language no longer takes "de" \(takes "fr", "en"\)/],
    [
      "a narrower type",
      V1.replace(
        "export function lend(isbn: string, days?: number)",
        'export function lend(isbn: string, days?: number & import("@schemaof/runtime").Integer)',
      ),
      /lend: input days no longer takes number \(takes integer\)/,
    ],
    ["a narrower bound", V1.replace("days?: number)", 'days?: number & import("@schemaof/runtime").Maximum<28>)'), /lend: input days must be <= 28 now/],
    ["a parameter removed", V1.replace(", page?: number", ""), /find: input page is not taken now/],
    [
      "a multipleOf added",
      V1.replace("days?: number)", 'days?: number & import("@schemaof/runtime").MultipleOf<7>)'),
      /lend: input days must be a multiple of 7 now/,
    ],
    [
      "a longer minimum length",
      V1.replace("lend(isbn: string", 'lend(isbn: string & import("@schemaof/runtime").MinLength<13>'),
      /lend: input isbn must have at least 13 characters now/,
    ],
    ["a union member removed", V1.replace(' | { kind: "isbn"; isbn: string }', ""), /find: input by\.kind no longer takes "isbn" \(takes "title"\)/],
    ["a tool removed", V1.replace(", toolOf(lend)", ""), /lend: the tool is gone/],
    ["a target removed", V1.replace('toolOf(find, { target: "openai" })', "toolOf(find)"), /find: no longer built for openai/],
    [
      "an output value made nullable",
      V1.replace("total: number }", "total: number | null }"),
      /find: output total may be null now \(the old output gave number\)/,
    ],
    ["an output field made optional", V1.replace("total: number }", "total?: number }"), /find: output \(root\) "total" may be left out now/],
  ];
  for (const [what, after, said] of cases) {
    const { code, out } = await drift(V1, after);
    assert.is(code, 1, `${what}: ${out}`);
    assert.match(out, said, what);
    assert.match(out, /breaking change/, what);
  }
});

test("--check: a compatible change is printed and exits 0; a reordered or re-hoisted schema is no change", async () => {
  const compatible = [
    ["a new optional parameter", V1.replace("page?: number", "page?: number, sort?: string"), /find: the input takes more than before/],
    ["an enum value added", V1.replace(' | "de"', ' | "de" | "it"'), /find: the input takes more than before/],
    ["a new tool", V1.replace("export const tools = [", "export function count() { return 1; }\nexport const tools = [toolOf(count), "), /count: a new tool/],
    ["a description", V1.replace("/** Lends a book. */", "/** Lends a book to a reader. */"), /lend: the description changed/],
    ["an output field added", V1.replace("total: number }", "total: number; pages: number }"), /compatible change/],
    ["a target added", V1.replace("toolOf(lend)", 'toolOf(lend, { target: "gemini" })'), /lend: built for gemini too/],
  ];
  for (const [what, after, said] of compatible) {
    const { code, out } = await drift(V1, after);
    assert.is(code, 0, `${what}: ${out}`);
    assert.match(out, said, what);
    assert.not.match(out, /breaking/, what);
  }
  // A bound that takes more: <= 28 to <= 100; an inclusive bound to an exclusive one that takes more.
  const bounded = (bound) => V1.replace("days?: number)", `days?: number & import("@schemaof/runtime").${bound})`);
  for (const [from, to] of [
    ["Maximum<28>", "Maximum<100>"],
    ["Minimum<1>", "ExclusiveMinimum<0>"],
  ]) {
    const { code, out } = await drift(bounded(from), bounded(to));
    assert.is(code, 0, `${from} to ${to}: ${out}`);
    assert.match(out, /lend: the input takes more than before/);
  }
  const narrowed = await drift(bounded("ExclusiveMinimum<0>"), bounded("Minimum<1>"));
  assert.is(narrowed.code, 1, "> 0 to >= 1 refuses 0.5");
  assert.match(narrowed.out, /lend: input days must be >= 1 now/);
  const same = [
    [
      "union members reordered",
      V1.replace('{ kind: "title"; words: string } | { kind: "isbn"; isbn: string }', '{ kind: "isbn"; isbn: string } | { kind: "title"; words: string }'),
    ],
    ["enum values reordered", V1.replace('"fr" | "en" | "de"', '"de" | "fr" | "en"')],
    ["shared types hoisted to $defs", V1.replace('toolOf(find, { target: "openai" })', 'toolOf(find, { target: "openai", refs: true })')],
  ];
  for (const [what, after] of same) {
    const { code, out } = await drift(V1, after);
    assert.is(code, 0, `${what}: ${out}`);
    assert.match(out, /the tools are as schemaof\.tools\.json holds them/, what);
  }
});

test("--check without a snapshot it can read says so in one sentence and exits 2", async () => {
  const dir = project(TS["5.9"], V1);
  const missing = await run(dir, "tools", "--check");
  assert.equal(
    [missing.code, missing.out],
    [2, `error: there is no snapshot at ${join(dir, "schemaof.tools.json")} to check against; write one with 'schemaof tools --update'.\n`],
  );
  writeFileSync(join(dir, "schemaof.tools.json"), "{ not json");
  assert.match(
    (await run(dir, "tools", "--check")).out,
    /^error: .*schemaof\.tools\.json is not JSON, so not a snapshot of tools; write it again with 'schemaof tools --update'\.\n$/,
  );
  writeFileSync(join(dir, "schemaof.tools.json"), JSON.stringify({ format: "schemaof-tools/0", tools: [] }));
  const other = await run(dir, "tools", "--check");
  assert.is(other.code, 2);
  assert.match(other.out, /is not a snapshot of this schemaof \(format "schemaof-tools\/0", expected "schemaof-tools\/1"\)/);
  // --snapshot names another file, relative to where the command runs.
  assert.is((await run(dir, "tools", "--update", "--snapshot", "published.json")).code, 0);
  assert.is((await run(dir, "tools", "--check", "--snapshot", "published.json")).code, 0);
});

test.run();
