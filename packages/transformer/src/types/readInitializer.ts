import type * as ts from "typescript";
import type { DefaultValue } from "./TypeView";
import type { JsonValue } from "../model/Json";

/**
 * An initializer as a default: JSON when the expression is a constant the schema can hold (a literal,
 * an enum member, a const, an array or object of those), opaque otherwise (`new Date()`, a call).
 */
export function readInitializer(tsi: typeof ts, checker: ts.TypeChecker, expression: ts.Expression | undefined): DefaultValue | undefined {
  if (!expression) return undefined;
  const json = toJson(tsi, checker, expression);
  return json === undefined ? { opaque: true } : { json };
}

function toJson(tsi: typeof ts, checker: ts.TypeChecker, node: ts.Expression): JsonValue | undefined {
  if (tsi.isParenthesizedExpression(node) || tsi.isAsExpression(node) || tsi.isSatisfiesExpression(node) || tsi.isTypeAssertionExpression(node)) {
    return toJson(tsi, checker, node.expression);
  }
  if (tsi.isStringLiteral(node) || tsi.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (tsi.isNumericLiteral(node)) return Number(node.text);
  if (node.kind === tsi.SyntaxKind.TrueKeyword) return true;
  if (node.kind === tsi.SyntaxKind.FalseKeyword) return false;
  if (node.kind === tsi.SyntaxKind.NullKeyword) return null;
  if (tsi.isPrefixUnaryExpression(node) && tsi.isNumericLiteral(node.operand)) {
    const value = Number(node.operand.text);
    if (node.operator === tsi.SyntaxKind.MinusToken) return -value;
    if (node.operator === tsi.SyntaxKind.PlusToken) return value;
    return undefined;
  }
  if (tsi.isArrayLiteralExpression(node)) {
    const out: JsonValue[] = [];
    for (const element of node.elements) {
      const value = tsi.isSpreadElement(element) || tsi.isOmittedExpression(element) ? undefined : toJson(tsi, checker, element);
      if (value === undefined) return undefined;
      out.push(value);
    }
    return out;
  }
  if (tsi.isObjectLiteralExpression(node)) {
    const out: { [key: string]: JsonValue } = {};
    for (const property of node.properties) {
      if (!tsi.isPropertyAssignment(property)) return undefined;
      const name = tsi.isIdentifier(property.name) || tsi.isStringLiteral(property.name) || tsi.isNumericLiteral(property.name) ? property.name.text : undefined;
      const value = name === undefined ? undefined : toJson(tsi, checker, property.initializer);
      if (name === undefined || value === undefined) return undefined;
      Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  if (tsi.isPropertyAccessExpression(node) || tsi.isElementAccessExpression(node)) {
    const constant = checker.getConstantValue(node);
    if (constant !== undefined) return constant;
  }
  if (tsi.isIdentifier(node) || tsi.isPropertyAccessExpression(node)) {
    // A `const` or enum member whose type is one literal.
    const type = checker.getTypeAtLocation(node);
    if (type.isStringLiteral() || type.isNumberLiteral()) return type.value;
    if (type.flags & tsi.TypeFlags.BooleanLiteral) return (type as { intrinsicName?: string }).intrinsicName === "true";
    if (type.flags & tsi.TypeFlags.Null) return null;
  }
  return undefined;
}
