import type { PlanNode } from "../../runtime/src/plan";
import { compiled } from "../../runtime/src/check/strings";
import { FAIL, fail, fitsKeys, isPlainObject, type Checked, type Context } from "../../runtime/src/check/context";
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
    const kept = keptKeys(member, ctx);
    return kept === undefined || fitsKeys(value, kept.keys, kept.patterns);
  });
  const order = [...node.members.filter((_, i) => fits[i]), ...node.members.filter((_, i) => !fits[i])];
  for (const member of order) {
    const trial: Context = { issues: [], max: 1, path: ctx.path, defs: ctx.defs, reject: ctx.reject, depth: ctx.depth };
    const mapped = checkNode(member, value, trial);
    if (mapped !== FAIL) return mapped;
  }
  return fail(ctx, "anyOf", node.summary ?? `must match one of ${node.members.length} forms`);
}

const byType = new WeakMap<UnionNode, Map<string, PlanNode> | null>();

/** The one member that takes values of this JSON type, when every member's types are known and only one takes it. */
function memberByType(node: UnionNode, value: unknown): PlanNode | undefined {
  let members = byType.get(node);
  if (members === undefined) byType.set(node, (members = membersByType(node)));
  return members?.get(jsonType(value));
}

function membersByType(node: UnionNode): Map<string, PlanNode> | null {
  const typed = node.members.map((member) => ({ member, types: jsonTypes(member) }));
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
  switch (node.kind) {
    case "string":
    case "date":
      types = ["string"];
      break;
    case "number":
    case "boolean":
    case "null":
      types = [node.kind];
      break;
    case "enum":
      types = [...new Set(node.values.map((v) => (v === null ? "null" : typeof v)))];
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
  return types && node.nullable ? [...types, "null"] : types;
}

function jsonType(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
}

/** The keys an object member keeps, its own and those of its patterns, unless it takes any key (an index signature); a definition is followed. */
function keptKeys(member: PlanNode, ctx: Context): { keys: ReadonlySet<string>; patterns: RegExp[] } | undefined {
  const node = member.kind === "ref" ? ctx.defs?.[member.to] : member;
  if (node?.kind !== "object" || node.additional) return undefined;
  return { keys: new Set(node.properties.map((p) => p.key)), patterns: node.patterns?.map(([pattern]) => compiled(pattern)) ?? [] };
}
