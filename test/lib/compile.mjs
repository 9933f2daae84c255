// Compiles TypeScript files in memory with the schemaof transformer, the way tspc would:
// program.emit(undefined, write, undefined, false, { before: [transformer] }).
import { createRequire } from "node:module";
import { dirname, relative } from "node:path";
import transformerModule from "@schemaof/transformer";

const transformer = transformerModule.default ?? transformerModule;

export const fixtureOptions = (ts) => ({
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  skipLibCheck: true,
  types: ["node"],
  outDir: "/virtual-out",
});

/**
 * One program for many files (the libs are parsed once), emitted file by file; a caller that asks the
 * same program other questions passes it in.
 * Returns, per input file: the emitted JavaScript, our diagnostics (errors), our lint warnings apart
 * (as `schemaof build` tells them apart), and TypeScript's own errors.
 */
export function compileFiles(ts, files, pluginConfig = {}, program = ts.createProgram(files, fixtureOptions(ts))) {
  const results = new Map();
  for (const fileName of files) {
    const sourceFile = program.getSourceFile(fileName);
    const diagnostics = [];
    const warnings = [];
    let js = "";
    const before = transformer(program, pluginConfig, { ts, addDiagnostic: (d) => diagnostics.push(d), addWarning: (d) => warnings.push(d) });
    program.emit(
      sourceFile,
      (name, text) => {
        if (name.endsWith(".js")) js = text;
      },
      undefined,
      false,
      { before: [before] },
    );
    const typeErrors = ts.getPreEmitDiagnostics(program, sourceFile).filter((d) => d.category === ts.DiagnosticCategory.Error);
    results.set(fileName, { js, diagnostics, warnings, typeErrors });
  }
  return results;
}

/** TypeScript's own baseline form, with paths relative to the fixture's folder. */
export function formatDiagnostics(ts, diagnostics, fileName) {
  const dir = dirname(fileName);
  return ts
    .formatDiagnostics(diagnostics, {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => dir,
      getNewLine: () => "\n",
    })
    .split(dir + "/")
    .join("");
}

/** Runs emitted CommonJS as a module of the fixture's folder and returns its exports. */
export function runModule(js, fileName, replace = {}) {
  const module = { exports: {} };
  const resolve = createRequire(fileName);
  // `replace`: a module to hand the code instead of the one it names (tests watch calls this way).
  const require = (name) => replace[name] ?? resolve(name);
  new Function("exports", "require", "module", js)(module.exports, require, module);
  return module.exports;
}

export const relativeTo = (root, file) => relative(root, file);

/** The hoisted constants of emitted code, in order: `const schema_1 = …;`, `const plan_1 = …;`. */
export const constantsOf = (js) => [...js.matchAll(/^const (?:schema|plan)_\d+ = (.*);$/gm)].map((match) => match[1]);
