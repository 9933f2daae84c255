// A seeded generative test: GENERATIVE_TYPES random TypeScript types (1,000 by default) from
// GENERATIVE_SEED (printed at the start and in every failure), written into four files, each type
// with eight calls: schemaOf<T>() flat, with refs, with additionalProperties: false and for one
// provider target; validateArgs<T>(a), with unknownKeys: "reject", with coerce: true; and mapArgs<T>(a). Compiled on
// TypeScript 5.9 (the transformer in memory) and 7.0 (`schemaof build`) at once, then:
// - every call is a schema or a TS99xxx diagnostic, never TS99013 nor an exception, and both hosts
//   give the same codes and byte for byte the same constants for every call;
// - every schema passes the 2020-12 meta-schema, its defaults their own schemas, and the target's
//   schema that provider's rules (or the call is TS99019);
// - on values read off each schema and mutated (GENERATIVE_RUNS a type), validateArgs gives ajv's
//   verdict (drop: on the emitted schema; reject: on the closed one), the flat and $refs schemas
//   agree, and mapArgs' result passes the emitted schema.
// Failures are collected and reported grouped, with the type's source, the call and the value.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runModule } from "./lib/compile.mjs";
import { generateType } from "./lib/generative/generateType.mjs";
import { writeProbes } from "./lib/generative/writeProbes.mjs";
import { compileHosts } from "./lib/generative/compileHosts.mjs";
import { createFailures } from "./lib/generative/failures.mjs";
import { CALL_GROUPS, HOST_GROUPS, checkCalls, checkHostsAgree, outcomeOf } from "./lib/generative/checkCalls.mjs";
import { SCHEMA_GROUPS, checkSchemas } from "./lib/generative/checkSchemas.mjs";
import { VALUE_GROUPS, checkValues } from "./lib/generative/checkValues.mjs";
import { FEATURES, SHAPES, coverageOf } from "./lib/generative/coverage.mjs";
import { pinDifferences, readOpenDefects, writeOpenDefects } from "./lib/generative/openDefects.mjs";
import { updating } from "./lib/fixtures.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const DEFAULT_SEED = 20261207;
const DEFAULT_COUNT = 1000;
const SEED = Number(process.env.GENERATIVE_SEED ?? DEFAULT_SEED);
const COUNT = Number(process.env.GENERATIVE_TYPES ?? DEFAULT_COUNT);
const RUNS = Number(process.env.GENERATIVE_RUNS ?? 24);
const rerun = `GENERATIVE_SEED=${SEED} GENERATIVE_TYPES=${COUNT}`;
console.log(`  generative: seed ${SEED}, ${COUNT} types, ${RUNS} values a type (${rerun} reruns it)`);

const started = Date.now();
const types = Array.from({ length: COUNT }, (_, index) => generateType(SEED, index));
const { files, cases } = writeProbes(join(here, ".tmp", "generative"), types, 4);
const hosts = await compileHosts(files);
const failures = createFailures(SEED, COUNT);
const [reference] = hosts;

const modules = new Map();
/** The 5.9 module of a generated file, run once. */
const moduleOf = (file) => {
  if (!modules.has(file)) modules.set(file, runModule(reference.files.get(file)?.js ?? "", file));
  return modules.get(file);
};
const made = (c, kind) => outcomeOf(reference, c, kind).constant !== undefined;
const schemasOf = (c) =>
  Object.fromEntries(["flat", "refs", "closed", "target"].filter((k) => made(c, k)).map((k) => [k, moduleOf(c.file)[`${c.type.name}_${k}`]()]));
const checksOf = (c) =>
  Object.fromEntries(["drop", "reject", "coerce", "map"].filter((k) => made(c, k)).map((k) => [k, moduleOf(c.file)[`${c.type.name}_${k}`]]));

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const took = [`generated and compiled on both hosts in ${seconds(Date.now() - started)}`];

// Open defects an issue still holds, pinned by type for the default seed (see openDefects.mjs).
const PIN = join(here, "generative.open.txt");
const PIN_HEADER =
  "# Open defects the generative test finds (default seed and count), pinned: `group: the types that fail it`.\n# Each is an open issue's; fix it, then take its line off (UPDATE=1 writes this file).";
const pinned = readOpenDefects(PIN);
const exact = SEED === DEFAULT_SEED && COUNT === DEFAULT_COUNT;
const toPin = {};
const open = [];

/**
 * A test that runs `check`, timed, then fails with the report of `groups` when any holds a failure
 * the pin does not name, or when a pinned one changed.
 */
const checked = (name, label, groups, check) =>
  test(name, () => {
    const from = Date.now();
    check();
    took.push(`${label} in ${seconds(Date.now() - from)}`);
    const names = Object.values(groups);
    const found = failures.typesOf(names);
    if (updating && exact) Object.assign(toPin, found);
    const mine = Object.fromEntries(
      Object.entries(updating && exact ? found : pinned).filter(([group]) => group in found || names.some((n) => group.startsWith(n))),
    );
    const differences = pinDifferences(found, mine, exact);
    const held = Object.keys(mine).filter((group) => group in found);
    for (const group of held) open.push(`${group} (${found[group].length} types)`);
    failures.forget(held);
    assert.equal(differences, [], `seed ${SEED} (${rerun}): the pinned open defects changed (${PIN})`);
    assert.ok(failures.count(names) === 0, `seed ${SEED} (${rerun}):\n${failures.report(names)}`);
  });

checked("generative: every call becomes a schema or a TS99xxx diagnostic, never TS99013 nor an exception (5.9 and 7.0)", "calls", CALL_GROUPS, () =>
  checkCalls(cases, hosts, failures),
);

checked("generative: both hosts give the same diagnostic codes and byte-identical constants for every call", "hosts compared", HOST_GROUPS, () =>
  checkHostsAgree(cases, hosts, failures),
);

checked(
  "generative: every schema passes the 2020-12 meta-schema and its defaults their own schemas; each target's schema its provider's rules, or TS99019",
  "schemas",
  SCHEMA_GROUPS,
  () => checkSchemas(cases, schemasOf, (c, kind) => outcomeOf(reference, c, kind), failures),
);

let values = { values: 0, unjudged: 0, compiled: 0, repaired: 0 };
checked(
  "generative: validateArgs gives ajv's verdict (drop and reject), flat and $refs agree, mapArgs' result passes the schema",
  "values",
  VALUE_GROUPS,
  () => {
    values = checkValues(cases, { schemasOf, checksOf, seed: SEED, runs: RUNS }, failures);
  },
);

test("generative: the generator produces every class of type it is meant to", () => {
  const counts = coverageOf(types);
  // The default run sees each class three times; another seed or count, at least once.
  const thin = Object.entries(counts).filter(([, n]) => n < (exact ? 3 : 1));
  assert.equal(thin, [], `seen too rarely: ${JSON.stringify(thin)}`);
  assert.ok(FEATURES.length && Object.keys(SHAPES).length);
});

test.after(() => {
  if (updating && exact) writeOpenDefects(PIN, PIN_HEADER, toPin);
  for (const line of open) console.log(`  generative: open, pinned in generative.open.txt: ${line}`);
  // GENERATIVE_REPORT=file writes every failing type of every group there, not only the first few.
  if (process.env.GENERATIVE_REPORT)
    writeFileSync(
      process.env.GENERATIVE_REPORT,
      failures.report(
        failures.groups().map((g) => g.name),
        Infinity,
      ) + "\n",
    );
  const { values: compared, unjudged, compiled, repaired } = values;
  console.log(
    `  generative: ${cases.length} types, ${compared} values (${unjudged} more ajv could not judge), ${compiled} schemas compiled by ajv; coerce: true repaired ${repaired} mistaken values, each into one the schema takes`,
  );
  console.log(`  generative: ${took.join(", ")}`);
  for (const { name, count, types: n } of failures.groups()) console.log(`  generative: ${count} × ${name} (${n} types)`);
});

test.run();
