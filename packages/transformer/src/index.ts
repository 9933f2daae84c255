import type * as ts from "typescript";
import { fromTs } from "./compiler/fromTs";
import { createTypeView } from "./types/createTypeView";
import { readPluginConfig } from "./discover/readPluginConfig";
import { rewriteFile, type Project } from "./rewrite/rewriteFile";
import { toAst } from "./render/toAst";
import { toTsDiagnostic } from "./diagnostics/report";

/** What ts-patch hands a program transformer as its third argument. */
export interface TransformerExtras {
  readonly ts?: typeof ts;
  readonly addDiagnostic?: (diagnostic: ts.Diagnostic) => number | void;
}

/**
 * The ts-patch host: `{ "transform": "@schemaof/transformer" }` in compilerOptions.plugins, with
 * project defaults for the call options beside it (`"refs": true`).
 */
export default function schemaofTransformer(program: ts.Program, config: Record<string, unknown> = {}, extras: TransformerExtras = {}): ts.TransformerFactory<ts.SourceFile> {
  // The user's compiler, as ts-patch hands it in; a second copy would not know this program's nodes.
  const tsi: typeof ts = extras.ts ?? require("typescript");
  const report = (diagnostic: ts.Diagnostic) => void extras.addDiagnostic?.(diagnostic);
  const { defaults, problems } = readPluginConfig(config);
  for (const problem of problems) {
    report({ file: undefined, start: undefined, length: undefined, category: tsi.DiagnosticCategory.Error, code: problem.code, messageText: problem.message });
  }
  const compiler = fromTs(tsi, program);
  const project: Project = { compiler, view: createTypeView(compiler), defaults, cache: new Map(), report: (found) => report(toTsDiagnostic(tsi, found)) };
  return (context) => (sourceFile) => {
    if (sourceFile.isDeclarationFile) return sourceFile;
    const rewrite = rewriteFile(project, sourceFile);
    return rewrite ? toAst(tsi, context, sourceFile, rewrite) : sourceFile;
  };
}

/** The TypeView over a TypeScript 5/6 program, for other hosts and tests. */
export function createTsTypeView(tsi: typeof ts, program: ts.Program) {
  return createTypeView(fromTs(tsi, program));
}

export { analyzeType } from "./analyze/analyzeCall";
export type { Analysis, AnalysisOptions } from "./analyze/analyzeCall";
export type { TypeView } from "./types/TypeView";
export { toJsonSchema } from "./emit/toJsonSchema";
export { Code } from "./diagnostics/messages";
