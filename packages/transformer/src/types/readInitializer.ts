import type * as ts from "typescript";
import type { DefaultValue } from "./TypeView";
import type { JsonValue } from "../model/Json";
import type { Compiler } from "../compiler/Compiler";

/**
 * An initializer as a default: JSON when the expression is a constant the schema can hold (a literal,
 * an enum member, a const, an array or object of those), opaque otherwise (`new Date()`, a call).
 */
export function readInitializer(compiler: Compiler, expression: ts.Expression | undefined): DefaultValue | undefined {
  if (!expression) return undefined;
  const json = toJson(compiler, expression);
  return json === undefined ? { opaque: true } : { json };
}

function toJson(compiler: Compiler, node: ts.Expression): JsonValue | undefined {
  const { syntax } = compiler;
  if (syntax.isParenthesizedExpression(node) || syntax.isAsExpression(node) || syntax.isSatisfiesExpression(node) || syntax.isTypeAssertionExpression(node)) {
    return toJson(compiler, node.expression);
  }
  if (syntax.isStringLiteral(node) || syntax.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (syntax.isNumericLiteral(node)) return Number(node.text);
  if (node.kind === syntax.kind.TrueKeyword) return true;
  if (node.kind === syntax.kind.FalseKeyword) return false;
  if (node.kind === syntax.kind.NullKeyword) return null;
  if (syntax.isPrefixUnaryExpression(node) && syntax.isNumericLiteral(node.operand)) {
    const value = Number(node.operand.text);
    if (node.operator === syntax.kind.MinusToken) return -value;
    if (node.operator === syntax.kind.PlusToken) return value;
    return undefined;
  }
  if (syntax.isArrayLiteralExpression(node)) {
    const out: JsonValue[] = [];
    for (const element of node.elements) {
      const value = syntax.isSpreadElement(element) || syntax.isOmittedExpression(element) ? undefined : toJson(compiler, element);
      if (value === undefined) return undefined;
      out.push(value);
    }
    return out;
  }
  if (syntax.isObjectLiteralExpression(node)) {
    const out: { [key: string]: JsonValue } = {};
    for (const property of node.properties) {
      if (!syntax.isPropertyAssignment(property)) return undefined;
      const name =
        syntax.isIdentifier(property.name) || syntax.isStringLiteral(property.name) || syntax.isNumericLiteral(property.name) ? property.name.text : undefined;
      const value = name === undefined ? undefined : toJson(compiler, property.initializer);
      if (name === undefined || value === undefined) return undefined;
      Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  if (syntax.isPropertyAccessExpression(node) || syntax.isElementAccessExpression(node)) {
    const constant = compiler.constantValue(node);
    if (constant !== undefined) return constant;
  }
  if (syntax.isIdentifier(node) || syntax.isPropertyAccessExpression(node)) {
    // A `const` or enum member whose type is one literal.
    const type = compiler.typeAtLocation(node);
    const kind = compiler.classify(type);
    if (kind === "literal") {
      const value = compiler.literalValue(type);
      if (typeof value !== "bigint") return value;
    }
    if (kind === "null") return null;
  }
  return undefined;
}
