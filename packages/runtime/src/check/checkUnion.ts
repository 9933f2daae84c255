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
  if (node.d !== undefined && isPlainObject(value)) {
    const members = node.m.map((member) => resolve(member, ctx));
    const values = members.map((member) => discriminatorValue(member, node.d!));
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

function resolve(node: PlanNode, ctx: Context): PlanNode {
  let current = node;
  for (let hops = 0; current.t === "ref" && hops < 16; hops++) current = ctx.defs?.[current.to] ?? current;
  return current;
}

function discriminatorValue(member: PlanNode, key: string): string | number | boolean | null {
  if (member.t !== "object") return null;
  const property = member.p.find((p) => p.k === key);
  return property && property.p.t === "enum" ? property.p.v[0] : null;
}
