// The generated checks follow the program's target: under ts-patch a program that targets ES5 gets
// them brought down by TypeScript (the whole module parses as ECMAScript 5), and they answer as the
// ES2022 build's do, word for word; an ES2015-or-later program gets the very text every host prints.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { parse } from "acorn";
import { compilers } from "./lib/compilers.mjs";
import { compileFiles, constantsOf, formatDiagnostics, runModule } from "./lib/compile.mjs";
import { writeSources } from "./lib/scratch.mjs";

const SOURCE = `
import { mapArgs, validateArgs, schemaOf, toolOf } from "@schemaof/runtime";
interface Line { isbn: string; quantity: number }
interface Order {
  id: string;
  tags: string[];
  lines: Line[];
  kind: "gift" | "loan";
  note?: string | null;
  extra?: Record<string, number>;
  pair?: [string, number];
  due?: Date;
}
export class Loan { isbn = ""; days = 14; }
export const schema = schemaOf<Order>();
export const check = (args: unknown) => validateArgs<Order>(args);
export const map = (args: unknown) => mapArgs<Order>(args);
export const loan = (args: unknown) => mapArgs<Loan>(args);
export function lend(isbn: string, days = 14) { return { isbn, days }; }
export const lendTool = toolOf(lend);
`;

const VALUES = [
  { id: "o-1", tags: ["a"], lines: [{ isbn: "1", quantity: 2 }], kind: "gift", extra: { a: 1 }, pair: ["x", 1], due: "2026-12-01T10:00:00Z" },
  { id: 1, tags: ["a", 2], lines: [{ isbn: "1", quantity: "2" }], kind: "sale", extra: { a: "x" }, pair: ["x"] },
  null,
];

for (const { label, ts } of compilers) {
  test(`target ES5: the generated checks are ECMAScript 5 and answer as the ES2022 build's (${label})`, async () => {
    const [file] = writeSources({ "order.ts": SOURCE });
    const build = (target) => {
      const options = {
        target,
        module: ts.ModuleKind.CommonJS,
        strict: true,
        skipLibCheck: true,
        types: ["node"],
        lib: ["lib.es2015.d.ts"],
        ignoreDeprecations: ts.versionMajorMinor.startsWith("6") ? "6.0" : undefined,
      };
      const program = ts.createProgram([file], options);
      const { js, diagnostics } = compileFiles(ts, [file], {}, program).get(file);
      assert.is(formatDiagnostics(ts, diagnostics, file), "");
      return js;
    };
    const es5 = build(ts.ScriptTarget.ES5);
    const es2022 = build(ts.ScriptTarget.ES2022);
    assert.not.throws(() => parse(es5, { ecmaVersion: 5, sourceType: "script" }), "the ES5 module parses as ECMAScript 5");
    assert.throws(() => parse(es2022, { ecmaVersion: 5, sourceType: "script" }), "the ES2022 one does not (the test can tell)");
    const [old, modern] = [runModule(es5, file), runModule(es2022, file)];
    assert.equal(old.schema, modern.schema);
    for (const value of VALUES) {
      assert.equal(JSON.stringify(old.check(value)), JSON.stringify(modern.check(value)), JSON.stringify(value));
    }
    assert.ok(old.loan({ isbn: "x" }) instanceof old.Loan, "a class is still instantiated");
    const called = await old.lendTool.call({ isbn: "x" });
    assert.equal(called, await modern.lendTool.call({ isbn: "x" }));
    assert.equal(called.structuredContent, { isbn: "x", days: 14 }, "the tool's arguments were mapped");
    // Above ES2015 the constants are the text every host prints.
    assert.equal(constantsOf(build(ts.ScriptTarget.ES2015)), constantsOf(es2022));
  });
}

test.run();
