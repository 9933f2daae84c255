import type * as ts from "typescript";
import type { Compiler } from "../compiler/Compiler";
import { STANDARD_KEYS, readCheckTarget, readOptions } from "./readOptions";
import { readToolOptions } from "./readTool";

/** What a call's rewrite writes for it: the schema of its type, the run-time plan of its check, or a whole tool. */
export type Need = "schema" | "plan" | "tool";

interface IntrinsicEntry {
  /**
   * What the call describes: its type argument (`schemaOf<T>()`), the function it is handed
   * (`toolOf(fn)`), or a tool made by toolOf (`tool.call(args, { target })`, a method of the
   * runtime's Tool: checked, never rewritten).
   */
  readonly takes: "type" | "function" | "tool";
  readonly needs: readonly Need[];
  /** Its options literal, read at compile time; the entry knows which argument holds it. */
  readonly readOptions: (compiler: Compiler, call: ts.CallExpression) => unknown;
}

// The three ways a call's options literal is read, each knowing which argument holds it.
/** `schemaOf<T>(options?)`: every option is read at compile time. */
const callOptions = (compiler: Compiler, call: ts.CallExpression) => readOptions(compiler.syntax, call.arguments[0]);
/** `standardSchemaOf<T>(options?)`: a schema's options, and the repairs of the check it carries. */
const standardOptions = (compiler: Compiler, call: ts.CallExpression) => readOptions(compiler.syntax, call.arguments[0], STANDARD_KEYS);
/** `mapArgs<T>(args, options?)`: only the target and the repairs, which the check is made for; the rest are the caller's at run time. */
const checkOptions = (compiler: Compiler, call: ts.CallExpression) => readCheckTarget(compiler, call.arguments[1]);
/** `toolOf(fn, options?)`: the targets and the form of its schemas; the rest are the tool's at run time. */
const toolOptions = (compiler: Compiler, call: ts.CallExpression) => readToolOptions(compiler, call.arguments[1]);

/**
 * The calls of `@schemaof/runtime` that the transformer rewrites, by the names they are declared
 * under (the runtime tags each declaration `@schemaofIntrinsic <name>`). Finding the calls, the
 * hosts' quick text tests and the rewrite's dispatch all read this table, so a new intrinsic is one
 * row here and its rewrite.
 */
export const INTRINSICS = {
  schemaOf: { takes: "type", needs: ["schema"], readOptions: callOptions },
  mapArgs: { takes: "type", needs: ["plan"], readOptions: checkOptions },
  validateArgs: { takes: "type", needs: ["plan"], readOptions: checkOptions },
  // The schema it shows and the plan it checks with.
  standardSchemaOf: { takes: "type", needs: ["schema", "plan"], readOptions: standardOptions },
  toolOf: { takes: "function", needs: ["tool"], readOptions: toolOptions },
  // `tool.call(args, { target: "openai-strict" })`: the tool must have been built for that target.
  call: { takes: "tool", needs: [], readOptions: checkOptions },
} as const satisfies Record<string, IntrinsicEntry>;

export type Intrinsic = keyof typeof INTRINSICS;
export const INTRINSIC_NAMES = Object.keys(INTRINSICS) as Intrinsic[];
/** The intrinsics called by their own name (`schemaOf(…)`, `toolOf(…)`), not as a method of a tool. */
export const FUNCTION_NAMES = INTRINSIC_NAMES.filter((name) => INTRINSICS[name].takes !== "tool");

/** The intrinsics whose rewrite writes `need`. */
export type Needing<N extends Need> = { [K in Intrinsic]: N extends (typeof INTRINSICS)[K]["needs"][number] ? K : never }[Intrinsic];
/** The intrinsics that describe a type argument. */
export type TypeIntrinsic = { [K in Intrinsic]: (typeof INTRINSICS)[K]["takes"] extends "type" ? K : never }[Intrinsic];

/** Whether the rewrite of `intrinsic` writes `need`. */
export const needs = <N extends Need>(intrinsic: Intrinsic, need: N): intrinsic is Needing<N> =>
  (INTRINSICS[intrinsic].needs as readonly Need[]).includes(need);

/** Whether `intrinsic` describes its type argument (and is rewritten by rewriteCall, not rewriteTool). */
export const takesType = (intrinsic: Intrinsic): intrinsic is TypeIntrinsic => INTRINSICS[intrinsic].takes === "type";
