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

// The full check alone (what runs when the happy path gives up), to hold the happy path to it.
const FAIL = Symbol.for("schemaof.fail");

const PER_FIXTURE = Number(process.env.DIFF_RUNS ?? 1000);
const fixtures = listFixtures().filter((f) => !f.expectsDiagnostics);
const files = writeWithValidators(fixtures);
const [{ ts }] = compilers;
const results = compileFiles(ts, files);
const ajv = createAjv();
let total = 0;
let mappedAlone = 0;

/** The same value: same keys in the same order, same prototypes, Dates at the same time. */
function same(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (a instanceof Date) return a.getTime() === b.getTime();
  const keys = Object.keys(a);
  return keys.join("\0") === Object.keys(b).join("\0") && keys.every((key) => same(a[key], b[key]));
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
    __validate(null);
    const validate = ajv.compile(schema);
    const happy = plan.map();
    const check = plan.make();
    // The full check's own mapping, before a class or an argument tuple is made of it.
    const fullCheck = (value) => {
      const ctx = { issues: [], max: 100, path: [], defs: plan.defs, reject: false, depth: 0 };
      const mapped = check(value, ctx);
      return mapped === FAIL || ctx.issues.length ? { issues: ctx.issues } : { value: mapped };
    };
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
      // The happy path alone takes exactly the values the full check takes, and maps them the same.
      if (options?.unknownKeys !== "reject") {
        const alone = happy(value);
        const full = fullCheck(value);
        if (alone !== FAIL) mappedAlone++;
        const agree = alone === FAIL ? full.issues !== undefined : full.issues === undefined && same(alone, full.value);
        if (!agree && mismatches.length < 5) mismatches.push({ value, happyPath: alone === FAIL ? "gave up" : alone, fullCheck: full });
      }
    };
    fc.assert(fc.property(generated, (value) => void compare(value)), { numRuns: PER_FIXTURE, seed: 42 + index });
    fc.assert(fc.property(mutated(generated), (value) => void compare(value)), { numRuns: PER_FIXTURE, seed: 4242 + index });
    assert.equal(mismatches, [], JSON.stringify(mismatches).slice(0, 2000));
    assert.ok(valid > 0, "some generated values are valid");
  });
});

test.after(() =>
  console.log(`  differential: ${total} values compared with ajv over ${fixtures.length} fixture types; ${mappedAlone} valid ones mapped by the happy path alone, each the same as the full check's value, and every other one refused by both`),
);
test.run();
