// Types the transformer has never seen: every exported interface, type alias, class and enum of a
// few well-known packages' .d.ts files gets a schemaOf and a validateArgs call. Each line must end as
// a schema or a diagnostic at its own line, never as an exception out of the compiler, under
// TypeScript 5.9 and 6.0 (ts-patch's transformer) and 7.0 and 7.1 (`schemaof build`), which must
// agree on which types get a schema and emit the very schemas and plans 5.9 does. Then, for
// every type that got a schema, values generated from it and mutations of them must get ajv's
// verdict from validateArgs, its issues and mapping must be the plan interpreter's (values JSON cannot
// carry included), and the happy path must give up exactly where the full check reports.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { rmSync } from "node:fs";
import { compilers } from "./lib/compilers.mjs";
import { compileFiles, constantsOf, fixtureOptions, runModule } from "./lib/compile.mjs";
import fc from "fast-check";
import * as runtime from "@schemaof/runtime";
import { createAjv } from "./lib/ajv.mjs";
import { valueOf, mutated } from "./lib/arbitraries.mjs";
import { referencePlans, threeWays, typeArgumentsOf } from "./lib/reference.mjs";
import { buildFiles, ts7Lines } from "./lib/build7.mjs";
import { UNSEEN_MODULES, unseenWork, writeProbe } from "./lib/unseenProbes.mjs";

/** One of our diagnostics (TS99001 to TS99022), and not TS99013, an internal error. */
const isOurs = (code) => code >= 99001 && code <= 99022 && code !== 99013;
const modules = UNSEEN_MODULES;
const work = unseenWork();

for (const { label, ts } of compilers) {
  test(`every exported type of ${modules.join(", ")} yields a schema or a diagnostic (${label})`, () => {
    const probes = modules.map((specifier, i) => ({ specifier, ...writeProbe(ts, work, specifier, i) }));
    const program = ts.createProgram(
      probes.map((p) => p.probe),
      fixtureOptions(ts),
    );
    const results = compileFiles(
      ts,
      probes.map((p) => p.probe),
      {},
      program,
    );
    const planOf = ts === compilers[0].ts ? referencePlans(ts, program) : undefined;
    let schemas = 0;
    let diagnosed = 0;
    const withSchemas = [];
    for (const { specifier, probe, count, firstLine } of probes) {
      assert.ok(count > 5, `${specifier} exports types`);
      const { js, diagnostics } = results.get(probe);
      const diagnosedLines = new Set(diagnostics.map((d) => d.file.getLineAndCharacterOfPosition(d.start).line + 1));
      for (const d of diagnostics) assert.ok(isOurs(d.code), `our code, not an internal error: ${d.code}`);
      const withSchema = [];
      for (let i = 0; i < count; i++) {
        const replaced = new RegExp(`const s${i} = \\(\\) => schema_\\d+;`).test(js);
        const checked = new RegExp(`const v${i} = \\(a\\) => \\(0, runtime_1\\.validateArgs\\)\\(a, plan_\\d+\\);`).test(js);
        const line = firstLine + i;
        assert.ok(replaced !== diagnosedLines.has(line), `${specifier} call ${i}: exactly one of schema or diagnostic`);
        assert.is(checked, replaced, `${specifier} call ${i}: validateArgs is rewritten where schemaOf is`);
        if (replaced) (withSchema.push(i), withSchemas.push(`${specifier}#${i}`));
        else diagnosed++;
      }
      schemas += withSchema.length;
      if (planOf) {
        const typeNodes = typeArgumentsOf(ts, program.getSourceFile(probe), "validateArgs");
        checkAtRunTime(specifier, probe, js, withSchema, (i) => planOf(typeNodes[i]));
      }
    }
    console.log(`  ${label}: ${schemas} schemas, ${diagnosed} diagnostics over ${probes.reduce((n, p) => n + p.count, 0)} unseen types`);
    schemaLines.set(label, withSchemas);
    constantsByHost.set(
      label,
      probes.map(({ probe }) => constantsOf(results.get(probe).js)),
    );
    if (ts !== compilers[0].ts) sameAsReference(label, withSchemas, probes, constantsByHost.get(label));
  });
}

/** The same types get a schema as under the first compiler, and the same schemas and plans, byte for byte. */
function sameAsReference(label, withSchemas, probes, constants) {
  const reference = schemaLines.get(compilers[0].label);
  assert.ok(reference, `${compilers[0].label} ran first`);
  assert.equal(withSchemas, reference, `${label}: the same types get a schema as under ${compilers[0].label}`);
  const referenceConstants = constantsByHost.get(compilers[0].label);
  probes.forEach(({ specifier }, i) => {
    const ours = constants[i];
    const at = ours.findIndex((text, k) => text !== referenceConstants[i][k]);
    // UNSEEN_DIFF=1 prints the first constant that differs.
    if (process.env.UNSEEN_DIFF && at >= 0)
      console.log(specifier, at, `\n${label}: `, ours[at]?.slice(0, 1500), `\n${compilers[0].label}: `, referenceConstants[i][at]?.slice(0, 1500));
    assert.is(at, -1, `${specifier}: the same schemas and plans as under ${compilers[0].label}`);
    assert.is(ours.length, referenceConstants[i].length);
  });
}

const schemaLines = new Map();
const constantsByHost = new Map();

for (const { label, packageDir } of ts7Lines) {
  test(`every exported type of ${modules.join(", ")} yields a schema or a diagnostic (${label}, schemaof build)`, async () => {
    const probes = modules.map((specifier, i) => ({ specifier, ...writeProbe(compilers[0].ts, work, specifier, i) }));
    const { results, unplaced } = await buildFiles(
      packageDir,
      probes.map((p) => p.probe),
      {},
      { rootDir: work, types: ["node"] },
    );
    assert.is(unplaced, "", "no diagnostic outside the probes");
    const withSchemas = [];
    for (const { specifier, probe, count, firstLine } of probes) {
      const { js, diagnostics, typeErrors } = results.get(probe);
      assert.is(typeErrors, "", `${specifier}: the probe type-checks`);
      const lines = [...diagnostics.matchAll(/^[^(\n]+\((\d+),\d+\): error TS(\d+):/gm)];
      for (const [, , code] of lines) assert.ok(isOurs(Number(code)), `our code, not an internal error: ${code}`);
      const diagnosedLines = new Set(lines.map(([, line]) => Number(line)));
      for (let i = 0; i < count; i++) {
        const replaced = new RegExp(`const s${i} = \\(\\) => schema_\\d+;`).test(js);
        const checked = new RegExp(`const v${i} = \\(a\\) => \\(0, runtime_1\\.validateArgs\\)\\(a, plan_\\d+\\);`).test(js);
        assert.ok(replaced !== diagnosedLines.has(firstLine + i), `${specifier} call ${i}: exactly one of schema or diagnostic`);
        assert.is(checked, replaced, `${specifier} call ${i}: validateArgs is rewritten where schemaOf is`);
        if (replaced) withSchemas.push(`${specifier}#${i}`);
      }
    }
    sameAsReference(
      `${label}, schemaof build`,
      withSchemas,
      probes,
      probes.map(({ probe }) => constantsOf(results.get(probe).js)),
    );
    console.log(`  ${label}, schemaof build: ${withSchemas.length} schemas over ${probes.reduce((n, p) => n + p.count, 0)} unseen types`);
  });
}

const ajv = createAjv({ strict: false });
const RUNS = Number(process.env.UNSEEN_RUNS ?? 24);
let types = 0;
let values = 0;

/**
 * The types of the module that got a schema (`indexes`; `referenceOf(i)`: the interpreter's plan of
 * one), each value three ways: ajv's verdict on JSON values, the interpreter's issues and mapping on
 * all, and the two generated checks agreeing.
 */
function checkAtRunTime(specifier, probe, js, indexes, referenceOf) {
  let plan;
  const watched = { ...runtime, validateArgs: (args, a) => ((plan = a), runtime.validateArgs(args, a)) };
  const module = runModule(js, probe, { "@schemaof/runtime": watched });
  const mismatches = [];
  for (const i of indexes) {
    const schema = module[`s${i}`]();
    const validate = ajv.compile(schema);
    module[`v${i}`](null);
    const agree = threeWays({ run: module[`v${i}`], ajv: validate, plan, reference: referenceOf(i), options: undefined });
    types++;
    const compare = (value, json = true) => {
      values++;
      for (const found of agree(value, json).found) mismatches.push({ type: i, ...found });
    };
    const generated = valueOf(schema);
    fc.assert(
      fc.property(generated, (value) => void compare(value)),
      { numRuns: RUNS, seed: i },
    );
    fc.assert(
      fc.property(mutated(generated), (value) => void compare(value)),
      { numRuns: RUNS, seed: 4242 + i },
    );
    fc.assert(
      fc.property(mutated(mutated(generated), { hostile: true }), (value) => void compare(value, false)),
      { numRuns: RUNS, seed: 424242 + i },
    );
  }
  assert.equal(mismatches.slice(0, 3), [], `${specifier}: validateArgs against ajv, the interpreter and its own full check`);
}

test.after(() => console.log(`  at run time: ${values} values over ${types} unseen types, each checked against ajv (the JSON ones) and the interpreter`));

test.after(() => rmSync(work, { recursive: true, force: true }));
test.run();
