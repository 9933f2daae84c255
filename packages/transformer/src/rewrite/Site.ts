import type * as ts from "typescript";
import type { TypeView } from "../types/TypeView";
import type { Analysis } from "../analyze/analyzeCall";
import type { CallOptions } from "../discover/readOptions";
import type { Problem } from "../diagnostics/messages";

/**
 * What rewriting one call needs from the file around it: the compiler, the analyses, the module's
 * hoisted constants, and where problems go. transformFile builds one per file.
 */
export interface Site {
  readonly tsi: typeof ts;
  readonly checker: ts.TypeChecker;
  readonly factory: ts.NodeFactory;
  readonly sourceFile: ts.SourceFile;
  readonly view: TypeView;
  /** The project's call options, from the plugin entry in tsconfig.json. */
  readonly defaults: CallOptions;
  /** Reports problems at a node as one diagnostic; returns undefined, so a rewrite can `return fail(…)`. */
  fail(node: ts.Node, subject: string, problems: readonly Problem[]): undefined;
  /** The analysis of a type under some options, shared by every call of the program that asks the same. */
  analyze(type: ts.Type, origin: ts.TypeNode | undefined, options: CallOptions): Analysis;
  /** The hoisted run-time plan of an analysis, or undefined after reporting why there is none. */
  planFor(analysis: Analysis, options: CallOptions, at: ts.Node, subject: string, typeNode?: ts.TypeNode): ts.Identifier | undefined;
  /** A module-level constant holding a schema's source text, one per distinct text. */
  hoistSchema(text: string): ts.Identifier;
  /** An argument, with our calls inside it rewritten too. */
  visit(node: ts.Expression): ts.Expression;
}
