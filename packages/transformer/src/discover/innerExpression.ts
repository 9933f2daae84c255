import type * as ts from "typescript";
import type { Syntax } from "../compiler/Compiler";

/** The expression inside parentheses, `as` and `satisfies`: `(describe as typeof schemaOf)` is `describe`. */
export function innerExpression(syntax: Syntax, expression: ts.Expression): ts.Expression {
  while (syntax.isParenthesizedExpression(expression) || syntax.isAsExpression(expression) || syntax.isSatisfiesExpression(expression))
    expression = expression.expression;
  return expression;
}
