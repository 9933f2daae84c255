// Differential test: for every schema fixture, fast-check generates values from the emitted schema
// and mutations of them; validateArgs must give ajv's verdict on each. A mismatch found here
// becomes a sample in that fixture's samples.json.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { compilers } from "./lib/compilers.mjs";
import { compileFiles, runModule } from "./lib/compile.mjs";
import { listFixtures, writeWithValidators } from "./lib/fixtures.mjs";
import { createAjv } from "./lib/ajv.mjs";
import { valueOf, mutated } from "./lib/arbitraries.mjs";
import * as runtime from "@schemaof/runtime";
import { createRequire } from "node:module";

// The full check alone (what runs when the fast path says no), to hold the fast path to it.
const { checkArgs } = createRequire(import.meta.url)("../packages/runtime/dist/check/checkArgs.js");
const fullCheck = (plan, value, ctx) => plan.make()(value, ctx);

const PER_FIXTURE = Number(process.env.DIFF_RUNS ?? 1000);
const fixtures = listFixtures().filter((f) => !f.expectsDiagnostics);
const files = writeWithValidators(fixtures);
const [{ ts }] = compilers;
const results = compileFiles(ts, files);
const ajv = createAjv();
let total = 0;
let fastTaken = 0;

/** Equal as JSON values: key order and prototypes aside. */
function equalJson(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && equalJson(a[key], b[key]));
}

fixtures.forEach((fixture, index) => {
  test(`validateArgs agrees with ajv on generated and mutated values: ${fixture.name}`, () => {
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
    const { schema, __validate } = runModule(results.get(files[index]).js, files[index], { "@schemaof/runtime": watched });
    const validate = ajv.compile(schema);
    const generated = valueOf(schema);
    const mismatches = [];
    let valid = 0;
    const compare = (value) => {
      total++;
      const reference = validate(value);
      const result = __validate(value);
      const ours = result.issues === undefined;
      if (reference) valid++;
      if (reference !== ours && mismatches.length < 5) mismatches.push({ value, ajv: reference, ours });
      // The fast path returns the arguments as they came only when the full check maps them to an equal value.
      if (ours && result.value === value) {
        fastTaken++;
        const full = checkArgs(plan, value, options, fullCheck);
        if (!equalJson(full.value, value) && mismatches.length < 5) mismatches.push({ value, fastPath: true, fullCheck: full });
      }
    };
    fc.assert(fc.property(generated, (value) => void compare(value)), { numRuns: PER_FIXTURE, seed: 42 + index });
    fc.assert(fc.property(mutated(generated), (value) => void compare(value)), { numRuns: PER_FIXTURE, seed: 4242 + index });
    assert.equal(mismatches, [], JSON.stringify(mismatches).slice(0, 2000));
    assert.ok(valid > 0, "some generated values are valid");
  });
});

test.after(() =>
  console.log(`  differential: ${total} values compared with ajv over ${fixtures.length} fixture types; ${fastTaken} valid ones took the fast path, each equal to the full check's result`),
);
test.run();
