import type * as ts from "typescript";
import type { Compiler } from "../compiler/Compiler";
import { findIntrinsic, INTRINSIC_NAMES, type Intrinsic } from "./findIntrinsic";
import { innerExpression } from "./innerExpression";

// A file that never names an intrinsic cannot call one: every way to reach them (named, renamed
// or namespace import, destructuring) spells the name somewhere in the file, but for a name another
// module of the project re-exports it under (`export { schemaOf as describe }`): see reexportedNames.
const MENTIONS_INTRINSIC = new RegExp(`\\b(?:${INTRINSIC_NAMES.join("|")})\\b`);

/** `schemaOf as describe`, `schemaOf: s`: the names a file gives an intrinsic. */
const RENAMED = new RegExp(`\\b(?:${INTRINSIC_NAMES.join("|")})\\s*(?:\\bas\\s+([\\w$]+)|:\\s*([\\w$]+))`, "g");

/** Whether a file's text could hold a call of ours: the cheap test before any walk (`aliases`: see reexportedNames). */
export const mentionsIntrinsic = (text: string, aliases: ReadonlySet<string> = NONE) =>
  MENTIONS_INTRINSIC.test(text) || [...aliases].some((alias) => new RegExp(`\\b${alias.replace(/\$/g, "\\$")}\\b`).test(text));

const NONE: ReadonlySet<string> = new Set();

/** `export { schemaOf as describe }`: the names the project's modules re-export an intrinsic under. */
export function reexportedNames(texts: Iterable<string>): Set<string> {
  const found = new Set<string>();
  const pattern = new RegExp(`\\b(?:${INTRINSIC_NAMES.join("|")})\\s+as\\s+([\\w$]+)`, "g");
  for (const text of texts) {
    if (!/\bexport\b/.test(text) || !MENTIONS_INTRINSIC.test(text)) continue;
    for (const clause of text.matchAll(/\bexport\s*(?:type\s*)?\{([^}]*)\}/g)) for (const match of clause[1].matchAll(pattern)) found.add(match[1]);
  }
  return found;
}

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
  aliases: ReadonlySet<string> = NONE,
): { call: ts.CallExpression; intrinsic: Intrinsic }[] {
  const found: { call: ts.CallExpression; intrinsic: Intrinsic }[] = [];
  if (!mentionsIntrinsic(sourceFile.text, aliases)) return found;
  const { syntax } = compiler;
  const names = new Set<string>([...INTRINSIC_NAMES, ...aliases]);
  for (const match of sourceFile.text.matchAll(RENAMED)) names.add(match[1] ?? match[2]);
  const calleeName = (written: ts.Expression): string | undefined => {
    const callee = innerExpression(syntax, written);
    if (syntax.isIdentifier(callee)) return callee.text;
    if (syntax.isPropertyAccessExpression(callee)) return callee.name.text;
    return undefined;
  };
  const walk = (node: ts.Node): undefined => {
    if (syntax.isCallExpression(node) && names.has(calleeName(node.expression) ?? "")) {
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
