import type { PlanNode, PropertyPlan } from "../../runtime/src/plan";
import { FAIL, UNSAFE_KEYS, define, fail, full, isPlainObject, type Checked, type Context } from "../../runtime/src/check/context";
import { typeError } from "./typeError";
import { checkNode } from "./checkNode";
import { say } from "../../runtime/src/check/messages";
import { fill } from "../../runtime/src/check/sentences";
import { compiled } from "../../runtime/src/check/strings";

type ObjectNode = Extract<PlanNode, { t: "object" }>;

const declared = new WeakMap<ObjectNode, Set<string>>();
const keysOf = (node: ObjectNode) => {
  let keys = declared.get(node);
  if (!keys) declared.set(node, (keys = new Set(node.p.map((p) => p.k))));
  return keys;
};

/**
 * Properties: required ones present, each value checked, a missing one given its default (or null
 * when nullable). Keys not declared are checked against the map's value type, refused when the
 * object is closed (or the caller asks), and otherwise dropped. The result is a new object.
 */
export function checkObject(node: ObjectNode, value: unknown, ctx: Context): Checked {
  if (!isPlainObject(value)) return typeError(ctx, "object", node.n, value);
  const out: Record<string, unknown> = {};
  let ok = true;
  for (const property of node.p) {
    const item = value[property.k];
    // Read first, own-ness second: a missing `toString` must not be found on the prototype.
    const missing = item === undefined || !Object.prototype.hasOwnProperty.call(value, property.k);
    if (property.absent) {
      if (!missing) ok = !fail(ctx, "false schema", say.absent(), property.k);
    } else if (missing) {
      if (property.req) ok = !fail(ctx, "required", fill("required", { expects: property.exp ?? "" }), property.k);
      else fillMissing(out, property);
    } else {
      ctx.path.push(property.k);
      const mapped = checkNode(property.p, item, ctx);
      ctx.path.pop();
      if (mapped === FAIL) ok = false;
      else if (property.flat) Object.assign(out, mapped);
      else define(out, property.as ?? property.k, mapped);
    }
    if (!ok && full(ctx)) return FAIL;
  }
  // Unknown keys are dropped unless something is to be said of them: skip the walk otherwise.
  if (!node.add && !node.closed && !node.pat && !(ctx.reject && node.p.length > 0)) return ok ? out : FAIL;
  const known = keysOf(node);
  for (const key of Object.keys(value)) {
    const declared = known.has(key);
    const patterns = node.pat?.filter(([pattern]) => compiled(pattern).test(key)) ?? [];
    if (patterns.length > 0 && (!declared || value[key] !== undefined)) {
      // Every pattern a key matches checks its value, a declared key's too (as JSON Schema reads
      // patternProperties); the first maps a key no property declares.
      ctx.path.push(key);
      const mapped = patterns.map(([, member]) => checkNode(member, value[key], ctx));
      ctx.path.pop();
      if (mapped.includes(FAIL)) ok = false;
      else if (!declared && !UNSAFE_KEYS.has(key)) define(out, key, mapped[0]);
    } else if (declared) {
      continue;
    } else if (node.add) {
      ctx.path.push(key);
      const mapped = checkNode(node.add, value[key], ctx);
      ctx.path.pop();
      if (mapped === FAIL) ok = false;
      else if (!UNSAFE_KEYS.has(key)) define(out, key, mapped);
    } else if (node.closed || (ctx.reject && node.p.length > 0)) {
      ok = !fail(ctx, "additionalProperties", say.notAllowed(node.p.filter((property) => !property.absent).map((property) => property.k)), key);
    }
    if (!ok && full(ctx)) return FAIL;
  }
  return ok ? out : FAIL;
}

/** A missing optional key: its default (a fresh copy), `null` when nullable, or nothing; a missing `@key` group, each member so. */
function fillMissing(out: Record<string, unknown>, property: PropertyPlan): void {
  if (property.flat && property.p.t === "object") {
    for (const member of property.p.p) fillMissing(out, member);
    return;
  }
  const name = property.as ?? property.k;
  if (property.def !== undefined) define(out, name, structuredCopy(property.def));
  else if (property.p.n || property.p.t === "null") define(out, name, null);
}

function structuredCopy(value: unknown): unknown {
  return typeof value === "object" && value !== null ? JSON.parse(JSON.stringify(value)) : value;
}
