import type * as ts from "typescript";
import type { Compiler } from "../compiler/Compiler";
import { findIntrinsic, INTRINSIC_NAMES, type Intrinsic } from "./findIntrinsic";

// A file that never names an intrinsic cannot call one: every way to reach them (named, renamed
// or namespace import, re-export, destructuring) spells the name somewhere in the file.
const MENTIONS_INTRINSIC = new RegExp(`\\b(?:${INTRINSIC_NAMES.join("|")})\\b`);

/** Whether a file's text could hold a call of ours: the cheap test before any walk. */
export const mentionsIntrinsic = (text: string) => MENTIONS_INTRINSIC.test(text);

/** Every call in the file that resolves to one of our intrinsics, in source order. */
export function findCalls(
  compiler: Compiler,
  sourceFile: ts.SourceFile,
  onError: (call: ts.CallExpression, error: unknown) => void,
): { call: ts.CallExpression; intrinsic: Intrinsic }[] {
  const found: { call: ts.CallExpression; intrinsic: Intrinsic }[] = [];
  if (!mentionsIntrinsic(sourceFile.text)) return found;
  const { syntax } = compiler;
  const walk = (node: ts.Node): undefined => {
    if (syntax.isCallExpression(node)) {
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
