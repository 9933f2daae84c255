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

const PER_FIXTURE = Number(process.env.DIFF_RUNS ?? 1000);
const fixtures = listFixtures().filter((f) => !f.expectsDiagnostics);
const files = writeWithValidators(fixtures);
const [{ ts }] = compilers;
const results = compileFiles(ts, files);
const ajv = createAjv();
let total = 0;

fixtures.forEach((fixture, index) => {
  test(`validateArgs agrees with ajv on generated and mutated values: ${fixture.name}`, () => {
    const { schema, __validate } = runModule(results.get(files[index]).js, files[index]);
    const validate = ajv.compile(schema);
    const generated = valueOf(schema);
    const mismatches = [];
    let valid = 0;
    const compare = (value) => {
      total++;
      const reference = validate(value);
      const ours = __validate(value).issues === undefined;
      if (reference) valid++;
      if (reference !== ours && mismatches.length < 5) mismatches.push({ value, ajv: reference, ours });
    };
    fc.assert(fc.property(generated, (value) => void compare(value)), { numRuns: PER_FIXTURE, seed: 42 + index });
    fc.assert(fc.property(mutated(generated), (value) => void compare(value)), { numRuns: PER_FIXTURE, seed: 4242 + index });
    assert.equal(mismatches, [], JSON.stringify(mismatches).slice(0, 2000));
    assert.ok(valid > 0, "some generated values are valid");
  });
});

test.after(() => console.log(`  differential: ${total} values compared with ajv over ${fixtures.length} fixture types`));
test.run();
