// The cost of checking arguments at run time: validateArgs against ajv 2020 (compiled, allErrors),
// zod 4, TypeBox's compiled checker and a hand-written validator, on the same values in the same run.
// Prints operations per second, our ratio to each, and how many issues each reports for an invalid
// value with a known number of faults. Also the runtime's size, minified and gzipped.
// Two hand-written validators: the bare check (counts faults, hands on the input as it came), and one
// with validateArgs' contract (plain objects only, a fresh value of the declared keys; on a fault,
// every issue worded as validateArgs words it, which is checked before anything is measured).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, cpSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { deepStrictEqual } from "node:assert";
import { esmOptions } from "./generateProject.mjs";
import { ajvFor, ajvCoerceFor, typiaCoerceFor, zodFor, typeboxFor, handFor, handMapFor, handContractFor } from "./peers.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const work = mkdtempSync(join(tmpdir(), "schemaof-validate-"));
const tspc = (bench, cwd, project) =>
  spawnSync(process.execPath, [join(bench, "node_modules", "ts-patch", "bin", "tspc.js"), "-p", project], { cwd, encoding: "utf8" });

/** The bench's shapes as `bench` (this one, or a baseline checkout's) compiles them with its tspc and plugin. */
function compileShapes(bench, dir) {
  mkdirSync(dir, { recursive: true });
  symlinkSync(join(bench, "node_modules"), join(dir, "node_modules"));
  cpSync(join(bench, "shapes"), join(dir, "src"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "commonjs" }));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "es2022",
        module: "nodenext",
        moduleResolution: "nodenext",
        strict: true,
        types: [],
        outDir: "dist",
        rootDir: "src",
        plugins: [{ transform: "@schemaof/transformer" }],
      },
    }),
  );
  const compiled = tspc(bench, dir, "tsconfig.json");
  if (compiled.status !== 0) throw new Error(compiled.stdout + compiled.stderr);
  return createRequire(join(dir, "x.js"))(join(dir, "dist", "tools.js")).shapes;
}
const shapes = compileShapes(here, work);
// BASELINE=<a built checkout of schemaof> adds that version's validateArgs to every row, compiled
// from its own bench shapes: how a change moved the speed, measured in the same paired rounds.
const baseline = process.env.BASELINE && compileShapes(join(process.env.BASELINE, "bench"), join(work, "baseline"));

const line = (i) => ({ isbn: `978-${i}`, quantity: 1 + (i % 3), price: 9.5 + i });
const cases = {
  search: {
    valid: { query: "dune", langue: "fr", limite: 20, sort: "title" },
    invalid: { query: "", langue: "FRA", limite: 500, sort: "author" },
  },
  order: {
    valid: {
      id: "o-1",
      customer: { name: "Ada", email: "ada@example.org" },
      lines: Array.from({ length: 10 }, (_, i) => line(i)),
      tags: ["gift", "fast"],
      note: null,
    },
    invalid: {
      id: "o-1",
      customer: { name: "Ada", email: "ada-at-example" },
      lines: Array.from({ length: 10 }, (_, i) => (i === 3 ? { ...line(i), quantity: 0 } : i === 5 ? { ...line(i), price: -1 } : line(i))),
      tags: ["gift", "fast", 3],
    },
  },
  checkout: {
    valid: { payment: { type: "card", number: "4242424242424242", expiry: "12/29", cvc: "123" }, amount: 42 },
    invalid: { payment: { type: "card", number: "4242", expiry: "2029-12", cvc: "12" }, amount: -1 },
  },
};
const FAULTS = { search: 4, order: 4, checkout: 4 };

// The same-contract hand-written validator must give validateArgs' very result (value or issues,
// word for word) on the measured values and on these, or the comparison would not be like for like.
const probes = [
  5,
  null,
  [],
  {},
  { query: 3, limite: 1.5, sort: null, langue: 'a"b' },
  { id: 1, customer: [], lines: {}, tags: [null], note: 5 },
  { id: "a", customer: {}, lines: [3, {}, { isbn: "x", quantity: 1.5, price: "1" }], tags: [] },
  { payment: { type: "x" }, amount: "1" },
  { payment: { type: "bank", iban: "🙂".repeat(14) }, amount: 1 },
  { payment: { type: "cash" } },
  { payment: 4, amount: -0.5 },
];
for (const [name, { valid, invalid }] of Object.entries(cases)) {
  for (const value of [valid, invalid, ...probes]) {
    const ours = shapes[name].validate(value);
    baseline?.[name].validate(value); // the same values seen, so both are compiled from the same history
    deepStrictEqual(handContractFor(name)(value), ours.issues ?? ours.value, `hand-written, same contract: ${name} ${JSON.stringify(value)}`);
  }
}

/** Operations per second of one short batch (after the caller's warm-up). */
function batch(fn, value) {
  let n = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0n;
  while (elapsed < 60_000_000n) {
    for (let i = 0; i < 200; i++) fn(value);
    n += 200;
    elapsed = process.hrtime.bigint() - start;
  }
  return n / (Number(elapsed) / 1e9);
}
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

/**
 * Every contender measured in turn, round after round (ROUNDS, 7 by default): a ratio is taken
 * within a round, where the machine's state is the same for both, and the medians are printed.
 * On a shared machine, measuring one library for a second and the next one later moved ratios by
 * half; paired rounds keep them within a few percent.
 */
function compare(contenders, value) {
  const fns = Object.values(contenders);
  for (const fn of fns) for (let i = 0; i < 20_000; i++) fn(value);
  const rounds = Number(process.env.ROUNDS ?? 7);
  const rates = fns.map(() => []);
  for (let round = 0; round < rounds; round++) fns.forEach((fn, i) => rates[i].push(batch(fn, value)));
  return Object.keys(contenders).map((name, i) => ({
    name,
    rate: median(rates[i]),
    ratio: median(rates[0].map((ours, round) => ours / rates[i][round])),
  }));
}

const format = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)}M` : `${(n / 1e3).toFixed(0)}k`);
/** One row per contender: its rate, the first one's ratio to it, and (for a faulty value) its issue count. */
function printRows(contenders, value, withIssues) {
  for (const [i, { name: who, rate, ratio }] of compare(contenders, value).entries()) {
    const issues = withIssues ? `   ${contenders[who](value)} issues` : "";
    console.log(`    ${who.padEnd(34)} ${format(rate).padStart(8)} ops/s${i === 0 ? "        " : `   ${ratio.toFixed(2)}x`}${issues}`);
  }
}
console.log(`schemaof run-time benchmark (${process.version}): operations per second and ratio = schemaof / peer, medians of paired rounds`);
for (const [name, { valid, invalid }] of Object.entries(cases)) {
  const ours = shapes[name];
  const contenders = {
    "schemaof validateArgs": (value) => ours.validate(value).issues?.length ?? 0,
    ...(baseline && { "schemaof validateArgs, BASELINE": (value) => baseline[name].validate(value).issues?.length ?? 0 }),
    "ajv 2020 (compiled, allErrors)": ajvFor(ours.schema),
    "zod 4": zodFor(name),
    "TypeBox (compiled)": typeboxFor(name),
    "hand-written": handFor(name),
    "hand-written, same contract": handMapFor(name),
  };
  for (const [label, value] of [
    ["valid", valid],
    ["invalid", invalid],
  ]) {
    console.log(`\n  ${name}, ${label}${label === "invalid" ? ` (${FAULTS[name]} faults)` : ""}`);
    printRows(contenders, value, label !== "valid");
  }
}

// Coercion: the same shapes with the mistakes models make (numbers and booleans as strings, JSON text
// for an array or an object, null for an optional property), against the peers that repair:
// ajv's coerceTypes and typia's LlmJson coercion. "valid" is what coercion costs when nothing needs
// it (its ratio to "coerce off" is the price of turning it on); "invalid" is the faulty values above,
// where every repair attempt fails and the plain check's issues are reported.
const mistaken = {
  search: { query: "dune", langue: "fr", limite: "20", sort: null },
  order: {
    ...cases.order.valid,
    lines: cases.order.valid.lines.map((line) => ({ ...line, quantity: String(line.quantity) })),
    tags: JSON.stringify(cases.order.valid.tags),
  },
  checkout: { payment: JSON.stringify(cases.checkout.valid.payment), amount: "42" },
};
for (const name of Object.keys(cases)) {
  const repaired = shapes[name].coerce(mistaken[name]);
  deepStrictEqual(repaired.issues, undefined, `the mistaken ${name} is one coerce: true repairs`);
}
console.log(`\n  coercion: ratio = schemaof with coerce: true / peer`);
for (const [name, { valid, invalid }] of Object.entries(cases)) {
  const ours = shapes[name];
  const contenders = {
    "schemaof, coerce: true": (value) => ours.coerce(value).issues?.length ?? 0,
    "schemaof, coerce off": (value) => ours.validate(value).issues?.length ?? 0,
    "ajv 2020, coerceTypes": ajvCoerceFor(ours.schema),
    "typia LlmJson coerce + validate": typiaCoerceFor(ours.schema),
  };
  for (const [label, value] of [
    ["valid", valid],
    ["mistaken", mistaken[name]],
    ["invalid", invalid],
  ]) {
    console.log(`\n  ${name}, ${label}${label === "invalid" ? ` (${FAULTS[name]} faults)` : ""}`);
    printRows(contenders, value, label !== "valid");
  }
}

// Size: what an app's bundle gets from the published package's ES modules (esbuild, minified).
// "One validator" is a module with one validateArgs<Search> call, compiled by tspc as an ES module
// and bundled: the runtime's share (the entry, checkArgs, the helpers its generated check names)
// and the check the transformer generated for the type, counted apart.
// Bytes as well as KB after gzip: "one validator's bundle unchanged" is read to the byte.
const kb = (bytes) =>
  `${(bytes.length / 1024).toFixed(1)} KB minified, ${(gzipSync(bytes).length / 1024).toFixed(2)} KB (${gzipSync(bytes).length} B) min+gzip`;
const bundle = async (options) => await build({ bundle: true, minify: true, format: "esm", platform: "neutral", write: false, metafile: true, ...options });
mkdirSync(join(work, "one"));
// oneCoerce.ts is the same call built with coerce: true, to show what the repair pass adds.
for (const [file, options] of [
  ["one.ts", ""],
  ["oneCoerce.ts", ", { coerce: true }"],
]) {
  writeFileSync(
    join(work, "one", file),
    `import { validateArgs } from "@schemaof/runtime";\nimport type { Search } from "../src/tools.js";\nexport const check = (args: unknown) => validateArgs<Search>(args${options});\n`,
  );
}
writeFileSync(
  join(work, "tsconfig.one.json"),
  JSON.stringify({
    compilerOptions: { ...esmOptions("dist-one", "@schemaof/transformer"), rootDir: "." },
    files: ["one/one.ts", "one/oneCoerce.ts"],
  }),
);
const esm = tspc(here, work, "tsconfig.one.json");
if (esm.status !== 0) throw new Error(esm.stdout + esm.stderr);
const whole = await bundle({ stdin: { contents: `export * from "@schemaof/runtime";`, resolveDir: work } });
const one = await bundle({ entryPoints: [join(work, "dist-one", "one", "one.js")] });
const oneBytes = one.outputFiles[0].contents;
const oneCoerce = await bundle({ entryPoints: [join(work, "dist-one", "one", "oneCoerce.js")] });
const generated = Object.entries(Object.values(one.metafile.outputs)[0].inputs)
  .filter(([file]) => file.includes("dist-one"))
  .reduce((n, [, input]) => n + input.bytesInOutput, 0);
// The runtime's share, bundled alone: validateArgs and exactly the helpers the generated check binds.
const helperNames = [...new Set([...readFileSync(join(work, "dist-one", "one", "one.js"), "utf8").matchAll(/__schemaof\.(\w+)/g)].map((m) => m[1]))];
const runtimeOnly = await bundle({
  stdin: {
    contents: `import { validateArgs } from "@schemaof/runtime";\nimport { ${helperNames.join(", ")} } from "@schemaof/runtime/helpers";\nexport const check = (a, p) => validateArgs(a, p);\nexport const used = [${helperNames.join(", ")}];`,
    resolveDir: work,
  },
});
console.log(`\n  runtime, whole package:     ${kb(whole.outputFiles[0].contents)}`);
console.log(`  one validator (search):    ${kb(oneBytes)} in all, of which the generated check ${(generated / 1024).toFixed(1)} KB minified`);
console.log(
  `  its runtime share:         ${kb(runtimeOnly.outputFiles[0].contents)} (validateArgs and the ${helperNames.length} helpers its check names: ${helperNames.join(", ")}; goal <= 1.5 KB)`,
);
console.log(`  one validator, coerce: true: ${kb(oneCoerce.outputFiles[0].contents)} in all`);
console.log(`  (cited for comparison: typia 1.3 KB, ajv 44 KB)`);
rmSync(work, { recursive: true, force: true });
