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

    assert.equal(issueTool.outputSchema, schema, "toolOf's output schema is the JSON form too");
    assert.ok(ajv.compile(issueTool.outputSchema)(JSON.parse(JSON.stringify(issue("F-2")))));
  });
}
test.run();
