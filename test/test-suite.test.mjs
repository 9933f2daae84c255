// The official JSON-Schema-Test-Suite (draft 2020-12), read in place from ../shared/corpora, for
// every keyword schemaof emits: each test's data through the runtime's checker, both as the plan
// interpreter and as the check the transformer generates, the verdict equal to the suite's. Cases the runtime cannot be given (keywords or shapes schemaof never emits) are
// listed as out of scope, with the reason, never skipped silently.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import ts from "typescript";
import { schemaToPlan, OutOfScope, SUPPORTED_KEYWORDS } from "./lib/schemaToPlan.mjs";
import { createAjv } from "./lib/ajv.mjs";

import { validateArgs } from "@schemaof/runtime";
import * as helpers from "@schemaof/runtime/helpers";
import { toCheckSource } from "@schemaof/transformer/stages";

const require = createRequire(import.meta.url);
const { interpretArgs } = require("@schemaof/reference");
/** `(h)=>…` as the transformer's plan literal binds it: called with the runtime's helpers, once. */
const withHelpers = (source) => () => new Function(`return ${source}`)()(helpers);
const suite = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "shared", "corpora", "json-schema-test-suite", "draft2020-12");

// The suite's file of each keyword schemaof emits (`$ref` is ref.json; formats are run below).
const KEYWORDS = SUPPORTED_KEYWORDS.filter((keyword) => keyword !== "format").map((keyword) => keyword.replace("$", ""));
const FORMATS = ["date-time", "date", "time", "email", "hostname", "ipv4", "ipv6", "uri", "uuid"];
const NOT_EMITTED = ["minProperties", "maxProperties"];

// The runtime's contract is ajv's meaning (ajv-formats' "full" mode for formats). Where the suite
// expects otherwise and ajv gives our verdict too, the case is listed as following ajv, not failed.
const ajv = createAjv({ strict: false });

// Where ajv-formats departs from the suite, and the runtime with it: pinned, so a case that starts or
// stops following ajv fails until this list (and docs/testing.md) is updated.
// UPDATE=1 rewrites it; read the diff.
const followsAjvFile = join(dirname(fileURLToPath(import.meta.url)), "lib", "follows-ajv.json");
const FOLLOWS_AJV = JSON.parse(readFileSync(followsAjvFile, "utf8"));

test("the plan this test makes from a JSON Schema is a PlanNode, as the transformer's is (checked by TypeScript)", () => {
  const file = join(dirname(fileURLToPath(import.meta.url)), "lib", "schemaToPlan.mjs");
  const options = {
    allowJs: true,
    checkJs: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    types: [],
  };
  const program = ts.createProgram([file], options);
  const problems = ts.getPreEmitDiagnostics(program, program.getSourceFile(file));
  assert.equal(
    problems.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")),
    [],
  );
});

test("JSON-Schema-Test-Suite: the suite is there (in shared/, beside the project)", () => {
  assert.ok(existsSync(suite), `the suite is not at ${suite}`);
});
if (existsSync(suite)) {
  const files = [...KEYWORDS.map((k) => `${k}.json`), ...FORMATS.map((f) => `optional/format/${f}.json`)];
  const outOfScope = new Map();
  let passed = 0;
  let ran = 0;
  const failures = [];
  const followsAjv = [];
  for (const file of files) {
    test(`JSON-Schema-Test-Suite ${file}`, () => {
      const groups = JSON.parse(readFileSync(join(suite, file), "utf8"));
      for (const group of groups) {
        let plan;
        try {
          plan = schemaToPlan(group.schema);
        } catch (error) {
          if (!(error instanceof OutOfScope)) throw error;
          outOfScope.set(error.message, (outOfScope.get(error.message) ?? 0) + group.tests.length);
          continue;
        }
        // The same plan as the transformer emits it: the check specialised to it, as code (evaluated
        // here, in a test).
        const generated = { "~plan": 1, check: withHelpers(toCheckSource(plan).source) };
        for (const { description, data, valid } of group.tests) {
          ran++;
          const reference = interpretArgs(plan, data);
          const ours = reference.issues === undefined;
          const name = `${file}: ${group.description}: ${description}`;
          // Same verdict, and the same issues word for word: the generated messages are worded at
          // build time, the interpreter's by the runtime's `say`.
          const emitted = validateArgs(data, generated);
          if (JSON.stringify(emitted.issues) !== JSON.stringify(reference.issues)) {
            failures.push(
              `${name} (the generated check and the interpreter disagree: ${JSON.stringify(emitted.issues)} vs ${JSON.stringify(reference.issues)})`,
            );
          }
          // And the same value, key order included: the generated mapping and the interpreter's.
          if (JSON.stringify(emitted.value) !== JSON.stringify(reference.value)) {
            failures.push(
              `${name} (the generated mapping and the interpreter's differ: ${JSON.stringify(emitted.value)} vs ${JSON.stringify(reference.value)})`,
            );
          }
          if (ours === valid) passed++;
          else if (ajv.validate(group.schema, data) === ours) followsAjv.push(name);
          else failures.push(name);
        }
      }
    });
  }
  test("JSON-Schema-Test-Suite: every in-scope case agrees with the suite, or with ajv where ajv departs from it", () => {
    console.log(`  JSON-Schema-Test-Suite: ${passed} of ${ran} in-scope cases pass (${files.length} files)`);
    console.log(`    ${followsAjv.length} cases give ajv-formats' verdict, which the suite does not expect (test/lib/follows-ajv.json)`);
    for (const [reason, count] of [...outOfScope].sort()) console.log(`    out of scope, ${count} cases: ${reason}`);
    console.log(`    not emitted by schemaof, not run: ${NOT_EMITTED.join(", ")}`);
    assert.equal(failures, [], "cases where the runtime differs from both the suite and ajv");
    if (process.env.UPDATE === "1") writeFileSync(followsAjvFile, JSON.stringify(followsAjv, null, 2) + "\n");
    else assert.equal(followsAjv, FOLLOWS_AJV, "the cases that follow ajv-formats rather than the suite are the pinned ones");
  });
}

test.run();
