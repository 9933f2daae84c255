// The corpus: types written in the style of the JSON Schema generators' own test corpora (mapped and
// conditional types, template literal keys, index signatures of every key kind, enums of every kind,
// classes with toJSON, extends Array, XOR and never, tuples, generics with defaults, namespaces,
// satisfies, keyof, typeof a value), in test/corpus/*.ts. Every type a corpus file exports (a generic
// one when its parameters all have defaults) goes through schemaOf<T>(), schemaOf<T>({ refs: true })
// and validateArgs<T>() on every host. A type expects no diagnostic unless a comment above it says
// which one and where (`// expect: flat TS99002`: flat, refs or check). Then:
// - no call ends in an internal error, TypeScript's own check of the corpus is clean, and every host
//   emits the very constants TypeScript 5.9 does;
// - every schema passes the 2020-12 meta-schema;
// - on values generated from each schema and mutations of them, validateArgs gives ajv's verdict
//   (for the flat and the $refs schema alike), its issues are the plan interpreter's, and its happy
//   path gives up where its full check reports.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as runtime from "@schemaof/runtime";
import { createRequire } from "node:module";
import { toCheckSource } from "@schemaof/transformer/stages";
import { compilers } from "./lib/compilers.mjs";
import { compileFiles, constantsOf, fixtureOptions, formatDiagnostics, runModule } from "./lib/compile.mjs";
import { buildFiles, ts7Lines } from "./lib/build7.mjs";
import { createAjv } from "./lib/ajv.mjs";
import { valueOf, mutated } from "./lib/arbitraries.mjs";
import { referencePlans, threeWays, typeArgumentsOf } from "./lib/reference.mjs";
import { KINDS, writeCorpusCases } from "./lib/corpusCases.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const scratch = join(here, ".tmp", "corpus");
const RUNS = Number(process.env.CORPUS_RUNS ?? 150);
// What a CommonJS module's checks are handed: every helper, in the runtime's CommonJS helpers only.
const { H } = createRequire(import.meta.url)("@schemaof/runtime/helpers");
const [{ ts }] = compilers;

const { files, cases } = writeCorpusCases(ts, scratch);
const casesFiles = [...new Set(cases.map((c) => c.file))];

/** Our diagnostics of one file, as `line code` entries. */
const codesOf = (text) => [...text.matchAll(/\((\d+),\d+\): error (TS99\d{3}):/g)].map(([, line, code]) => `${line} ${code}`).sort();
const expectedCodes = (file) =>
  cases
    .filter((c) => c.file === file)
    .flatMap((c) => KINDS.filter((kind) => c.expects[kind]).map((kind) => `${c.lines[kind]} ${c.expects[kind]}`))
    .sort();

const program = ts.createProgram(files, fixtureOptions(ts));
const hosts = compilers.map(({ label, ts: compiler }, i) => {
  const results = compileFiles(compiler, files, {}, i === 0 ? program : undefined);
  return {
    label,
    results: new Map(
      [...results].map(([file, r]) => [
        file,
        { js: r.js, diagnostics: formatDiagnostics(compiler, r.diagnostics, file), typeErrors: formatDiagnostics(compiler, r.typeErrors, file) },
      ]),
    ),
  };
});
for (const { label, packageDir } of ts7Lines) hosts.push({ label: `${label}, schemaof build`, results: (await buildFiles(packageDir, files)).results });
const reference = hosts[0].results;

for (const { label, results } of hosts) {
  test(`corpus: TypeScript's check is clean, the diagnostics are the expected ones, the constants are 5.9's (${label})`, () => {
    for (const file of files) {
      const { typeErrors, diagnostics, js } = results.get(file);
      assert.is(typeErrors, "", `${basename(file)} type-checks`);
      assert.not.match(diagnostics, /TS99013/, "no call ends in an internal error");
      if (file.endsWith(".cases.ts")) {
        assert.equal(codesOf(diagnostics), expectedCodes(file), `${basename(file)}:\n${diagnostics}`);
        assert.equal(constantsOf(js), constantsOf(reference.get(file).js), `${basename(file)}: the same schemas and plans as TypeScript 5.9's`);
      }
    }
  });
}

// The interpreter's plan of each validateArgs call, made as the transformer makes the one it emits.
const planOf = referencePlans(ts, program);
const ajv = createAjv();
const modules = new Map();
/** A cases module run with validateArgs watched: each call hands over the plan it was given. */
function casesOf(file) {
  if (!modules.has(file)) {
    const watched = { ...runtime, validateArgs: (args, options, plan) => ({ result: runtime.validateArgs(args, options, plan), plan: plan ?? options }) };
    modules.set(file, runModule(reference.get(file).js, file, { "@schemaof/runtime": watched }).cases);
  }
  return modules.get(file);
}
const typeNodes = new Map(casesFiles.map((file) => [file, typeArgumentsOf(ts, program.getSourceFile(file), "validateArgs")]));

cases.forEach((c, index) => {
  const schemaKinds = ["flat", "refs"].filter((kind) => !c.expects[kind]);
  if (!schemaKinds.length) return;
  test(`corpus ${c.corpus}: ${c.name}: meta-schema valid; validateArgs agrees with ajv and the interpreter`, () => {
    const row = casesOf(c.file).find(([name]) => name === c.name);
    const schemas = Object.fromEntries(schemaKinds.map((kind) => [kind, row[1 + KINDS.indexOf(kind)]()]));
    const validators = {};
    for (const [kind, schema] of Object.entries(schemas)) {
      assert.ok(ajv.validateSchema(schema), `${kind}: meta-schema: ${ajv.errorsText(ajv.errors)}`);
      validators[kind] = ajv.compile(schema);
    }
    if (schemas.flat && schemas.refs) {
      // Both forms accept the same values: checked on values of each.
      for (const kind of schemaKinds) {
        fc.assert(
          fc.property(fc.oneof(valueOf(schemas[kind]), mutated(valueOf(schemas[kind]))), (value) => validators.flat(value) === validators.refs(value)),
          { numRuns: RUNS, seed: index },
        );
      }
    }
    if (c.expects.check) return;
    const check = row[3];
    const { plan } = check(null);
    const typeNode = typeNodes.get(c.file)[cases.filter((other) => other.file === c.file).indexOf(c)];
    const calls = (text) => [...new Set([...text.matchAll(/\bh\.(\w+)/g)].map((match) => match[1]))].sort();
    // The code names the helpers it calls, for an ES module to bind those alone (and a bundler to
    // keep them); this module, CommonJS, hands its checks the runtime's object of every helper.
    const data = planOf(typeNode);
    const { source, helpers } = toCheckSource(data);
    assert.equal([...helpers], calls(source), "the helpers named are those called");
    const text = plan.check.toString();
    assert.ok(text.endsWith(")(__schemaof.H)"), text.slice(-80));
    for (const name of calls(text)) assert.ok(Object.hasOwn(H, name), `@schemaof/runtime/helpers has ${name}`);
    const agree = threeWays({ run: (value) => check(value).result, ajv: validators.refs ?? validators.flat, plan, reference: planOf(typeNode) });
    const generated = valueOf(schemas.refs ?? schemas.flat);
    const mismatches = [];
    let valid = 0;
    const compare = (value, json = true) => {
      const { verdict, found } = agree(value, json);
      if (verdict) valid++;
      if (mismatches.length < 3) mismatches.push(...found);
    };
    fc.assert(
      fc.property(generated, (value) => void compare(value)),
      { numRuns: RUNS, seed: 7 + index },
    );
    fc.assert(
      fc.property(mutated(generated), (value) => void compare(value)),
      { numRuns: RUNS, seed: 77 + index },
    );
    fc.assert(
      fc.property(mutated(mutated(generated), { hostile: true }), (value) => void compare(value, false)),
      { numRuns: RUNS / 3, seed: 777 + index },
    );
    assert.equal(mismatches, [], JSON.stringify(mismatches).slice(0, 2000));
    assert.ok(valid > 0, "some generated values are valid");
  });
});

test("corpus: it covers what it says it covers", () => {
  assert.ok(cases.length >= 80, `${cases.length} types`);
});

test.run();
