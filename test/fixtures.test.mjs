// Every fixture through every supported TypeScript: the emitted schema equals its golden file byte
// for byte, passes ajv's meta-schema, and ajv accepts its valid samples and rejects its invalid ones;
// a diagnostic fixture's errors equal its baseline.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { join } from "node:path";
import { existsSync } from "node:fs";
import { compilers } from "./lib/compilers.mjs";
import { compileFiles, formatDiagnostics, runModule } from "./lib/compile.mjs";
import { listFixtures, golden, readJson, writeWithValidators } from "./lib/fixtures.mjs";
import { createAjv } from "./lib/ajv.mjs";

const fixtures = listFixtures();
const ajv = createAjv();
const compiled = writeWithValidators(fixtures);

for (const { label, ts } of compilers) {
  const results = compileFiles(ts, compiled);
  fixtures.forEach((fixture, index) => {
    test(`${fixture.name} (${label})`, () => {
      const file = compiled[index];
      const { js, diagnostics, typeErrors } = results.get(file);
      assert.equal(formatDiagnostics(ts, typeErrors, file), "", "the fixture itself type-checks");
      const ours = formatDiagnostics(ts, diagnostics, file);
      if (fixture.expectsDiagnostics) {
        assert.ok(ours.length > 0, "diagnostics are reported");
        assert.fixture(ours, golden(join(fixture.dir, "diagnostics.txt"), ours));
        return;
      }
      assert.equal(ours, "", "no diagnostics");
      const { schema, __validate } = runModule(js, file);
      const text = JSON.stringify(schema, null, 2) + "\n";
      assert.fixture(text, golden(join(fixture.dir, "schema.json"), text));
      assert.ok(ajv.validateSchema(schema), `meta-schema: ${ajv.errorsText(ajv.errors)}`);
      const samplesFile = join(fixture.dir, "samples.json");
      assert.ok(existsSync(samplesFile), "every schema fixture has samples.json");
      const samples = readJson(samplesFile);
      assert.ok(samples.valid.length > 0 && samples.invalid.length > 0, "valid and invalid samples");
      const validate = ajv.compile(schema);
      for (const value of samples.valid) {
        assert.ok(validate(value), `valid sample rejected: ${JSON.stringify(value)}: ${ajv.errorsText(validate.errors)}`);
        const ours = __validate(value);
        assert.ok(ours.issues === undefined, `validateArgs rejects a valid sample ${JSON.stringify(value)}: ${JSON.stringify(ours.issues)}`);
      }
      for (const value of samples.invalid) {
        assert.not.ok(validate(value), `invalid sample accepted: ${JSON.stringify(value)}`);
        const ours = __validate(value);
        assert.ok(ours.issues && ours.issues.length > 0, `validateArgs accepts an invalid sample ${JSON.stringify(value)}`);
      }
    });
  });
}

test.run();
