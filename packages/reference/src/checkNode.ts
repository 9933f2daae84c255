import { FAIL, MAX_DEPTH, fail, type Checked, type Context, type PlanNode } from "@schemaof/runtime/interpret";
import {
  interpretAny,
  interpretArray,
  interpretBoolean,
  interpretDate,
  interpretEnum,
  interpretNull,
  interpretNumber,
  interpretObject,
  interpretRef,
  interpretString,
  interpretTuple,
  interpretUnion,
  say,
} from "@schemaof/transformer/kinds";

/**
 * One plan node against one value: the mapped value, or FAIL with the issues recorded. The walker:
 * each kind's reference check is its module's in the transformer (`interpret<Kind>`), handed this
 * function for the children.
 */
export function checkNode(node: PlanNode, value: unknown, ctx: Context): Checked {
  if (value === null && node.nullable) return null;
  switch (node.kind) {
    case "any":
      return interpretAny(node, value, ctx);
    case "string":
      return interpretString(node, value, ctx);
    case "number":
      return interpretNumber(node, value, ctx);
    case "boolean":
      return interpretBoolean(node, value, ctx);
    case "null":
      return interpretNull(value, ctx);
    case "enum":
      return interpretEnum(node, value, ctx);
    case "date":
      return interpretDate(node, value, ctx);
    case "array":
    case "tuple":
    case "object":
    case "ref":
      return nested(node, value, ctx);
    case "union":
      return interpretUnion(node, value, ctx, checkNode);
  }
}

/** Containers and references: one level deeper, bounded so hostile nesting ends in an issue. */
function nested(node: PlanNode, value: unknown, ctx: Context): Checked {
  if (ctx.depth >= MAX_DEPTH) return fail(ctx, "depth", say.depth(MAX_DEPTH));
  ctx.depth++;
  try {
    switch (node.kind) {
      case "array":
        return interpretArray(node, value, ctx, checkNode);
      case "tuple":
        return interpretTuple(node, value, ctx, checkNode);
      case "object":
        return interpretObject(node, value, ctx, checkNode);
      case "ref":
        return interpretRef(node, value, ctx, checkNode);
      default:
        return FAIL;
    }
  } finally {
    ctx.depth--;
  }
}
