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
  return fail(ctx, "anyOf", `must be ${node.m.map((member) => describe(resolve(member, ctx))).join(", or ")}${node.n ? ", or null" : ""}`);
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

/** `an object with isbn`, `one of "a", "b"`, `a string`: what a member would accept. */
function describe(node: PlanNode): string {
  switch (node.t) {
    case "object": {
      const required = node.p.filter((p) => p.req).map((p) => p.k);
      return required.length ? `an object with ${required.join(", ")}` : "an object";
    }
    case "enum":
      return node.v.length === 1 ? JSON.stringify(node.v[0]) : `one of ${node.v.map((v) => JSON.stringify(v)).join(", ")}`;
    case "array":
    case "tuple":
      return "an array";
    case "number":
      return node.int ? "an integer" : "a number";
    case "date":
      return "a date-time string";
    case "any":
      return "any value";
    default:
      return `a ${node.t}`;
  }
}
