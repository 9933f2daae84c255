import type { PlanNode } from "../../runtime/src/plan";
import { FAIL, MAX_DEPTH, fail, type Checked, type Context } from "../../runtime/src/check/context";
import { typeError } from "./typeError";
import { checkString } from "./checkString";
import { checkNumber } from "./checkNumber";
import { checkArray, checkTuple } from "./checkArray";
import { checkObject } from "./checkObject";
import { checkUnion } from "./checkUnion";
import { checkEnum } from "./checkEnum";
import { copyJson, withoutNulls } from "../../runtime/src/check/copyJson";
import { isDate, isDateTime } from "../../runtime/src/check/formats";
import { say } from "./say";

/** One plan node against one value: the mapped value, or FAIL with the issues recorded. */
export function checkNode(node: PlanNode, value: unknown, ctx: Context): Checked {
  if (value === null && node.nullable) return null;
  switch (node.kind) {
    case "any":
      if (node.object && (typeof value !== "object" || value === null || Array.isArray(value))) return typeError(ctx, "object", node.nullable, value);
      return node.nullsAbsent ? withoutNulls(copyJson(value, ctx)) : copyJson(value, ctx);
    case "string":
      return typeof value === "string" ? checkString(node.rules, value, ctx) : typeError(ctx, "string", node.nullable, value);
    case "number":
      return checkNumber(node, value, ctx);
    case "boolean":
      return typeof value === "boolean" ? value : typeError(ctx, "boolean", node.nullable, value);
    case "null":
      return value === null ? null : typeError(ctx, "null", false, value);
    case "enum":
      return checkEnum(node.values, value, ctx);
    case "date":
      if (typeof value !== "string") return typeError(ctx, "string", node.nullable, value);
      if (node.format === "date") return isDate(value) ? new Date(`${value}T00:00:00Z`) : fail(ctx, "format", say.format("date", value));
      return isDateTime(value) ? new Date(value) : fail(ctx, "format", say.dateTime(value));
    case "array":
    case "tuple":
    case "object":
    case "ref":
      return nested(node, value, ctx);
    case "union":
      return checkUnion(node, value, ctx);
  }
}

/** Containers and references: one level deeper, bounded so hostile nesting ends in an issue. */
function nested(node: PlanNode, value: unknown, ctx: Context): Checked {
  if (ctx.depth >= MAX_DEPTH) return fail(ctx, "depth", say.depth(MAX_DEPTH));
  ctx.depth++;
  try {
    switch (node.kind) {
      case "array":
        return checkArray(node, value, ctx);
      case "tuple":
        return checkTuple(node, value, ctx);
      case "object":
        return checkObject(node, value, ctx);
      case "ref": {
        const target = ctx.defs?.[node.to];
        if (!target) return fail(ctx, "$ref", `refers to an unknown type '${node.to}'`);
        return value === null && node.nullable ? null : checkNode(target, value, ctx);
      }
      default:
        return FAIL;
    }
  } finally {
    ctx.depth--;
  }
}
