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

/**
 * The providers `toolOf(fn, { target })` asks for, read off the options literal: one target or an
 * array of them, each a string literal. `problem` says what cannot be read.
 */
export function optionsTargets(syntax: Syntax, options: ts.Expression | undefined): { targets: string[]; problem?: string } {
  if (!options || !syntax.isObjectLiteralExpression(options)) return { targets: [] };
  const entry = options.properties.find((p) => p.name !== undefined && syntax.isIdentifier(p.name) && p.name.text === "target");
  if (!entry) return { targets: [] };
  if (!syntax.isPropertyAssignment(entry))
    return { targets: [], problem: '\'target\' must be written as target: "openai-strict" or target: ["openai-strict", "gemini"]' };
  const value = entry.initializer;
  const items = syntax.isArrayLiteralExpression(value) ? [...value.elements] : [value];
  const targets: string[] = [];
  for (const item of items) {
    if (!(syntax.isStringLiteral(item) || syntax.isNoSubstitutionTemplateLiteral(item))) {
      return { targets: [], problem: `'target' must be string literals, read at compile time, got '${item.getText()}'` };
    }
    targets.push(item.text);
  }
  return { targets };
}
