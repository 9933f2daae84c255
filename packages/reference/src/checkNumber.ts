import type { PlanNode } from "../../runtime/src/plan";
import { FAIL, fail, type Checked, type Context } from "../../runtime/src/check/context";
import { typeError } from "./typeError";
import { say } from "../../runtime/src/check/messages";
import { isMultiple } from "../../runtime/src/check/numbers";

type NumberNode = Extract<PlanNode, { kind: "number" }>;

/** `number`/`integer` (finite: JSON has no NaN or Infinity) and the numeric bounds. */
export function checkNumber(node: NumberNode, value: unknown, ctx: Context): Checked {
  if (typeof value !== "number" || !Number.isFinite(value)) return typeError(ctx, node.integer ? "integer" : "number", node.nullable, value);
  if (node.integer && !Number.isInteger(value)) return typeError(ctx, "integer", node.nullable, value);
  const rules = node.rules;
  if (!rules) return value;
  let ok = true;
  const bound = (keyword: keyof typeof say, broken: boolean, limit: number) => {
    if (!broken) return;
    fail(ctx, keyword, (say[keyword] as (limit: number, value: number) => string)(limit, value));
    ok = false;
  };
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = rules as Record<string, number | undefined>;
  if (minimum !== undefined) bound("minimum", value < minimum, minimum);
  if (maximum !== undefined) bound("maximum", value > maximum, maximum);
  if (exclusiveMinimum !== undefined) bound("exclusiveMinimum", value <= exclusiveMinimum, exclusiveMinimum);
  if (exclusiveMaximum !== undefined) bound("exclusiveMaximum", value >= exclusiveMaximum, exclusiveMaximum);
  if (multipleOf !== undefined) {
    bound("multipleOf", !isMultiple(value, multipleOf), multipleOf);
  }
  return ok ? value : FAIL;
}
