import type * as ts from "typescript";
import type { Compiler } from "../compiler/Compiler";
import { findIntrinsic } from "./findIntrinsic";
import type { Intrinsic } from "./intrinsics";
import { mentionsIntrinsic, namesIn } from "./mentionsIntrinsic";
import { innerExpression } from "./innerExpression";

/**
 * Every call in the file that resolves to one of our intrinsics, in source order. Only a call
 * whose callee ends in an intrinsic's name, or in a name the file gives one (`import { schemaOf
 * as describe }`, `const { schemaOf: s } = runtime`), is asked of the checker: resolving every
 * call's signature was most of the cost of finding them.
 */
export function findCalls(
  compiler: Compiler,
  sourceFile: ts.SourceFile,
  onError: (call: ts.CallExpression, error: unknown) => void,
  aliases?: ReadonlySet<string>,
): { call: ts.CallExpression; intrinsic: Intrinsic }[] {
  const found: { call: ts.CallExpression; intrinsic: Intrinsic }[] = [];
  if (!mentionsIntrinsic(sourceFile.text, aliases)) return found;
  const { syntax } = compiler;
  const names = namesIn(sourceFile.text, aliases);
  const calleeName = (written: ts.Expression): string | undefined => {
    const callee = innerExpression(syntax, written);
    if (syntax.isIdentifier(callee)) return callee.text;
    if (syntax.isPropertyAccessExpression(callee)) return callee.name.text;
    return undefined;
  };
  const isCandidate = (call: ts.CallExpression) => {
    const name = calleeName(call.expression);
    // A tool's `call` is ours only with options that could name a target: most `.call(` are Function's.
    return name !== undefined && names.has(name) && (name !== "call" || call.arguments.length >= 2);
  };
  const walk = (node: ts.Node): undefined => {
    if (syntax.isCallExpression(node) && isCandidate(node)) {
      try {
        const intrinsic = findIntrinsic(compiler, node);
        if (intrinsic) found.push({ call: node, intrinsic });
      } catch (error) {
        onError(node, error);
      }
    }
    syntax.forEachChild(node, walk);
    return undefined;
  };
  walk(sourceFile);
  return found;
}
