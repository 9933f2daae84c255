import type * as ts from "typescript";
import type { Syntax } from "../compiler/Compiler";
import { innerExpression } from "./innerExpression";
import type { TypeUse, TypeView } from "../types/TypeView";

/**
 * `toolOf(searchBooks)` is "searchBooks", `toolOf(catalogue.search)` "search", `toolOf(function upload() {})`
 * "upload"; anything else has no name of its own.
 */
export function toolName(syntax: Syntax, fn: ts.Expression): string | undefined {
  fn = innerExpression(syntax, fn);
  if (syntax.isIdentifier(fn)) return fn.text;
  if (syntax.isPropertyAccessExpression(fn) && syntax.isIdentifier(fn.name)) return fn.name.text;
  if (syntax.isFunctionExpression(fn) && fn.name) return fn.name.text;
  return undefined;
}

/** Whether the options literal names the tool: `{ name: "search_books" }`. */
export function optionsName(syntax: Syntax, options: ts.Expression | undefined): boolean {
  return (
    !!options &&
    syntax.isObjectLiteralExpression(options) &&
    options.properties.some((p) => p.name !== undefined && syntax.isIdentifier(p.name) && p.name.text === "name")
  );
}

/** `catalogue`, `this`, `app.catalogue`: reading it a second time gives the same object and does nothing else. */
export function isPlainReference(syntax: Syntax, node: ts.Expression): boolean {
  if (syntax.isIdentifier(node) || node.kind === syntax.kind.ThisKeyword) return true;
  return syntax.isPropertyAccessExpression(node) && syntax.isIdentifier(node.name) && isPlainReference(syntax, node.expression);
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
