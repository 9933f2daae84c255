// Every fixture through every supported TypeScript: the emitted schema equals its golden file byte
// for byte, passes ajv's meta-schema, and ajv accepts its valid samples and rejects its invalid ones;
// a diagnostic fixture's errors equal its baseline.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { join } from "node:path";
import { existsSync } from "node:fs";
import { compilers } from "./lib/compilers.mjs";
import { compileFiles, formatDiagnostics, runModule } from "./lib/compile.mjs";
import { listFixtures, golden, readJson } from "./lib/fixtures.mjs";
import { createAjv } from "./lib/ajv.mjs";

const fixtures = listFixtures();
const ajv = createAjv();

for (const { label, ts } of compilers) {
  const results = compileFiles(ts, fixtures.map((f) => f.input));
  for (const fixture of fixtures) {
    test(`${fixture.name} (${label})`, () => {
      const { js, diagnostics, typeErrors } = results.get(fixture.input);
      assert.equal(formatDiagnostics(ts, typeErrors, fixture.input), "", "the fixture itself type-checks");
      const ours = formatDiagnostics(ts, diagnostics, fixture.input);
      if (fixture.expectsDiagnostics) {
        assert.ok(ours.length > 0, "diagnostics are reported");
        assert.fixture(ours, golden(join(fixture.dir, "diagnostics.txt"), ours));
        return;
      }
      assert.equal(ours, "", "no diagnostics");
      const { schema } = runModule(js, fixture.input);
      const text = JSON.stringify(schema, null, 2) + "\n";
      assert.fixture(text, golden(join(fixture.dir, "schema.json"), text));
      assert.ok(ajv.validateSchema(schema), `meta-schema: ${ajv.errorsText(ajv.errors)}`);
      const samplesFile = join(fixture.dir, "samples.json");
      assert.ok(existsSync(samplesFile), "every schema fixture has samples.json");
      const samples = readJson(samplesFile);
      assert.ok(samples.valid.length > 0 && samples.invalid.length > 0, "valid and invalid samples");
      const validate = ajv.compile(schema);
      for (const value of samples.valid) assert.ok(validate(value), `valid sample rejected: ${JSON.stringify(value)}: ${ajv.errorsText(validate.errors)}`);
      for (const value of samples.invalid) assert.not.ok(validate(value), `invalid sample accepted: ${JSON.stringify(value)}`);
    });
  }
}

test.run();
