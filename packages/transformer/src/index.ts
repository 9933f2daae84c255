import type * as ts from "typescript";
import { createTsTypeView } from "./types/TsTypeView";
import { checkOption, type CallOptions } from "./discover/readOptions";
import { transformFile } from "./transformFile";
import { Code } from "./diagnostics/messages";
import type { Analysis } from "./analyze/analyzeCall";

/** What ts-patch hands a program transformer as its third argument. */
export interface TransformerExtras {
  readonly ts?: typeof ts;
  readonly addDiagnostic?: (diagnostic: ts.Diagnostic) => number | void;
}

/** ts-patch's own keys in a plugin entry; every other key is one of ours. */
const HOST_KEYS = new Set(["transform", "after", "afterDeclarations", "type", "import", "name", "transformProgram", "resolvePathAliases", "tsConfig", "isEsm"]);

/**
 * The ts-patch host: `{ "transform": "@schemaof/transformer" }` in compilerOptions.plugins, with
 * project defaults for the call options beside it (`"refs": true`).
 */
export default function schemaofTransformer(program: ts.Program, config: Record<string, unknown> = {}, extras: TransformerExtras = {}): ts.TransformerFactory<ts.SourceFile> {
  // The user's compiler, as ts-patch hands it in; a second copy would not know this program's nodes.
  const tsi: typeof ts = extras.ts ?? require("typescript");
  const report = (diagnostic: ts.Diagnostic) => void extras.addDiagnostic?.(diagnostic);
  const defaults: CallOptions = {};
  for (const [key, value] of Object.entries(config ?? {})) {
    if (HOST_KEYS.has(key)) continue;
    const problem = checkOption(key, value);
    if (problem) {
      report({ file: undefined, start: undefined, length: undefined, category: tsi.DiagnosticCategory.Error, code: Code.NonLiteralOptions, messageText: `The @schemaof/transformer entry in tsconfig.json is invalid: ${problem}.` });
    } else (defaults as Record<string, unknown>)[key] = value;
  }
  const view = createTsTypeView(tsi, program);
  const cache = new Map<string, Analysis>();
  return (context) => (sourceFile) => {
    if (sourceFile.isDeclarationFile) return sourceFile;
    return transformFile({ tsi, program, view, defaults, report, cache }, context, sourceFile);
  };
}

export { analyzeType } from "./analyze/analyzeCall";
export type { Analysis, AnalysisOptions } from "./analyze/analyzeCall";
export type { TypeView } from "./types/TypeView";
export { createTsTypeView } from "./types/TsTypeView";
export { toJsonSchema } from "./emit/toJsonSchema";
export { Code } from "./diagnostics/messages";
