import type * as ts from "typescript";
import type { CType, Compiler } from "../compiler/Compiler";
import type { TypeView } from "../types/TypeView";
import type { Analysis } from "../analyze/analyzeCall";
import type { CallOptions } from "../discover/readOptions";
import type { Problem } from "../diagnostics/messages";
import type { Constant } from "./Rewrite";

/**
 * What rewriting one call needs from the file around it; rewriteFile builds one per file and
 * rewriteCall/rewriteTool use it.
 */
export interface Site {
  readonly compiler: Compiler;
  readonly view: TypeView;
  readonly sourceFile: ts.SourceFile;
  readonly defaults: CallOptions;
  /** The name of the module's namespace import of the runtime's helpers (imported once a plan is made). */
  readonly helpers: string;
  /** Reports problems at a node as one diagnostic per code; returns undefined, so a rewrite can `return fail(…)`. */
  fail(node: ts.Node, subject: string, problems: readonly Problem[]): undefined;
  analyze(type: CType, origin: ts.TypeNode | undefined, options: CallOptions): Analysis;
  /** The hoisted run-time plan of an analysis, or undefined after reporting why there is none. */
  plan(analysis: Analysis, options: CallOptions, at: ts.Node, subject: string, typeNode?: ts.TypeNode): Constant | undefined;
  /** The hoisted constant of a schema, first made for the call at `at`. */
  schema(schema: object, at: ts.Node): Constant;
}
