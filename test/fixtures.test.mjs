// Every fixture through every supported TypeScript and host (the ts-patch transformer on 5.9 and
// 6.0, `schemaof build` on 7.0 and 7.1): the emitted schema equals its golden file byte for byte,
// passes ajv's meta-schema, and ajv accepts its valid samples and rejects its invalid ones; a
// diagnostic fixture's errors equal its baseline; and every host emits the very constants (schemas
// and run-time plans) that TypeScript 5.9 does.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { join } from "node:path";
import { existsSync } from "node:fs";
import { compilers } from "./lib/compilers.mjs";
import { compileFiles, constantsOf, formatDiagnostics, runModule } from "./lib/compile.mjs";
import { buildFiles, ts7Lines } from "./lib/build7.mjs";
import { listFixtures, golden, readCoercion, readSamples, writeSamples, updating, writeWithValidators } from "./lib/fixtures.mjs";
import { checkRepair, rebuildWire } from "./lib/repairs.mjs";
import { createAjv } from "./lib/ajv.mjs";

const fixtures = listFixtures();
const isNamed = (entry) =>
  entry !== null && typeof entry === "object" && !Array.isArray(entry) && "sample" in entry && "pointer" in entry && "keyword" in entry;
const ajv = createAjv();
const compiled = writeWithValidators(fixtures);

/** Per host, per file: the emitted JavaScript, our diagnostics and TypeScript's errors, as text. */
const hosts = compilers.map(({ label, ts }) => ({
  label,
  results: new Map(
    [...compileFiles(ts, compiled)].map(([file, r]) => [
      file,
      { js: r.js, diagnostics: formatDiagnostics(ts, r.diagnostics, file), typeErrors: formatDiagnostics(ts, r.typeErrors, file) },
    ]),
  ),
}));
for (const { label, packageDir } of ts7Lines) hosts.push({ label: `${label}, schemaof build`, results: (await buildFiles(packageDir, compiled)).results });

const reference = hosts[0].results;

for (const { label, results } of hosts) {
  fixtures.forEach((fixture, index) => {
    test(`${fixture.name} (${label})`, () => {
      const file = compiled[index];
      const { js, diagnostics: ours, typeErrors } = results.get(file);
      assert.equal(typeErrors, "", "the fixture itself type-checks");
      if (fixture.expectsDiagnostics) {
        assert.ok(ours.length > 0, "diagnostics are reported");
        assert.fixture(ours, golden(join(fixture.dir, "diagnostics.txt"), ours));
        return;
      }
      assert.equal(ours, "", "no diagnostics");
      assert.equal(constantsOf(js), constantsOf(reference.get(file).js), "the same schemas and plans as TypeScript 5.9's");
      const module = runModule(js, file);
      const { schema, __validate } = module;
      const text = JSON.stringify(schema, null, 2) + "\n";
      assert.fixture(text, golden(join(fixture.dir, "schema.json"), text));
      assert.ok(ajv.validateSchema(schema), `meta-schema: ${ajv.errorsText(ajv.errors)}`);
      const samplesFile = join(fixture.dir, "samples.json");
      assert.ok(existsSync(samplesFile), "every schema fixture has samples.json");
      const samples = readSamples(fixture.dir);
      assert.ok(samples.valid.length > 0 && samples.invalid.length > 0, "valid and invalid samples");
      const validate = ajv.compile(schema);
      for (const value of samples.valid) {
        assert.ok(validate(value), `valid sample rejected: ${JSON.stringify(value)}: ${ajv.errorsText(validate.errors)}`);
        const ours = __validate(value);
        assert.ok(ours.issues === undefined, `validateArgs rejects a valid sample ${JSON.stringify(value)}: ${JSON.stringify(ours.issues)}`);
      }
      const named = [];
      for (const entry of samples.invalid) {
        // UPDATE=1 names each invalid sample's first issue (a bare value is taken as the sample); read the diff.
        const value = updating && !isNamed(entry) ? entry : entry.sample;
        assert.not.ok(validate(value), `invalid sample accepted: ${JSON.stringify(value)}`);
        const ours = __validate(value);
        assert.ok(ours.issues && ours.issues.length > 0, `validateArgs accepts an invalid sample ${JSON.stringify(value)}`);
        const [{ pointer, keyword }] = ours.issues;
        if (updating) named.push({ sample: value, pointer, keyword });
        else
          assert.equal(
            { pointer, keyword },
            { pointer: entry.pointer, keyword: entry.keyword },
            `the first issue of ${JSON.stringify(value)}: ${ours.issues[0].message}`,
          );
      }
      if (updating && label === hosts[0].label) writeSamples(fixture.dir, samples.valid, named);
      checkCoercion(fixture, module, validate);
    });
  });
}

/**
 * A fixture's repairs (coerce.json), through its `__coerce` check: each mistake is one the schema
 * refuses, is repaired as listed (the value, and where and by which rule), and the repaired wire value
 * is one the schema takes and the plain check maps to the same value; each look-alike is refused with
 * the plain check's very issues. Every sample of every fixture goes through `__coerce` too: a valid
 * one is answered as the plain check answers it, and an invalid one repaired only into what the
 * schema takes.
 */
function checkCoercion(fixture, { __validate, __coerce }, validate) {
  const held = { coerce: __coerce, plain: __validate, accepts: (value) => validate(value) };
  for (const value of readSamples(fixture.dir).values) {
    const problem = checkRepair(held, value);
    assert.ok(problem === undefined, `${JSON.stringify(value)}: ${problem}`);
  }
  const coercion = readCoercion(fixture.dir);
  if (!coercion) return;
  for (const { sample, value, coerced } of coercion.repaired) {
    const shown = JSON.stringify(sample) ?? "no arguments";
    assert.not.ok(validate(sample), `the schema refuses the mistake ${shown}`);
    const fixed = __coerce(sample);
    assert.ok(fixed.issues === undefined, `${shown} is repaired: ${JSON.stringify(fixed.issues)}`);
    assert.equal(JSON.parse(JSON.stringify(fixed.value)), value, `the value ${shown} is repaired to`);
    assert.equal(
      fixed.coerced.map(({ pointer, rule }) => ({ pointer, rule })),
      coerced,
      `the repairs of ${shown}`,
    );
    assert.ok(validate(rebuildWire(sample, fixed.coerced)), `the schema takes ${shown} repaired`);
    assert.equal(checkRepair(held, sample), undefined);
  }
  for (const { sample, pointer, keyword } of coercion.refused) {
    const shown = JSON.stringify(sample)?.slice(0, 200) ?? "no arguments";
    assert.not.ok(validate(sample), `the schema refuses ${shown}`);
    const fixed = __coerce(sample);
    assert.equal(fixed, __validate(sample), `${shown} is refused with the plain check's issues`);
    assert.equal({ pointer: fixed.issues[0].pointer, keyword: fixed.issues[0].keyword }, { pointer, keyword }, `the first issue of ${shown}`);
  }
}

test.run();
