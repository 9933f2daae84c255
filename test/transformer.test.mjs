// The ts-patch host: which calls are rewritten, how constants are hoisted, plugin options, and what
// happens without the transformer.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createRequire } from "node:module";
import { mkdtempSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { compilers } from "./lib/compilers.mjs";
import { compileSources } from "./lib/scratch.mjs";
import { compileFiles, fixtureOptions, formatDiagnostics } from "./lib/compile.mjs";

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const [{ ts }] = compilers;

test("identical schemas in one module share one hoisted constant, after the imports", () => {
  const { "a.ts": a } = compileSources(ts, {
    "a.ts": `import { schemaOf } from "@schemaof/runtime";
interface Q { q: string }
export function first() { return schemaOf<Q>(); }
export function second() { return schemaOf<{ q: string }>(); }
export const other = schemaOf<{ n: number }>();
`,
  });
  assert.is(a.diagnostics, "");
  assert.is(a.js.match(/const schema_\d+ = /g).length, 2, "two distinct schemas, two constants");
  assert.not.match(a.js, /schemaOf\)\(/, "no call left at run time");
  assert.ok(a.js.indexOf('require("@schemaof/runtime")') < a.js.indexOf("const schema_1"), "constants come after the imports");
  const module = a.run();
  assert.is(module.first(), module.second(), "the same object: a call in a hot path allocates nothing");
  assert.equal(module.other, { type: "object", properties: { n: { type: "number" } }, required: ["n"] });
});

test("calls are found by their resolved declaration: renamed and namespace imports, re-exports", () => {
  const out = compileSources(ts, {
    "reexport.ts": `export { schemaOf as describe } from "@schemaof/runtime";\n`,
    "use.ts": `import { schemaOf as s } from "@schemaof/runtime";
import * as runtime from "@schemaof/runtime";
import { describe } from "./reexport.js";
export const a = s<{ x: string }>();
export const b = runtime.schemaOf<{ x: string }>();
export const c = describe<{ x: string }>();
`,
  });
  const { js, diagnostics } = out["use.ts"];
  assert.is(diagnostics, "");
  // The three calls describe the same type: all three read the one constant.
  assert.match(js, /exports\.a = schema_1;/);
  assert.match(js, /exports\.b = schema_1;/);
  assert.match(js, /exports\.c = schema_1;/);
  assert.match(js, /const schema_1 = \{type:"object",properties:\{x:\{type:"string"\}\},required:\["x"\]\};/);
});

test("mapArgs<T> of an imported class returns an instance under CommonJS, through the import as TypeScript emits it", () => {
  const out = compileSources(ts, {
    "loan.ts": `export class Loan { isbn!: string; days = 3; get late() { return this.days > 14; } }\n`,
    "use.ts": `import { mapArgs } from "@schemaof/runtime";
import { Loan } from "./loan.js";
export class Local { a = 1; }
export const make = (args: unknown) => mapArgs<Loan>(args);
export const local = (args: unknown) => mapArgs<Local>(args);
export const isLoan = (value: unknown) => value instanceof Loan;
`,
  });
  assert.is(out["use.ts"].diagnostics, "");
  assert.match(out["use.ts"].js, /cls: \(\) => loan_js_1\.Loan \}/, "the class is read through the emitted import");
  const loan = out["loan.ts"].run();
  const module = out["use.ts"].run({ "./loan.js": loan });
  const value = module.make({ isbn: "x" });
  assert.ok(value instanceof loan.Loan && module.isLoan(value), "an instance of the imported class");
  assert.equal([value.isbn, value.days, value.late], ["x", 3, false]);
  assert.ok(module.local({}) instanceof module.Local, "an instance of the module's own class");
});

test("in a CommonJS module each check is handed the runtime's one object of helpers; text of the type that spells a binding is left as it is", () => {
  const out = compileSources(ts, {
    "loan.ts": `export class Loan { isbn!: string }\n`,
    "use.ts": `import { mapArgs, validateArgs } from "@schemaof/runtime";
import { Loan } from "./loan.js";
/** Sort, as ")({g:__schemaof.g})" spells it. */
interface Q { sort: "a" | ")({g:__schemaof.g})"; days?: number }
export const check = (args: unknown) => validateArgs<Q>(args);
export const loan = (args: unknown) => mapArgs<Loan>(args);
`,
  });
  const use = out["use.ts"];
  assert.is(use.diagnostics, "");
  // The text spells `__schemaof`, so the helpers are `__schemaof_2`. The check of Q, the check of
  // Loan (the plan with a class reference, which the host prints itself).
  assert.is(use.js.match(/\}\)\(__schemaof_2\.H\)/g).length, 2);
  assert.not.match(use.js, /[{,]\w+:__schemaof_2\.\w+[,}]/, "no check names its helpers one by one");
  const module = use.run({ "./loan.js": out["loan.ts"].run() });
  assert.equal(module.check({ sort: ")({g:__schemaof.g})" }), { value: { sort: ")({g:__schemaof.g})" } });
  assert.equal(
    module.check({ sort: "b", days: "3" }).issues.map((issue) => issue.message),
    ['/sort must be one of "a", ")({g:__schemaof.g})", got "b"', '/days must be number, got string "3"'],
  );
  assert.is(module.loan({ isbn: "x" }).isbn, "x");
});

test("a user's own function named schemaOf is left alone", () => {
  const { "own.ts": own } = compileSources(ts, {
    "own.ts": `function schemaOf<T>(): string { return "mine"; }
export const value = schemaOf<{ x: string }>();
`,
  });
  assert.is(own.diagnostics, "");
  assert.is(own.run().value, "mine");
});

test("plugin options in tsconfig are project defaults; a call's options win", () => {
  const { "p.ts": p } = compileSources(
    ts,
    {
      "p.ts": `import { schemaOf } from "@schemaof/runtime";
interface Node_ { name: string; children: Node_[] }
export const byDefault = schemaOf<Node_>();
export const closed = schemaOf<{ a: string }>();
export const open = schemaOf<{ a: string }>({ additionalProperties: undefined as never });
`,
    },
    { transform: "@schemaof/transformer", refs: true, additionalProperties: false },
  );
  assert.match(p.diagnostics, /TS99007/, "undefined is not a literal option value");
  const { "q.ts": q } = compileSources(
    ts,
    {
      "q.ts": `import { schemaOf } from "@schemaof/runtime";
interface Node_ { name: string; children: Node_[] }
export const byDefault = schemaOf<Node_>();
export const flat = schemaOf<{ a: string }>({ refs: false });
`,
    },
    { transform: "@schemaof/transformer", refs: true, additionalProperties: false },
  );
  assert.is(q.diagnostics, "");
  const module = q.run();
  assert.equal(module.byDefault.properties.children, { type: "array", items: { $ref: "#" } });
  assert.is(module.byDefault.additionalProperties, false);
  assert.is(module.flat.additionalProperties, false);
});

test("a closed project closes @key groups in the schema and at run time alike", () => {
  const { "g.ts": g } = compileSources(
    ts,
    {
      "g.ts": `import { schemaOf, validateArgs } from "@schemaof/runtime";
interface Failure {
  /** @key error.message */
  message: string;
  status: number;
}
export const schema = schemaOf<Failure>();
export const check = (args: unknown) => validateArgs<Failure>(args);
`,
    },
    { transform: "@schemaof/transformer", additionalProperties: false },
  );
  assert.is(g.diagnostics, "");
  const module = g.run();
  assert.is(module.schema.properties.error.additionalProperties, false);
  assert.equal(
    module.check({ error: { message: "m", extra: 1 }, status: 1 }).issues.map((i) => i.pointer),
    ["/error/extra"],
  );
  assert.equal(module.check({ error: { message: "m" }, status: 1 }).value, { message: "m", status: 1 });
});

test("an invalid plugin option is a diagnostic, not a crash", () => {
  const { "r.ts": r } = compileSources(ts, { "r.ts": `export const x = 1;\n` }, { transform: "@schemaof/transformer", refs: "yes" });
  assert.match(r.diagnostics, /error TS99007: The @schemaof\/transformer entry in tsconfig.json is invalid: 'refs' takes true, false or "auto"\./);
});

test("without strictNullChecks every call is told what that changes and how to turn it on (TS99016)", () => {
  for (const { ts: tsi, label } of compilers) {
    const dir = mkdtempSync(join(here, ".tmp", "loose-"));
    const file = join(dir, "loose.ts");
    writeFileSync(file, `import { schemaOf } from "@schemaof/runtime";\nexport const schema = schemaOf<{ note: string | null }>();\n`);
    const program = tsi.createProgram([file], { ...fixtureOptions(tsi), strict: false });
    const text = formatDiagnostics(tsi, compileFiles(tsi, [file], {}, program).get(file).diagnostics, file);
    assert.match(
      text,
      /loose\.ts\(2,23\): error TS99016: 'schemaOf<\{ note: string \| null \}>' is read without strictNullChecks\.\n  without "strict" \(or "strictNullChecks"\) TypeScript erases null and undefined from every type/,
      label,
    );
  }
});

test("a property declared with no type (implicitly any) is TS99015, not a schema that takes anything", () => {
  const dir = mkdtempSync(join(here, ".tmp", "untyped-"));
  const file = join(dir, "untyped.ts");
  writeFileSync(
    file,
    `import { schemaOf } from "@schemaof/runtime";\nexport class Note {\n  public text: string = "";\n  public noType;\n  public inferred;\n  constructor() {\n    this.inferred = 1;\n  }\n}\nexport const schema = schemaOf<Note>();\n`,
  );
  const program = ts.createProgram([file], { ...fixtureOptions(ts), noImplicitAny: false });
  const text = formatDiagnostics(ts, compileFiles(ts, [file], {}, program).get(file).diagnostics, file);
  // Without noImplicitAny, TypeScript does not infer `inferred` from the constructor either: both are `any`.
  const line = (name) =>
    `  ${name}: declared with no type and nothing to infer one from, so TypeScript gives it \`any\` and a schema of it would accept anything; give it a type.\n`;
  assert.is(text, `untyped.ts(10,32): error TS99015: 'Note' names a type that TypeScript cannot resolve.\n${line("noType")}${line("inferred")}`);
});

test("without the transformer, each call throws an Error that says how to add the plugin", () => {
  const runtime = require("@schemaof/runtime");
  for (const name of ["schemaOf", "mapArgs", "validateArgs"]) {
    assert.throws(
      () => runtime[name]({}),
      (error) => error instanceof Error && /"transform": "@schemaof\/transformer"/.test(error.message) && error.message.startsWith(`${name}<T>()`),
    );
  }
});

test("the analysis is exported as plain data for other hosts, with the files it depends on", () => {
  const { analyzeType, createTsTypeView, writeSchema } = require("@schemaof/transformer/stages");
  const dir = mkdtempSync(join(here, ".tmp", "analysis-"));
  writeFileSync(join(dir, "dep.ts"), `export interface Book {\n  /** The title. */\n  title: string;\n}\n`);
  writeFileSync(join(dir, "main.ts"), `import type { Book } from "./dep";\nexport type Input = { book: Book };\n`);
  const program = ts.createProgram([join(dir, "main.ts")], { strict: true, types: [] });
  const main = program.getSourceFile(join(dir, "main.ts"));
  const type = program.getTypeChecker().getTypeAtLocation(main.statements[1].name);
  const analysis = analyzeType(createTsTypeView(ts, program), { type }, {});
  assert.equal(analysis.problems, []);
  assert.equal(writeSchema(analysis, { refs: false }).schema, {
    type: "object",
    properties: { book: { type: "object", properties: { title: { type: "string", description: "The title." } }, required: ["title"] } },
    required: ["book"],
  });
  assert.ok(analysis.dependencies.includes(join(dir, "dep.ts")), analysis.dependencies.join(", "));
  assert.equal(JSON.parse(JSON.stringify(analysis.model)), analysis.model, "the model is plain data");
});

test("in a source map, a hoisted constant stands where the call that first needed it wrote its type", async () => {
  const { TraceMap, originalPositionFor } = await import("@jridgewell/trace-mapping");
  const { writeSources } = await import("./lib/scratch.mjs");
  const transformerModule = await import("@schemaof/transformer");
  const transformer = transformerModule.default.default ?? transformerModule.default;
  const [file] = writeSources({
    "mapped.ts": `import { schemaOf, validateArgs } from "@schemaof/runtime";

interface Search { query: string }

export const schema = schemaOf<Search>();

export const check = (args: unknown) => validateArgs<{ limit: number }>(args);
`,
  });
  const program = ts.createProgram([file], { ...fixtureOptions(ts), sourceMap: true });
  const out = {};
  program.emit(undefined, (name, text) => (out[name.endsWith(".map") ? "map" : "js"] = text), undefined, false, { before: [transformer(program, {})] });
  const lines = out.js.split("\n");
  const trace = new TraceMap(out.map);
  const lineOf = (pattern) => lines.findIndex((line) => pattern.test(line)) + 1;
  assert.is(originalPositionFor(trace, { line: lineOf(/^const schema_\d+ = /), column: 0 }).line, 5, "the schema: line 5, schemaOf<Search>");
  assert.is(originalPositionFor(trace, { line: lineOf(/^const plan_\d+ = /), column: 0 }).line, 7, "the plan: line 7, validateArgs<{ limit: number }>");
});

test.run();
