/**
 * `@schemaof/transformer/stages`: the core's stages one by one, for tools and tests; the hosts
 * reach them only through the project they open (rewrite/openProject).
 */
import type * as ts from "typescript";
import { fromTs } from "./compiler/fromTs";
import { createTypeView } from "./types/createTypeView";

/** The TypeView over a TypeScript 5/6 program. */
export function createTsTypeView(tsi: typeof ts, program: ts.Program) {
  return createTypeView(fromTs(tsi, program));
}

export { analyzeType } from "./analyze/analyzeCall";
export type { Analysis, AnalysisOptions } from "./analyze/analyzeCall";
export type { TypeView } from "./types/TypeView";
export { toJsonSchema, SchemaTooLarge, MAX_NODES } from "./emit/schema/toJsonSchema";
export { writeSchema, type Written } from "./emit/schema/writeSchema";
// The other pure stages, each usable without a Program.
export { toTarget } from "./emit/schema/toTarget";
export { TARGETS, type Target } from "./emit/schema/targetRules";
export { checkPattern } from "./analyze/checkPattern";
export { parseJsDoc } from "./types/readJsDoc";
export { foldDottedKeys } from "./model/dottedKeys";
export { findDiscriminator } from "./model/findDiscriminator";
export { toSource } from "./print/toSource";
// The run-time plan of an analysed type and the two checks generated from it.
export { toPlan } from "./emit/plan/toPlan";
export { toCheckSource } from "./emit/code/toCheckSource";
// Lint over a tool as a client lists it (name, description, input schema), and its thresholds.
export { lintTool, RULE_NAMES } from "./lint/lintTool";
export { THRESHOLDS } from "./lint/thresholds";
// --watch on TypeScript 7: an edit whose JavaScript is known without tsc, and that JavaScript.
export { sourceEdit, outputAfter, type SourceEdit } from "./cli/sourceEdit";
