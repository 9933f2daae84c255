import type { PlanNode } from "../../runtime/src/plan";
import { FAIL, fail, isPlainObject, type Checked, type Context } from "../../runtime/src/check/context";
import { checkNode } from "./checkNode";
import { checkEnum } from "./checkEnum";
import { say } from "../../runtime/src/check/messages";

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
      // Left out, the discriminator is a required key; sent wrong, a value not among its own.
      if (value[node.d] === undefined) return fail(ctx, "required", say.requiredOneOf(values), node.d);
      ctx.path.push(node.d);
      checkEnum(values, value[node.d], ctx);
      ctx.path.pop();
      return FAIL;
    }
    return checkNode(node.m[at], value, ctx);
  }
  // A value whose JSON type only one member takes is that member's: its own issues say what is wrong
  // (`/tags/1 must be string`), where a summary of the forms would not.
  const selected = memberByType(node, value);
  if (selected) return checkNode(selected, value, ctx);
  for (const member of node.m) {
    const trial: Context = { issues: [], max: 1, path: ctx.path, defs: ctx.defs, reject: ctx.reject, depth: ctx.depth };
    const mapped = checkNode(member, value, trial);
    if (mapped !== FAIL) return mapped;
  }
  return fail(ctx, "anyOf", node.sum ?? `must match one of ${node.m.length} forms`);
}

const byType = new WeakMap<UnionNode, Map<string, PlanNode> | null>();

/** The one member that takes values of this JSON type, when every member's types are known and only one takes it. */
function memberByType(node: UnionNode, value: unknown): PlanNode | undefined {
  let members = byType.get(node);
  if (members === undefined) byType.set(node, (members = membersByType(node)));
  return members?.get(jsonType(value));
}

function membersByType(node: UnionNode): Map<string, PlanNode> | null {
  const typed = node.m.map((member) => ({ member, types: jsonTypes(member) }));
  if (typed.some(({ types }) => types === undefined)) return null;
  const owners = new Map<string, PlanNode>();
  for (const type of JSON_TYPES) {
    const takers = typed.filter(({ types }) => types!.includes(type));
    if (takers.length === 1) owners.set(type, takers[0].member);
  }
  return owners;
}

const JSON_TYPES = ["string", "number", "boolean", "null", "array", "object"];

/** The JSON types a plan node takes; undefined when it cannot be told without looking further (a ref, a union, any value). */
function jsonTypes(node: PlanNode): string[] | undefined {
  let types: string[] | undefined;
  switch (node.t) {
    case "string":
    case "date":
      types = ["string"];
      break;
    case "number":
    case "boolean":
    case "null":
      types = [node.t];
      break;
    case "enum":
      types = [...new Set(node.v.map((v) => (v === null ? "null" : typeof v)))];
      break;
    case "array":
    case "tuple":
      types = ["array"];
      break;
    case "object":
      types = ["object"];
      break;
    case "any":
      types = node.object ? ["object"] : undefined;
      break;
    default:
      types = undefined;
  }
  return types && node.n ? [...types, "null"] : types;
}

function jsonType(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
}
