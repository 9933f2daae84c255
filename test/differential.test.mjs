// Differential test: for every schema fixture, its own samples and the values fast-check generates
// from the emitted schema and mutations of them (one fault, two faults, values JSON cannot carry)
// each go three ways (the generated check, ajv, the plan interpreter):
// - on JSON values, validateArgs must give ajv's verdict (a mismatch found here becomes a sample in
//   that fixture's samples.json, so it is run again on every run);
// - its issues must be the plan interpreter's, word for word, and its value the interpreter's
//   mapping (same keys in the same order, same Dates);
// and with a cap of two issues, validateArgs must report the first two of its whole list.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { compilers } from "./lib/compilers.mjs";
import { compileFiles, fixtureOptions, runModule } from "./lib/compile.mjs";
import { join } from "node:path";
import { listFixtures, readSamples, writeWithValidators } from "./lib/fixtures.mjs";
import { createAjv } from "./lib/ajv.mjs";
import { valueOf, mistaken, mutated } from "./lib/arbitraries.mjs";
import { checkRepair } from "./lib/repairs.mjs";
import * as runtime from "@schemaof/runtime";
import { referencePlans, threeWays, typeArgumentsOf } from "./lib/reference.mjs";

// DIFF_RUNS values of each kind per fixture; DIFF_SEED moves every fixture's seeds (a longer or a
// different hunt: `DIFF_RUNS=15000 DIFF_SEED=7 node run.mjs differential`).
const PER_FIXTURE = Number(process.env.DIFF_RUNS ?? 1000);
const SEED = Number(process.env.DIFF_SEED ?? 0);
const fixtures = listFixtures().filter((f) => !f.expectsDiagnostics);
const files = writeWithValidators(fixtures);
const [{ ts }] = compilers;
// One program: the transformer's emit, and the interpreter's plans made from the same types.
const program = ts.createProgram(files, fixtureOptions(ts));
const results = compileFiles(ts, files, {}, program);
const ajv = createAjv();
let total = 0;
let againstAjv = 0;
let mapped = 0;
// The values the check built with `coerce: true` repaired, of those it was given.
const repairs = { tried: 0, repaired: 0 };

// The interpreter's plan of each fixture's type, made as the transformer makes the one it emits.
const planOf = referencePlans(ts, program);
const interpreterPlan = (file) => planOf(typeArgumentsOf(ts, program.getSourceFile(file), "__validateArgs")[0]);

fixtures.forEach((fixture, index) => {
  test(`validateArgs agrees with ajv and the interpreter: ${fixture.name}`, () => {
    // The plan the transformer emitted, caught as the module's validateArgs receives it.
    let plan;
    let options;
    const watched = {
      ...runtime,
      validateArgs: (args, a, b) => {
        [plan, options] = b === undefined ? [a, undefined] : [b, a];
        return runtime.validateArgs(args, a, b);
      },
    };
    const { schema, __validate, __coerce } = runModule(results.get(files[index]).js, files[index], { "@schemaof/runtime": watched });
    __validate(null);
    const validate = ajv.compile(schema);
    const agree = threeWays({ run: __validate, ajv: validate, plan, reference: interpreterPlan(files[index]), options });
    const generated = valueOf(schema);
    const mismatches = [];
    const mismatch = (found) => void (mismatches.length < 5 && mismatches.push(found));
    let valid = 0;
    /** `json`: the value is JSON, so ajv's verdict is the reference too. */
    const compare = (value, json = true) => {
      const { result, verdict, found } = agree(value, json);
      total++;
      if (json) againstAjv++;
      if (verdict) valid++;
      if (!result.issues) mapped++;
      found.forEach(mismatch);
      if (json) repair(value);
      if (result.issues?.length > 1) {
        // A cap keeps the first issues of the whole list, and only them.
        const capped = runtime.validateArgs(value, { ...options, maxIssues: 2 }, plan).issues;
        if (JSON.stringify(capped) !== JSON.stringify(result.issues.slice(0, 2))) mismatch({ value, maxIssues: 2, capped, whole: result.issues });
      }
    };
    // The check built with `coerce: true` answers as the plain one, or repairs into what the schema takes.
    const held = { coerce: __coerce, plain: __validate, accepts: (value) => validate(value) };
    const repair = (value) => {
      repairs.tried++;
      const problem = checkRepair(held, value, repairs);
      if (problem) mismatch({ value, coerce: problem });
    };
    for (const value of readSamples(fixture.dir).values) compare(value);
    fc.assert(
      fc.property(generated, (value) => void compare(value)),
      { numRuns: PER_FIXTURE, seed: SEED + 42 + index },
    );
    fc.assert(
      fc.property(mutated(generated), (value) => void compare(value)),
      { numRuns: PER_FIXTURE, seed: SEED + 4242 + index },
    );
    // Two faults in one value (issue lists of several entries: their order, one hiding another), and
    // values JSON cannot carry (a function, NaN, a Map, a class instance, a `__proto__` key).
    const half = Math.ceil(PER_FIXTURE / 2);
    fc.assert(
      fc.property(mutated(mutated(generated)), (value) => void compare(value)),
      { numRuns: half, seed: SEED + 424242 + index },
    );
    fc.assert(
      fc.property(mutated(mutated(generated), { hostile: true }), (value) => void compare(value, false)),
      { numRuns: half, seed: SEED + 42424242 + index },
    );
    // A model's mistakes, and the look-alikes of them a repair must refuse.
    fc.assert(
      fc.property(mistaken(generated), (value) => void repair(value)),
      { numRuns: PER_FIXTURE, seed: SEED + 4343 + index },
    );
    assert.equal(mismatches, [], JSON.stringify(mismatches).slice(0, 2000));
    assert.ok(valid > 0, "some generated values are valid");
  });
});

test("coerce: true repaired some of the values it was given (the test above tried)", () => {
  assert.ok(repairs.repaired > repairs.tried / 20, `${repairs.repaired} of ${repairs.tried}`);
});

test.after(() =>
  console.log(
    `  differential: ${total} values compared with the plan interpreter over ${fixtures.length} fixture types, ${againstAjv} of them (the JSON ones) with ajv too; ${mapped} of them mapped, every other one reported; coerce: true repaired ${repairs.repaired} of ${repairs.tried} values, each into one the schema takes`,
  ),
);
test.run();
