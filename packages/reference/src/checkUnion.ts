import type { PlanNode } from "../../runtime/src/plan";
import { compiled } from "../../runtime/src/check/strings";
import { FAIL, fail, fitsKeys, isPlainObject, type Checked, type Context } from "../../runtime/src/check/context";
import { anyOfText, keptKeys, membersByType } from "../../runtime/src/planFacts";
import { checkNode } from "./checkNode";
import { checkEnum } from "./checkEnum";
import { say } from "./say";

type UnionNode = Extract<PlanNode, { kind: "union" }>;

/**
 * `anyOf`. A discriminated union checks the one member its discriminator names, so the issues are
 * that member's (`/payment/iban required`), or one `enum` issue on the discriminator. Any other
 * union reports one short summary of what would have been accepted, not every member's list.
 */
export function checkUnion(node: UnionNode, value: unknown, ctx: Context): Checked {
  const { discriminator } = node;
  if (discriminator !== undefined && node.discriminatorValues && isPlainObject(value)) {
    const values = node.discriminatorValues;
    const at = values.indexOf(value[discriminator] as never);
    if (at < 0) {
      // Left out, the discriminator is a required key; sent wrong, a value not among its own.
      if (value[discriminator] === undefined) return fail(ctx, "required", say.requiredOneOf(values), discriminator);
      ctx.path.push(discriminator);
      checkEnum(values, value[discriminator], ctx);
      ctx.path.pop();
      return FAIL;
    }
    return checkNode(node.members[at], value, ctx);
  }
  // A value whose JSON type only one member takes is that member's: its own issues say what is wrong
  // (`/tags/1 must be string`), where a summary of the forms would not.
  const selected = memberByType(node, value);
  if (selected) return checkNode(selected, value, ctx);
  // The first member that maps the value with none of its keys dropped, else the first that maps it.
  const fits = node.members.map((member) => {
    const kept = keptKeys(member, ctx.defs);
    return kept === undefined || fitsKeys(value, new Set(kept.keys), kept.patterns.map(compiled));
  });
  const order = [...node.members.filter((_, i) => fits[i]), ...node.members.filter((_, i) => !fits[i])];
  for (const member of order) {
    const trial: Context = { issues: [], max: 1, path: ctx.path, defs: ctx.defs, reject: ctx.reject, depth: ctx.depth };
    const mapped = checkNode(member, value, trial);
    if (mapped !== FAIL) return mapped;
  }
  return fail(ctx, "anyOf", anyOfText(node));
}

const byType = new WeakMap<UnionNode, Map<string, PlanNode> | null>();

/** The one member that takes values of this JSON type, when every member's types are known and only one takes it. */
function memberByType(node: UnionNode, value: unknown): PlanNode | undefined {
  let members = byType.get(node);
  if (members === undefined) byType.set(node, (members = membersByType(node.members) ?? null));
  return members?.get(jsonType(value));
}

function jsonType(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
}
