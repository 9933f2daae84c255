import type { PlanNode } from "../plan";
import { FAIL, fail, typeError, type Checked, type Context } from "./context";

type NumberNode = Extract<PlanNode, { t: "number" }>;

/** `number`/`integer` (finite: JSON has no NaN or Infinity) and the numeric bounds. */
export function checkNumber(node: NumberNode, value: unknown, ctx: Context): Checked {
  if (typeof value !== "number" || !Number.isFinite(value)) return typeError(ctx, node.int ? "integer" : "number", node.n, value);
  if (node.int && !Number.isInteger(value)) return typeError(ctx, "integer", node.n, value);
  const rules = node.r;
  if (!rules) return value;
  let ok = true;
  const bound = (keyword: string, broken: boolean, text: string) => {
    if (!broken) return;
    fail(ctx, keyword, `${text}, got ${value}`);
    ok = false;
  };
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = rules as Record<string, number | undefined>;
  if (minimum !== undefined) bound("minimum", value < minimum, `must be >= ${minimum}`);
  if (maximum !== undefined) bound("maximum", value > maximum, `must be <= ${maximum}`);
  if (exclusiveMinimum !== undefined) bound("exclusiveMinimum", value <= exclusiveMinimum, `must be > ${exclusiveMinimum}`);
  if (exclusiveMaximum !== undefined) bound("exclusiveMaximum", value >= exclusiveMaximum, `must be < ${exclusiveMaximum}`);
  if (multipleOf !== undefined) {
    // The quotient must be whole, computed as ajv computes it, so both agree on floating point.
    const quotient = value / multipleOf;
    bound("multipleOf", quotient !== parseInt(String(quotient)), `must be a multiple of ${multipleOf}`);
  }
  return ok ? value : FAIL;
}
