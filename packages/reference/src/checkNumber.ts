import type { PlanNode } from "../../runtime/src/plan";
import { FAIL, type Checked, type Context } from "../../runtime/src/check/context";
import { typeError } from "./typeError";
import { checkRules } from "./rules";

type NumberNode = Extract<PlanNode, { kind: "number" }>;

/** `number`/`integer` (finite: JSON has no NaN or Infinity) and the numeric bounds. */
export function checkNumber(node: NumberNode, value: unknown, ctx: Context): Checked {
  if (typeof value !== "number" || !Number.isFinite(value)) return typeError(ctx, node.integer ? "integer" : "number", node.nullable, value);
  if (node.integer && !Number.isInteger(value)) return typeError(ctx, "integer", node.nullable, value);
  return checkRules("number", node.rules, value, ctx) ? value : FAIL;
}
