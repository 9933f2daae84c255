import type * as ts from "typescript";
import type { TypeUse, TypeView } from "../types/TypeView";

/**
 * `toolOf(searchBooks)` is "searchBooks", `toolOf(catalogue.search)` "search", `toolOf(function upload() {})`
 * "upload"; anything else has no name of its own.
 */
export function toolName(tsi: typeof ts, fn: ts.Expression): string | undefined {
  while (tsi.isParenthesizedExpression(fn) || tsi.isAsExpression(fn) || tsi.isSatisfiesExpression(fn)) fn = fn.expression;
  if (tsi.isIdentifier(fn)) return fn.text;
  if (tsi.isPropertyAccessExpression(fn) && tsi.isIdentifier(fn.name)) return fn.name.text;
  if (tsi.isFunctionExpression(fn) && fn.name) return fn.name.text;
  return undefined;
}

/** Whether the options literal names the tool: `{ name: "search_books" }`. */
export function optionsName(tsi: typeof ts, options: ts.Expression | undefined): boolean {
  return !!options && tsi.isObjectLiteralExpression(options) && options.properties.some((p) => p.name !== undefined && tsi.isIdentifier(p.name) && p.name.text === "name");
}

/** `catalogue`, `this`, `app.catalogue`: reading it a second time gives the same object and does nothing else. */
export function isPlainReference(tsi: typeof ts, node: ts.Expression): boolean {
  if (tsi.isIdentifier(node) || node.kind === tsi.SyntaxKind.ThisKeyword) return true;
  return tsi.isPropertyAccessExpression(node) && tsi.isIdentifier(node.name) && isPlainReference(tsi, node.expression);
}

/** A result worth an output schema: an object with fields (MCP's outputSchema is an object schema), not a list, a function or a primitive. */
export function isObjectResult(view: TypeView, result: TypeUse): boolean {
  return (
    view.classify(result.type) === "object" &&
    !view.arrayElement(result) &&
    !view.tupleElements(result) &&
    !view.callParameters(result.type) &&
    view.platformName(result.type) === undefined
  );
}
