// The pure stages, without a Program: the emitter on hand-built models, pattern checks, JSDoc parsing.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
// The pure stages, as the package exports them.
const {
  toJsonSchema,
  SchemaTooLarge,
  MAX_NODES,
  checkPattern,
  parseJsDoc,
  foldDottedKeys,
  findDiscriminator,
  toSource,
} = require("@schemaof/transformer/stages");

const str = { kind: "primitive", type: "string" };
const object = (properties) => ({ kind: "object", properties });
const prop = (name, shape, required = true) => ({ name, shape, required });

test("nullable: a scalar (and a union of bare types) gains null in type and enum; anything else is anyOf", () => {
  const model = {
    root: object([
      prop("a", { ...str, nullable: true, constraints: { minLength: 1 } }, false),
      prop("b", { kind: "enum", values: ["x", 1], nullable: true }, false),
      prop("c", { kind: "array", items: str, nullable: true, meta: { description: "d" } }, false),
      prop("d", { kind: "union", members: [str, { kind: "primitive", type: "number" }], nullable: true }, false),
      prop(
        "e",
        {
          kind: "union",
          members: [
            { ...str, constraints: { minLength: 1 } },
            { kind: "primitive", type: "number" },
          ],
          nullable: true,
        },
        false,
      ),
      prop("f", { kind: "enum", values: [1, 2.5] }),
    ]),
    defs: {},
  };
  assert.equal(toJsonSchema(model, { refs: false }).properties, {
    a: { type: ["string", "null"], minLength: 1 },
    b: { type: ["string", "integer", "null"], enum: ["x", 1, null] },
    c: { anyOf: [{ type: "array", items: { type: "string" } }, { type: "null" }], description: "d" },
    d: { type: ["string", "number", "null"] },
    e: { anyOf: [{ type: "string", minLength: 1 }, { type: "number" }, { type: "null" }] },
    f: { type: "number", enum: [1, 2.5] },
  });
});

test("refs: shared and recursive definitions go to $defs; the root type is referred to as #", () => {
  const node = object([prop("name", str), prop("children", { kind: "array", items: { kind: "ref", def: "Node" } })]);
  const model = { root: { kind: "ref", def: "Node" }, defs: { Node: { shape: node, recursive: true, uses: 2 } } };
  assert.equal(toJsonSchema(model, { refs: true }), {
    type: "object",
    properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#" } } },
    required: ["name", "children"],
  });
  // Flattened, a cycle (already a diagnostic) never recurses without end.
  assert.equal(toJsonSchema(model, { refs: false }).properties.children.items, {});
});

test("additionalProperties: false closes objects with fixed properties, not maps", () => {
  const model = { root: object([prop("m", { kind: "object", properties: [], additional: str })]), defs: {} };
  assert.equal(toJsonSchema(model, { refs: false, additionalProperties: false }), {
    type: "object",
    properties: { m: { type: "object", additionalProperties: { type: "string" } } },
    required: ["m"],
    additionalProperties: false,
  });
});

test("a flattened schema past the node cap stops with SchemaTooLarge", () => {
  // Each level refers to the next twice: 2^20 nodes when flattened.
  const defs = {};
  for (let i = 0; i < 20; i++)
    defs[`L${i}`] = { shape: object([prop("a", { kind: "ref", def: `L${i + 1}` }), prop("b", { kind: "ref", def: `L${i + 1}` })]), recursive: false, uses: 2 };
  defs.L20 = { shape: str, recursive: false, uses: 2 };
  assert.throws(
    () => toJsonSchema({ root: { kind: "ref", def: "L0" }, defs }, { refs: false }),
    (e) => e instanceof SchemaTooLarge,
  );
  assert.ok(MAX_NODES > 1000);
  const shared = toJsonSchema({ root: { kind: "ref", def: "L0" }, defs }, { refs: true });
  assert.is(Object.keys(shared.$defs).length, 20);
});

test("dotted keys fold into nested objects; clashes are reported", () => {
  const folded = foldDottedKeys([
    { name: "message", shape: str, required: true, key: ["error", "message"] },
    { name: "code", shape: str, required: false, key: ["error", "code"] },
    { name: "status", shape: str, required: false },
  ]);
  assert.equal(folded.clashes, []);
  assert.equal(
    folded.entries.map((e) => [e.kind, e.key, e.kind === "leaf" ? e.property.required : e.required]),
    [
      ["group", "error", true],
      ["leaf", "status", false],
    ],
  );
  assert.equal(
    folded.entries[0].members.map((e) => [e.key, e.property.name]),
    [
      ["message", "message"],
      ["code", "code"],
    ],
  );
  const clash = foldDottedKeys([
    { name: "m", shape: str, required: true, key: ["error", "m"] },
    { name: "error", shape: str, required: true },
  ]);
  assert.equal(clash.clashes, ["error"]);
});

test("the discriminator is a required one-value enum, distinct in every member", () => {
  const member = (value, extra) => object([prop("type", { kind: "enum", values: [value] }), prop(extra, str)]);
  assert.is(
    findDiscriminator([member("Card", "last4"), member("bank", "iban")], () => undefined),
    "type",
  );
  assert.is(
    findDiscriminator([member("a", "x"), member("a", "y")], () => undefined),
    undefined,
  );
  assert.is(
    findDiscriminator([member("a", "x"), str], () => undefined),
    undefined,
  );
});

test("patterns: invalid, non-portable and portable", () => {
  assert.equal(checkPattern("^[a-z]{2}$"), { ok: true });
  assert.equal(checkPattern("^(?=.*\\d).{8,}$"), { ok: true }, "lookahead is shared");
  assert.equal(checkPattern("[(?<=]"), { ok: true }, "inside a class it is literal text");
  assert.is(checkPattern("a{2").invalid, true);
  assert.is(checkPattern("\\Aabc").invalid, true);
  assert.is(checkPattern("a++").invalid, true);
  assert.is(checkPattern("(?i)abc").invalid, true);
  for (const source of ["(?<=a)b", "(?<!a)b", "(?<year>\\d{4})", "(a)\\1", "(?<y>a)\\k<y>", "/abc/i"]) {
    const verdict = checkPattern(source);
    assert.is(verdict.ok, false, source);
    assert.is(verdict.invalid, false, source);
  }
});

test("JSDoc: text, tags, multi-line tags and links", () => {
  assert.equal(parseJsDoc("/** One line. */"), { text: "One line.", tags: [] });
  assert.equal(
    parseJsDoc('/**\n * First line,\n * second line with {@link Book the book}.\n *\n * @minimum 1\n * @example\n *   { "a": 1 }\n * @deprecated\n */'),
    {
      text: "First line,\nsecond line with the book.",
      tags: [
        { name: "minimum", text: "1" },
        { name: "example", text: '{ "a": 1 }' },
        { name: "deprecated", text: "" },
      ],
    },
  );
});

test("printed literals are compact JavaScript that evaluates to the JSON", () => {
  const value = { type: "object", "content-type": "x", __proto__x: 1, n: -1.5, list: [null, true, "\u2028"], nested: { a: {} } };
  const source = toSource(value);
  assert.is(source.includes(" "), false);
  assert.equal(new Function(`return ${source}`)(), value);
  const proto = toSource(JSON.parse('{"__proto__":{"polluted":true}}'));
  const evaluated = new Function(`return ${proto}`)();
  assert.ok(Object.hasOwn(evaluated, "__proto__"), "__proto__ stays an own property");
  assert.is({}.polluted, undefined);
});

test.run();
