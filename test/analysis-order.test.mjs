// What a call's schema says must not depend on which calls were analysed before it: a host that
// sees one module at a time (a bundler, the editor) or another file order must emit the same bytes.
// b.ts holds a union written nowhere as a union (`typeof picked`), whose order TypeScript 5 takes
// from the literals' creation and TypeScript 7 from its sort, and a tool whose result has its
// parameter's union; a.ts writes the same members as a union. Each host compiles a.ts then b.ts,
// b.ts then a.ts, and b.ts alone.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compilers } from "./lib/compilers.mjs";
import transformerModule from "@schemaof/transformer";
import { constantsOf, fixtureOptions, formatDiagnostics, runModule } from "./lib/compile.mjs";
import { buildFiles, ts7Lines } from "./lib/build7.mjs";
import { writeSources } from "./lib/scratch.mjs";

const [a, b] = writeSources({
  "a.ts": `import { schemaOf } from "@schemaof/runtime";
const early: "y" = "y";
export const written = schemaOf<{ k: "x" | "y" }>();
export { early };
`,
  "b.ts": `import { schemaOf, toolOf } from "@schemaof/runtime";
interface Box<T> { v: T }
function pick<T>(first: T, second: T): T { return first ?? second; }
const picked = pick("y" as const, "x" as const);
export const boxed = schemaOf<Box<typeof picked>>();
export const early: "hardcover" | "paperback" = "paperback";
/** Orders a copy of a book from its publisher; returns what was ordered. */
export function orderBook(/** The book's exact title. */ title: string, /** The cover wanted. */ binding: "paperback" | "hardcover" = "paperback") {
  return { title, binding };
}
export const tool = toolOf(orderBook);
`,
});
const orders = { "a.ts, b.ts": [a, b], "b.ts, a.ts": [b, a], "b.ts alone": [b] };

const transformer = transformerModule.default ?? transformerModule;

/** b.ts's JavaScript as tspc emits it: one transformer for the whole program, its files in order. */
function emitProgram(ts, program, files) {
  const diagnostics = [];
  const before = transformer(program, {}, { ts, addDiagnostic: (d) => diagnostics.push(d) });
  let js = "";
  for (const file of files)
    program.emit(program.getSourceFile(file), (name, text) => file === b && name.endsWith(".js") && (js = text), undefined, false, { before: [before] });
  return { js, problems: formatDiagnostics(ts, [...diagnostics, ...ts.getPreEmitDiagnostics(program)], b) };
}

const builds = [];
for (const { label, ts } of compilers) {
  let program;
  for (const [order, files] of Object.entries(orders)) {
    // Each order its own program, the libraries parsed once (the source files of the one before are reused).
    program = ts.createProgram(files, fixtureOptions(ts), undefined, program);
    builds.push({ label, order, ...emitProgram(ts, program, files) });
  }
}
for (const { label, packageDir } of ts7Lines) {
  for (const [order, files] of Object.entries(orders)) {
    const { js, diagnostics, typeErrors } = (await buildFiles(packageDir, files)).results.get(b);
    builds.push({ label: `${label}, schemaof build`, order, js, problems: diagnostics + typeErrors });
  }
}

for (const { label, order, js, problems } of builds) {
  test(`b.ts compiled ${order} (${label}): the constants of b.ts compiled alone on TypeScript 5.9`, () => {
    assert.is(problems, "");
    assert.equal(constantsOf(js), constantsOf(builds[2].js));
    const { boxed, tool } = runModule(js, b);
    // Written nowhere: the stable order, by value.
    assert.equal(boxed.properties.v.enum, ["x", "y"]);
    // The result's `binding` is the parameter's: in the order the parameter writes.
    assert.equal(tool.outputSchema.properties.binding.enum, ["paperback", "hardcover"]);
  });
}

test.run();
