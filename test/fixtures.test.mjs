// Every fixture through every supported TypeScript: the emitted schema equals its golden file byte
// for byte, passes ajv's meta-schema, and ajv accepts its valid samples and rejects its invalid ones;
// a diagnostic fixture's errors equal its baseline.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { join, dirname } from "node:path";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { compilers } from "./lib/compilers.mjs";
import { compileFiles, formatDiagnostics, runModule } from "./lib/compile.mjs";
import { listFixtures, golden, readJson, fixturesRoot } from "./lib/fixtures.mjs";
import { createAjv } from "./lib/ajv.mjs";

const fixtures = listFixtures();
const ajv = createAjv();
const scratch = join(fixturesRoot, "..", ".tmp", "fixtures");

/**
 * A schema fixture is compiled with one more export, the run-time check of the same type, so its
 * samples go through validateArgs as well as ajv: `export const validate = (a) => validateArgs<T>(a)`.
 * The lines are added at the end, so diagnostics keep their positions.
 */
// schemaOf's additionalProperties: false is, at run time, the caller's unknownKeys: "reject".
const closed = (options) => (/additionalProperties:\s*false/.test(options) ? `, { unknownKeys: "reject" }` : "");

function withValidator(fixture) {
  const text = readFileSync(fixture.input, "utf8");
  const file = join(scratch, fixture.name, "input.ts");
  mkdirSync(dirname(file), { recursive: true });
  const call = /schemaOf<(.+)>\((.*)\);$/m.exec(text);
  const extra = fixture.expectsDiagnostics || !call ? "" : `import { validateArgs as __validateArgs } from "@schemaof/runtime";\nexport const __validate = (args: unknown) => __validateArgs<${call[1]}>(args${closed(call[2])});\n`;
  writeFileSync(file, text + extra);
  return file;
}

writeFileSync(join(scratch, "..", "package.json"), JSON.stringify({ type: "commonjs" }));
const compiled = fixtures.map(withValidator);

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
