import type * as ts from "typescript";
import type { JsonValue } from "../model/Json";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * JSON -> an expression that evaluates to it: `{ type: "object", "x-y": -1 }`. Negative numbers
 * are a minus applied to a literal, keys that are not identifiers are quoted, and `__proto__` is
 * computed, so it defines an own property rather than setting the prototype.
 */
export function toExpression(factory: ts.NodeFactory, tsi: typeof ts, value: JsonValue): ts.Expression {
  if (value === null) return factory.createNull();
  if (value === true) return factory.createTrue();
  if (value === false) return factory.createFalse();
  if (typeof value === "string") return factory.createStringLiteral(value);
  if (typeof value === "number") {
    if (value < 0 || Object.is(value, -0)) return factory.createPrefixUnaryExpression(tsi.SyntaxKind.MinusToken, factory.createNumericLiteral(-value));
    return factory.createNumericLiteral(value);
  }
  if (Array.isArray(value)) return factory.createArrayLiteralExpression(value.map((item) => toExpression(factory, tsi, item)), false);
  const properties = Object.entries(value).map(([key, item]) =>
    factory.createPropertyAssignment(propertyName(factory, key), toExpression(factory, tsi, item)),
  );
  return factory.createObjectLiteralExpression(properties, properties.length > 1);
}

function propertyName(factory: ts.NodeFactory, key: string): ts.PropertyName {
  if (key === "__proto__") return factory.createComputedPropertyName(factory.createStringLiteral(key));
  return IDENTIFIER.test(key) ? factory.createIdentifier(key) : factory.createStringLiteral(key);
}
