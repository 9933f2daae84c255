// Provider targets: every schema the fixtures emit (their golden schema.json), written for every
// target, is either accepted by that target's rules (test/lib/targetRules.mjs, written from issue 14's
// table apart from the transformer's code) and still a valid JSON Schema document, or refused with a
// TS99019 problem at a path; the outcome of each fixture for each target is pinned in
// test/targets.golden.txt (UPDATE=1 rewrites it; read the diff). Then through the transformer:
// `schemaOf<T>({ target })` emits that schema, a type a target cannot express is a diagnostic at
// the call, the plugin entry sets the project's target, and a check made for openai-strict reads
// the nulls its model sends for optional keys left out.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { join, dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { toTarget, TARGETS } from "@schemaof/transformer/stages";
import { listFixtures, readJson, golden } from "./lib/fixtures.mjs";
import { violations } from "./lib/targetRules.mjs";
import { createAjv } from "./lib/ajv.mjs";
import { compilers } from "./lib/compilers.mjs";
import { compileSources, writeSources } from "./lib/scratch.mjs";
import { runModule } from "./lib/compile.mjs";
import { buildFiles, ts7Lines } from "./lib/build7.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = listFixtures().filter((fixture) => !fixture.expectsDiagnostics);
const ajv = createAjv({ strict: false });

test("every fixture's schema, for every target: accepted by the target's rules, or refused at a path (pinned)", () => {
  const lines = [];
  const broken = [];
  for (const fixture of fixtures) {
    const schema = readJson(join(fixture.dir, "schema.json"));
    for (const target of TARGETS) {
      const { schema: written, problems } = toTarget(schema, target);
      if (problems.length) {
        lines.push(`${fixture.name} ${target}: ${problems.map((p) => `${p.path}: ${p.detail}`).join(" | ")}`);
        continue;
      }
      lines.push(`${fixture.name} ${target}: ok`);
      const wrong = violations(written, target);
      if (wrong.length) broken.push(`${fixture.name} ${target}: ${wrong.join("; ")}`);
      if (!ajv.validateSchema(written)) broken.push(`${fixture.name} ${target}: not a JSON Schema: ${ajv.errorsText(ajv.errors)}`);
      if (target === "mcp") assert.equal(written, schema, "mcp is the schema as emitted");
    }
  }
  assert.equal(broken, [], broken.join("\n"));
  const text = lines.join("\n") + "\n";
  assert.fixture(text, golden(join(here, "targets.golden.txt"), text));
  // The rules can tell: the mcp schema of a fixture with an optional property breaks openai-strict's.
  const optional = readJson(join(here, "fixtures", "objects", "all-optional", "schema.json"));
  assert.ok(
    violations(optional, "openai-strict").some((line) => line.startsWith("every property required")),
    relative(here, "fixtures/objects/all-optional"),
  );
});

const SOURCE = `
import { schemaOf, type Integer, type Minimum, type Maximum, type MinLength } from "@schemaof/runtime";
interface Search {
  query: string & MinLength<1>;
  limit?: Integer & Minimum<1> & Maximum<100>;
  tags?: string[];
  note: string | null;
}
export const mcp = schemaOf<Search>();
export const strict = schemaOf<Search>({ target: "openai-strict" });
export const openapi = schemaOf<Search>({ target: "gemini-openapi" });
export const anthropic = schemaOf<Search>({ target: "anthropic-strict" });
export const scores = schemaOf<{ scores: Record<string, number> }>({ target: "openai-strict" });
`;

for (const { label, ts } of compilers) {
  test(`schemaOf<T>({ target }) emits the target's schema; what it cannot express is TS99019 at the call (${label})`, () => {
    const out = compileSources(ts, { "targets.ts": SOURCE })["targets.ts"];
    assert.is(out.typeErrors, "");
    assert.match(
      out.diagnostics,
      /targets\.ts\(13,\d+\): error TS99019: .* cannot be written as the schema this provider accepts\.\n {2}scores: is a map of keys to values .*which openai-strict cannot take; take an array of \{ key, value \}, or target openai\./,
    );
    const module = out.run({ "@schemaof/runtime": { schemaOf: () => "not rewritten" } });
    assert.equal(module.strict, toTarget(module.mcp, "openai-strict").schema);
    assert.equal(module.strict.required, ["query", "limit", "tags", "note"]);
    assert.equal(module.strict.properties.limit.type, ["integer", "null"], "an optional property is required and nullable");
    assert.is(module.strict.properties.query.description, "at least 1 character", "a dropped keyword is said to the model");
    assert.is(module.strict.additionalProperties, false);
    assert.equal(module.openapi.properties.note, { type: "string", nullable: true });
    assert.equal(violations(module.strict, "openai-strict"), []);
    assert.equal(violations(module.openapi, "gemini-openapi"), []);
    assert.is(module.anthropic.properties.limit.description, "1 to 100", "bounds dropped together are said as a range");
  });
}

test("words a target adds to a description are a sentence of their own, and never words the user wrote", () => {
  const schema = {
    type: "object",
    properties: {
      title: { type: "string", minLength: 3, maxLength: 120, description: "3 to 120 characters." },
      priority: { type: "integer", enum: [1, 2, 3, 4], description: "How urgent. 1 = Low, 2 = Normal, 3 = High, 4 = Urgent", default: 3 },
      count: { type: "integer", minimum: 1, description: "Pick at least 10 items" },
      note: { type: "string", maxLength: 5 },
    },
    required: ["title"],
  };
  const { properties } = toTarget(schema, "anthropic-strict").schema;
  assert.is(properties.title.description, "3 to 120 characters.");
  assert.is(properties.priority.description, "How urgent. 1 = Low, 2 = Normal, 3 = High, 4 = Urgent. Default 3");
  assert.is(properties.count.description, "Pick at least 10 items. At least 1", "`at least 10` is not `at least 1`");
  assert.is(properties.note.description, "at most 5 characters", "alone, the words are as they were");
});

test("the plugin entry's target is the project's: every schemaOf's unless a call says otherwise, and every tool's beside its MCP schema", async () => {
  const [{ ts }] = compilers;
  const { openAITool } = await import("@schemaof/runtime");
  const source = `import { schemaOf, toolOf } from "@schemaof/runtime";
export const s = schemaOf<{ a: string; b?: number }>();
export const m = schemaOf<{ a: string; b?: number }>({ target: "mcp" });
export function lend(isbn: string, days?: number) { return { isbn, days }; }
export const t = toolOf(lend);
`;
  const out = compileSources(ts, { "entry.ts": source }, { target: "openai-strict" })["entry.ts"];
  assert.is(out.diagnostics, "");
  const { s, m, t } = out.run();
  assert.equal(s.required, ["a", "b"], "openai-strict by default");
  assert.equal(m.required, ["a"], "a call's own target wins");
  assert.equal(t.inputSchema.required, ["isbn"], "the tool's own definition stays MCP's");
  assert.equal(openAITool(t, { strict: true }).function.parameters.required, ["isbn", "days"]);
});

test("openai-strict counts what OpenAI's Structured Outputs count: properties, nesting, enum values, characters", () => {
  const object = (properties) => ({ type: "object", properties, required: Object.keys(properties) });
  const many = object(Object.fromEntries(Array.from({ length: 5001 }, (_, i) => [`p${i}`, { type: "string" }])));
  assert.match(toTarget(many, "openai-strict").problems[0].detail, /^has 5001 object properties, over 5000, which openai-strict cannot take; split the tool$/);
  let deep = { type: "string" };
  for (let i = 0; i < 11; i++) deep = object({ next: deep });
  assert.match(
    toTarget(deep, "openai-strict")
      .problems.map((p) => p.detail)
      .join("\n"),
    /has 11 levels of nested objects, over 10/,
  );
  let ten = { type: "string" };
  for (let i = 0; i < 10; i++) ten = object({ next: ten });
  assert.equal(toTarget(ten, "openai-strict").problems, [], "ten levels are allowed");
  const values = object({ code: { type: "string", enum: Array.from({ length: 1001 }, (_, i) => `c${i}`) } });
  assert.match(toTarget(values, "openai-strict").problems[0].detail, /has 1001 enum values, over 1000/);
  const long = object({ a: { type: "string", enum: ["x".repeat(60_000), "y".repeat(60_001)] } });
  assert.match(toTarget(long, "openai-strict").problems[0].detail, /has 120002 characters of property names and enum values, over 120000/);
  assert.equal(toTarget(many, "openai").problems, [], "only the strict mode counts");
});

// What openai-strict's model sends back: `null` for an optional property left out (its schema lists
// every property as required). A check made for the target reads it as the key left out, at any
// depth, so the function's default applies and the issues speak of the type.
const WIRE = `
import { mapArgs, standardSchemaOf, validateArgs, type Integer, type Maximum } from "@schemaof/runtime";
interface Lend {
  isbn: string;
  days?: Integer & Maximum<30>;
  note?: string | null;
  reader?: { name: string; card?: string };
  any?: unknown;
}
export const strict = (args: unknown) => validateArgs<Lend>(args, { target: "openai-strict" });
export const mcp = (args: unknown) => validateArgs<Lend>(args);
export const mapped = (args: unknown) => mapArgs<Lend>(args, { maxIssues: 5, target: "openai-strict" });
export const standard = standardSchemaOf<Lend>({ target: "openai-strict" });
function lend(isbn: string, days = 14) { return { isbn, days }; }
export const called = (args: unknown) => lend(...mapArgs<typeof lend>(args, { target: "openai-strict" }));
const base = { target: "openai-strict" } as const;
export const hidden = (args: unknown) => validateArgs<Lend>(args, { ...base });
`;

/** The wire module's exports checked as openai-strict's model would call them; `label` names the host. */
function checkWire(label, out) {
  assert.is(out.typeErrors, "", label);
  assert.match(
    out.diagnostics,
    /wire\.ts\(17,\d+\): error TS99007: .*\n {2}write the target in the call's options, e\.g\. mapArgs<T>\(args, \{ target: "openai-strict" \}\)/,
    label,
  );
  assert.is(out.diagnostics.match(/error TS/g).length, 1, `${label}: the spread alone is refused`);
  const { strict, mcp, mapped, standard, called } = out.run();
  const sent = { isbn: "0-14", days: null, note: null, reader: { name: "Ada", card: null }, any: null };
  assert.equal(strict(sent), { value: { isbn: "0-14", note: null, reader: { name: "Ada" }, any: null } }, `${label}: nulls of optional keys are keys left out`);
  assert.equal(mapped(sent), { isbn: "0-14", note: null, reader: { name: "Ada" }, any: null }, label);
  assert.equal(standard["~standard"].validate(sent), { value: { isbn: "0-14", note: null, reader: { name: "Ada" }, any: null } }, label);
  assert.equal(called({ isbn: "0-14", days: null }), { isbn: "0-14", days: 14 }, `${label}: the function's default applies`);
  assert.equal(
    mcp(sent).issues.map((issue) => issue.pointer),
    ["/days", "/reader/card"],
    `${label}: a check made for MCP refuses them`,
  );
  // What the type refuses is said as the type's rule, not the wire schema's.
  assert.equal(
    strict({ isbn: null, days: 31 }).issues.map(({ pointer, keyword, message }) => `${pointer} ${keyword}: ${message}`),
    ["/isbn type: /isbn must be string, got null", "/days maximum: /days must be <= 30, got 31"],
    label,
  );
}

for (const { label, ts } of compilers) {
  test(`mapArgs/validateArgs/standardSchemaOf for openai-strict read a null as the optional key left out (${label})`, () => {
    checkWire(label, compileSources(ts, { "wire.ts": WIRE })["wire.ts"]);
  });
}

for (const { label, packageDir } of ts7Lines) {
  test(`mapArgs/validateArgs/standardSchemaOf for openai-strict read a null as the optional key left out (${label})`, async () => {
    const [file] = writeSources({ "wire.ts": WIRE });
    const { results } = await buildFiles(packageDir, [file]);
    const { js, diagnostics, typeErrors } = results.get(file);
    checkWire(label, { diagnostics, typeErrors, run: () => runModule(js, file) });
  });
}

// A union of objects at the root, told apart by a discriminator, is one object for every provider
// but MCP: the discriminator an enum, each member's fields said as theirs. The check stays the union's.
const PAYMENT = `
import { schemaOf, validateArgs } from "@schemaof/runtime";
/** Paid by card. */
interface Card { method: "card"; last4: string; holder?: string }
/** Paid by transfer. */
interface Bank { method: "bank"; iban: string; holder: string }
interface Cash { method: "cash"; note?: string }
export const mcp = schemaOf<Card | Bank | Cash>();
export const strict = schemaOf<Card | Bank | Cash>({ target: "openai-strict" });
export const openapi = schemaOf<Card | Bank | Cash>({ target: "gemini-openapi" });
export const check = (args: unknown) => validateArgs<Card | Bank | Cash>(args, { target: "openai-strict" });
`;
const LOOSE = `import { schemaOf } from "@schemaof/runtime";
export const loose = schemaOf<{ isbn: string } | { title: string }>({ target: "anthropic" });
`;

test("a discriminated union at the root is written as one object; its check stays the union's, closed or not", () => {
  const [{ ts }] = compilers;
  const compiled = compileSources(ts, { "payment.ts": PAYMENT, "loose.ts": LOOSE });
  const out = compiled["payment.ts"];
  assert.is(out.diagnostics, "");
  assert.match(
    compiled["loose.ts"].diagnostics,
    /loose\.ts\(2,\d+\): error TS99019: .*\n {2}is a union at the root .* whose members no discriminator tells apart, which anthropic cannot take; give every member a literal property of its own/,
  );
  const { mcp, strict, openapi, check } = out.run();
  assert.equal(
    mcp,
    {
      anyOf: [
        {
          type: "object",
          properties: { method: { type: "string", enum: ["card"] }, last4: { type: "string" }, holder: { type: "string" } },
          required: ["method", "last4"],
          description: "Paid by card.",
        },
        {
          type: "object",
          properties: { method: { type: "string", enum: ["bank"] }, iban: { type: "string" }, holder: { type: "string" } },
          required: ["method", "iban", "holder"],
          description: "Paid by transfer.",
        },
        { type: "object", properties: { method: { type: "string", enum: ["cash"] }, note: { type: "string" } }, required: ["method"] },
      ],
    },
    "MCP keeps the union",
  );
  assert.equal(strict.properties.method, { type: "string", enum: ["card", "bank", "cash"], description: '"card": Paid by card; "bank": Paid by transfer' });
  assert.equal(Object.keys(strict.properties), ["method", "last4", "holder", "iban", "note"]);
  assert.equal(strict.required, ["method", "last4", "holder", "iban", "note"]);
  assert.equal(strict.properties.last4, { type: ["string", "null"], description: 'only when method is "card"; required then' });
  assert.equal(strict.properties.holder, { type: ["string", "null"], description: 'only when method is "card" or "bank"; required when method is "bank"' });
  assert.equal(openapi.required, ["method"]);
  assert.equal(openapi.properties.iban, { type: "string", description: 'only when method is "bank"; required then' });
  assert.equal(violations(strict, "openai-strict"), []);
  assert.equal(violations(openapi, "gemini-openapi"), []);

  // What openai-strict's model sends: every field, null for the other members'.
  const card = { method: "card", last4: "4242", holder: null, iban: null, note: null };
  assert.equal(check(card), { value: { method: "card", last4: "4242" } });
  assert.equal(
    check({ method: "bank", iban: "FR76", holder: null, last4: null, note: null }).issues.map((issue) => issue.message),
    ["/holder must be string, got null"],
    "a field its member requires is the type's rule",
  );
  // Closed objects (the project's additionalProperties: false): another member's null is still a key left out.
  const closed = compileSources(ts, { "payment.ts": PAYMENT }, { additionalProperties: false })["payment.ts"].run();
  assert.equal(closed.check(card), { value: { method: "card", last4: "4242" } });
  assert.equal(
    closed.check({ ...card, iban: "FR76" }).issues.map((issue) => issue.message),
    ['/iban is not allowed; allowed keys: "method", "last4", "holder"'],
  );
});

test.run();
