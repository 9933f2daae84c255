import type { PlanNode } from "../plan";
import { FAIL, fail, isPlainObject, type Checked, type Context } from "./context";
import { checkNode } from "./checkNode";
import { checkEnum } from "./checkEnum";

type UnionNode = Extract<PlanNode, { t: "union" }>;

/**
 * `anyOf`. A discriminated union checks the one member its discriminator names, so the issues are
 * that member's (`/payment/iban required`), or one `enum` issue on the discriminator. Any other
 * union reports one short summary of what would have been accepted, not every member's list.
 */
export function checkUnion(node: UnionNode, value: unknown, ctx: Context): Checked {
  if (node.d !== undefined && node.dv && isPlainObject(value)) {
    const values = node.dv;
    const at = values.indexOf(value[node.d] as never);
    if (at < 0) {
      ctx.path.push(node.d);
      checkEnum(values, value[node.d], ctx);
      ctx.path.pop();
      return FAIL;
    }
    return checkNode(node.m[at], value, ctx);
  }
  for (const member of node.m) {
    const trial: Context = { issues: [], max: 1, path: ctx.path, defs: ctx.defs, reject: ctx.reject, depth: ctx.depth };
    const mapped = checkNode(member, value, trial);
    if (mapped !== FAIL) return mapped;
  }
  return fail(ctx, "anyOf", node.sum ?? `must match one of ${node.m.length} forms`);
}
