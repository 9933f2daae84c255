// Fixture folders: test/fixtures/<group>/<case>/ with input.ts and either a golden schema.json
// (plus samples.json) or a golden diagnostics.txt.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { writeShared } from "./scratch.mjs";

export const fixturesRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures");
export const updating = process.env.UPDATE === "1";

export function listFixtures() {
  const out = [];
  for (const group of readdirSync(fixturesRoot, { withFileTypes: true })) {
    if (!group.isDirectory()) continue;
    for (const entry of readdirSync(join(fixturesRoot, group.name), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const dir = join(fixturesRoot, group.name, entry.name);
      if (!existsSync(join(dir, "input.ts"))) continue;
      out.push({
        name: `${group.name}/${entry.name}`,
        dir,
        input: join(dir, "input.ts"),
        expectsDiagnostics: existsSync(join(dir, "diagnostics.txt")) || group.name === "diagnostics",
      });
    }
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

export const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

/**
 * A schema fixture's samples: `valid` values, and `invalid` ones each with the pointer and keyword
 * of the first issue the run-time check must report (`{ "sample": …, "pointer": "/limit",
 * "keyword": "maximum" }`). `values` is every sample, for tests that only compare verdicts.
 */
export function readSamples(dir) {
  const samples = readJson(join(dir, "samples.json"));
  return {
    ...samples,
    get values() {
      return [...samples.valid, ...samples.invalid.map((entry) => entry.sample)];
    },
  };
}

/** Writes samples as readSamples reads them, one sample a line. */
export function writeSamples(dir, valid, invalid) {
  const lines = (entries) => entries.map((entry) => `    ${JSON.stringify(entry)}`).join(",\n");
  writeFileSync(join(dir, "samples.json"), `{\n  "valid": [\n${lines(valid)}\n  ],\n  "invalid": [\n${lines(invalid)}\n  ]\n}\n`);
}

/** Compares with a golden file; under UPDATE=1 writes it instead. */
export function golden(file, actual) {
  if (updating || !existsSync(file)) {
    if (!updating) throw new Error(`missing golden ${file}; run with UPDATE=1 and read the diff`);
    writeFileSync(file, actual);
    return actual;
  }
  return readFileSync(file, "utf8");
}

// One folder per process: test files that compile the fixtures run at once (run.mjs).
const scratch = join(fixturesRoot, "..", ".tmp", `fixtures-${process.pid}`);

// schemaOf's additionalProperties: false is, at run time, the caller's unknownKeys: "reject".
const closed = (options) => (/additionalProperties:\s*false/.test(options) ? `unknownKeys: "reject"` : "");

/**
 * A schema fixture is compiled with one more export, the run-time check of the same type, so its
 * samples go through validateArgs as well as ajv: `export const __validate = (a) => validateArgs<T>(a)`;
 * and `__validateWire`, the same check made for openai-strict.
 * The lines are added at the end, so diagnostics keep their positions.
 */
function withValidator(fixture) {
  const text = readFileSync(fixture.input, "utf8");
  const file = join(scratch, fixture.name, "input.ts");
  mkdirSync(dirname(file), { recursive: true });
  const call = /schemaOf<(.+)>\((.*)\);$/m.exec(text);
  // A type mapArgs cannot give back (one written by a toJSON()) names the type a tool takes instead: `// validated as: OrderJson`.
  const twin = /^\/\/ validated as: (\w+)$/m.exec(text)?.[1];
  const type = twin ?? call?.[1];
  const reject = call ? closed(call[2]) : "";
  // And the check made for openai-strict, whose model sends null for an optional key it leaves out (round-trip.test).
  const extra =
    fixture.expectsDiagnostics || !call
      ? ""
      : `import { validateArgs as __validateArgs } from "@schemaof/runtime";\n` +
        `export const __validate = (args: unknown) => __validateArgs<${type}>(args${reject ? `, { ${reject} }` : ""});\n` +
        `export const __validateWire = (args: unknown) => __validateArgs<${type}>(args, { target: "openai-strict"${reject ? `, ${reject}` : ""} });\n` +
        `export const __coerce = (args: unknown) => __validateArgs<${type}>(args, { coerce: ${JSON.stringify(coerceRules(fixture))}${reject ? `, ${reject}` : ""} });\n`;
  writeFileSync(file, text + extra);
  return file;
}

/**
 * A fixture's repairs (`coerce.json`): the rules its `__coerce` check is built with (`true` when it
 * has none), the mistakes it repairs (`repaired`: the sample, the value and the repairs made) and the
 * look-alikes it refuses (`refused`: the sample and its first issue, as the plain check reports it).
 * A sample may write `{ "$repeat": ["4", 4194304] }` for a long string, `{ "$undefined": true }` for
 * no value at all.
 */
export function readCoercion(dir) {
  const file = join(dir, "coerce.json");
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, "utf8"), (key, value) => {
    if (value && typeof value === "object" && Array.isArray(value.$repeat)) return value.$repeat[0].repeat(value.$repeat[1]);
    if (value && typeof value === "object" && value.$undefined === true) return undefined;
    return value;
  });
}

const coerceRules = (fixture) => readCoercion(fixture.dir)?.rules ?? true;

/** The scratch copies of the fixtures, each with its validator export; returns their paths in order. */
export function writeWithValidators(fixtures) {
  mkdirSync(scratch, { recursive: true });
  writeShared(join(scratch, "..", "package.json"), JSON.stringify({ type: "commonjs" }));
  return fixtures.map(withValidator);
}
