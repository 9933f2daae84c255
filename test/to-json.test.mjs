// A type with a toJSON() is described as JSON.stringify writes it: real instances, stringified,
// pass the schema schemaOf<T>() gives and the output schema toolOf(fn) gives, and their own
// fields (what a description by fields would have asked for) do not.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compilers } from "./lib/compilers.mjs";
import { compileSources } from "./lib/scratch.mjs";
import { createAjv } from "./lib/ajv.mjs";

const SOURCE = `
import { schemaOf, toolOf } from "@schemaof/runtime";

class Money {
  constructor(private cents: number, private currency: "EUR" | "USD") {}
  toJSON() {
    return { amount: (this.cents / 100).toFixed(2), currency: this.currency };
  }
}
class Moment {
  constructor(private epoch: number) {}
  toJSON(): string { return new Date(this.epoch).toISOString(); }
}
class Inner {
  value = 1;
  toJSON(): string { return "inner"; }
}
class Wrapper {
  toJSON(): Inner { return new Inner(); }
}
export class Invoice {
  number = "F-1";
  total = new Money(1250, "EUR");
  lines: Money[] = [new Money(500, "EUR"), new Money(750, "EUR")];
  issued = new Moment(0);
  wrapped = new Wrapper();
  due?: Moment;
}

export const schema = schemaOf<Invoice>();
export const fieldsOfMoney = { cents: 1250, currency: "EUR" };
export function issue(number: string): Invoice {
  const invoice = new Invoice();
  invoice.number = number;
  return invoice;
}
export const issueTool = toolOf(issue);
`;

for (const { label, ts } of compilers) {
  test(`toJSON: what JSON.stringify writes passes the schema, the fields do not (${label})`, () => {
    const out = compileSources(ts, { "invoice.ts": SOURCE })["invoice.ts"];
    assert.is(out.typeErrors, "");
    assert.is(out.diagnostics, "");
    const { schema, Invoice, issue, issueTool, fieldsOfMoney } = out.run();
    const ajv = createAjv();
    assert.ok(ajv.validateSchema(schema), ajv.errorsText(ajv.errors));
    const validate = ajv.compile(schema);
    const written = JSON.parse(JSON.stringify(new Invoice()));
    assert.equal(written.wrapped, { value: 1 }, "JSON.stringify calls toJSON once per value");
    assert.ok(validate(written), ajv.errorsText(validate.errors));
    assert.not.ok(validate({ ...written, total: fieldsOfMoney }), "Money's own fields are not its JSON");
    assert.not.ok(validate({ ...written, issued: { epoch: 0 } }));

    // The JSON form too; a result always holds its initialised fields, so the output requires them, `due?` apart.
    const withoutRequired = (node) =>
      typeof node !== "object" || node === null
        ? node
        : Object.fromEntries(
            Object.entries(node)
              .filter(([key]) => key !== "required")
              .map(([key, value]) => [key, withoutRequired(value)]),
          );
    assert.equal(withoutRequired(issueTool.outputSchema), withoutRequired(schema), "toolOf's output schema is the JSON form too");
    assert.equal(issueTool.outputSchema.required, ["number", "total", "lines", "issued", "wrapped"]);
    assert.is(schema.required, undefined, "as arguments, a field with an initialiser may be left out");
    assert.ok(ajv.compile(issueTool.outputSchema)(JSON.parse(JSON.stringify(issue("F-2")))));
  });
}
// A named type read as a toJSON() result is a reading of its own: the type's other uses keep theirs,
// whichever comes first; and a parameter written by its toJSON() is no arguments object.
const NAMED = `
import { schemaOf } from "@schemaof/runtime";
class A { x = 1; toJSON(): string { return "a"; } }
type U = A | number;
class W { toJSON(): U { return 1; } }
interface WFirst { w: W; u: U }
interface UFirst { u: U; w: W }
class Money { constructor(private cents: number) {} toJSON(): string { return String(this.cents); } }
function pay(amount: Money & { note: string }) { return amount; }
export const wFirst = schemaOf<WFirst>();
export const uFirst = schemaOf<UFirst>({ refs: true });
export const payArgs = schemaOf<typeof pay>();
`;

for (const { label, ts } of compilers) {
  test(`toJSON: a named union read as a result and used directly gets both readings, in either order (${label})`, () => {
    const out = compileSources(ts, { "named.ts": NAMED })["named.ts"];
    assert.is(out.typeErrors, "");
    assert.is(out.diagnostics, "");
    const { wFirst, uFirst, payArgs } = out.run();
    const direct = { type: ["string", "number"] };
    const raw = { anyOf: [{ type: "object", properties: { x: { type: "number", default: 1 } } }, { type: "number" }] };
    assert.equal(wFirst.properties.u, direct, "U used directly: A is written by its toJSON()");
    assert.equal(wFirst.properties.w, raw, "W's toJSON() result: A is written by its fields");
    const resolve = (schema) => (schema.$ref ? uFirst.$defs[schema.$ref.slice("#/$defs/".length)] : schema);
    assert.equal(resolve(uFirst.properties.u), direct);
    assert.equal(resolve(uFirst.properties.w), raw);
    assert.equal(payArgs.properties.amount.type, "string", "the parameter stays a parameter: its JSON is a string");
  });
}

test.run();
