import type * as ts from "typescript";
import type { Compiler } from "../compiler/Compiler";
import { findIntrinsic, intrinsicOf, INTRINSIC_NAMES, type Intrinsic } from "./findIntrinsic";

// A file that never names an intrinsic cannot call one: every way to reach them (named, renamed
// or namespace import, re-export, destructuring) spells the name somewhere in the file.
const MENTIONS_INTRINSIC = new RegExp(`\\b(?:${INTRINSIC_NAMES.join("|")})\\b`);

/** `schemaOf as describe`, `schemaOf: s`: the names a file gives an intrinsic. */
const RENAMED = new RegExp(`\\b(?:${INTRINSIC_NAMES.join("|")})\\s*(?:\\bas\\s+([\\w$]+)|:\\s*([\\w$]+))`, "g");

/** Whether a file's text could hold a call of ours: the cheap test before any walk. */
export const mentionsIntrinsic = (text: string) => MENTIONS_INTRINSIC.test(text);

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
): { call: ts.CallExpression; intrinsic: Intrinsic }[] {
  const found: { call: ts.CallExpression; intrinsic: Intrinsic }[] = [];
  if (!mentionsIntrinsic(sourceFile.text)) return found;
  const { syntax } = compiler;
  const names = new Set<string>(INTRINSIC_NAMES);
  for (const match of sourceFile.text.matchAll(RENAMED)) names.add(match[1] ?? match[2]);
  for (const name of reexported(compiler, sourceFile)) names.add(name);
  const calleeName = (callee: ts.Expression): string | undefined => {
    while (syntax.isParenthesizedExpression(callee) || syntax.isAsExpression(callee) || syntax.isSatisfiesExpression(callee)) callee = callee.expression;
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

/** Imported names that are an intrinsic under another name given elsewhere (`export { schemaOf as describe }` in a module of the project). */
function reexported(compiler: Compiler, sourceFile: ts.SourceFile): string[] {
  const { syntax } = compiler;
  const found: string[] = [];
  for (const statement of sourceFile.statements) {
    if (!syntax.isImportDeclaration(statement) || !syntax.isStringLiteral(statement.moduleSpecifier) || statement.moduleSpecifier.text === "@schemaof/runtime") continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || syntax.isNamespaceImport(bindings)) continue;
    for (const element of bindings.elements) {
      if (INTRINSIC_NAMES.includes((element.propertyName ?? element.name).text as Intrinsic)) continue;
      const symbol = compiler.symbolAtLocation(element.name);
      const target = symbol && compiler.symbolIs(symbol, "alias") ? compiler.aliasedSymbol(symbol) : undefined;
      if (target && compiler.symbolIs(target, "function") && intrinsicOf(compiler, compiler.declarations(target)[0])) found.push(element.name.text);
    }
  }
  return found;
}
