// Round trip, for every fixture and every target its schema can be written for: the values that
// target's schema allows (what that provider's model may send: fast-check values read off the
// target's schema, the ones ajv finds valid for it) and mutations of them go to the check made for
// the target. Each answer must be the type's own check of the value read back (test/lib/unwire.mjs,
// worked out from the MCP schema alone): the same mapped value where the type takes it, the same
// issues, in the type's words, where it does not (a keyword the target dropped is still the type's
// rule). The check made for openai-strict is also held to the interpreter and to its own happy path.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { toTarget, TARGETS } from "@schemaof/transformer/stages";
import * as runtime from "@schemaof/runtime";
import { compilers } from "./lib/compilers.mjs";
import { compileFiles, fixtureOptions, runModule } from "./lib/compile.mjs";
import { listFixtures, writeWithValidators } from "./lib/fixtures.mjs";
import { createAjv } from "./lib/ajv.mjs";
import { mutated, valueOf } from "./lib/arbitraries.mjs";
import { createUnwire } from "./lib/unwire.mjs";
import { referencePlans, same, threeWays, typeArgumentsOf } from "./lib/reference.mjs";

// ROUND_TRIP_RUNS values of each kind per fixture and target.
const RUNS = Number(process.env.ROUND_TRIP_RUNS ?? 60);
const fixtures = listFixtures().filter((f) => !f.expectsDiagnostics);
const files = writeWithValidators(fixtures);
const [{ ts }] = compilers;
const program = ts.createProgram(files, fixtureOptions(ts));
const results = compileFiles(ts, files, {}, program);
const wirePlanOf = referencePlans(ts, program, { nullsAbsent: true });
const ajv = createAjv({ strict: false });
/** The providers whose model sends what the MCP schema would not: the check is made for them. */
const WIRE = new Set(["openai-strict"]);
const totals = { sent: 0, taken: 0, refused: 0 };

fixtures.forEach((fixture, index) => {
  test(`what each target's model may send is mapped as the type's own check reads it: ${fixture.name}`, () => {
    let wirePlan;
    let wireOptions;
    const watched = {
      ...runtime,
      // Caught at the one call of __validateWire below (its `{ target }` alone is dropped at compile time).
      validateArgs: (args, a, b) => {
        [wirePlan, wireOptions] = b === undefined ? [a, undefined] : [b, a];
        return runtime.validateArgs(args, a, b);
      },
    };
    const { schema, __validate, __validateWire } = runModule(results.get(files[index]).js, files[index], { "@schemaof/runtime": watched });
    __validateWire(null);
    const unwire = createUnwire(ajv, schema, `https://round-trip.test/${fixture.name}`);
    const reference = wirePlanOf(typeArgumentsOf(ts, program.getSourceFile(files[index]), "__validateArgs")[1]);
    const againstReference = threeWays({ run: __validateWire, ajv: () => true, plan: wirePlan, reference, options: wireOptions });
    const problems = [];
    for (const target of TARGETS) {
      const written = toTarget(schema, target);
      // What a target cannot express is the targets test's (pinned in targets.golden.txt).
      if (written.problems.length) continue;
      const check = WIRE.has(target) ? __validateWire : __validate;
      const allowed = ajv.compile(asJsonSchema(written.schema));
      const seed = index * 31 + TARGETS.indexOf(target);
      const sent = fc.sample(valueOf(written.schema), { numRuns: RUNS, seed }).filter((value) => allowed(value));
      const wrong = fc.sample(mutated(valueOf(written.schema)), { numRuns: RUNS, seed: seed + 7 });
      // Every other target's model sends what the MCP schema would allow: the type's check reads it as sent.
      for (const value of WIRE.has(target) ? [...sent, ...wrong] : []) {
        const got = check(value);
        const expected = __validate(unwire(value));
        if (JSON.stringify(got.issues) !== JSON.stringify(expected.issues) || (got.issues === undefined && !same(got.value, expected.value))) {
          problems.push({ target, value, got, expected });
        }
        problems.push(...againstReference(value, false).found.map((found) => ({ target, ...found })));
      }
      totals.sent += sent.length;
      for (const value of sent) totals[check(value).issues ? "refused" : "taken"]++;
    }
    assert.equal(problems.slice(0, 3), [], `${problems.length} values read otherwise than the type's own check reads them`);
  });
});

/** OpenAPI 3.0's `nullable: true` (gemini-openapi) as JSON Schema says it: null is a value too. */
function asJsonSchema(node) {
  if (Array.isArray(node)) return node.map(asJsonSchema);
  if (typeof node !== "object" || node === null) return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) if (key !== "nullable") out[key] = key === "enum" ? value : asJsonSchema(value);
  if (node.nullable !== true) return out;
  if (typeof out.type === "string" && !out.enum) return { ...out, type: [out.type, "null"] };
  return { anyOf: [out, { type: "null" }] };
}

test("the values sent were mostly taken: the targets' schemas and the type's check agree", () => {
  // Refused values are those a target's schema allows but the type does not (a dropped keyword):
  // each was refused with the type's issues above. Most must be taken, or the round trip says little.
  assert.ok(totals.sent > 5000, `${totals.sent} values sent`);
  assert.ok(totals.taken > totals.sent * 0.6, `${totals.taken} of ${totals.sent} taken, ${totals.refused} refused`);
});

test.run();
