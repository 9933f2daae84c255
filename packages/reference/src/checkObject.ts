import type { PlanNode, PropertyPlan } from "../../runtime/src/plan";
import { FAIL, PROTO, define, fail, full, isPlainObject, type Checked, type Context } from "../../runtime/src/check/context";
import { typeError } from "./typeError";
import { checkNode } from "./checkNode";
import { say } from "./say";
import { fill } from "../../runtime/src/check/sentences";
import { compiled } from "../../runtime/src/check/strings";

type ObjectNode = Extract<PlanNode, { kind: "object" }>;

const declared = new WeakMap<ObjectNode, Set<string>>();
const keysOf = (node: ObjectNode) => {
  let keys = declared.get(node);
  if (!keys) declared.set(node, (keys = new Set(node.properties.map((p) => p.key))));
  return keys;
};

/**
 * Properties: required ones present, each value checked, a missing one given its default (or null
 * when nullable). Keys not declared are checked against the map's value type, refused when the
 * object is closed (or the caller asks), and otherwise dropped. The result is a new object.
 */
export function checkObject(node: ObjectNode, value: unknown, ctx: Context): Checked {
  if (!isPlainObject(value)) return typeError(ctx, "object", node.nullable, value);
  const out: Record<string, unknown> = {};
  let ok = true;
  for (const property of node.properties) {
    const item = value[property.key];
    // Read first, own-ness second: a missing `toString` must not be found on the prototype.
    // `null` is the key left out where a provider sends it so (openai-strict's optional properties).
    const missing = item === undefined || (item === null && property.nullAbsent === true) || !Object.prototype.hasOwnProperty.call(value, property.key);
    if (property.absent) {
      if (!missing) ok = !fail(ctx, "false schema", say.absent(), property.key);
    } else if (missing) {
      if (property.required) ok = !fail(ctx, "required", fill("required", { expects: property.expects ?? "" }), property.key);
      else fillMissing(out, property);
    } else {
      ctx.path.push(property.key);
      const mapped = checkNode(property.plan, item, ctx);
      ctx.path.pop();
      if (mapped === FAIL) ok = false;
      else if (property.flat) Object.assign(out, mapped);
      else define(out, property.name ?? property.key, mapped);
    }
    if (!ok && full(ctx)) return FAIL;
  }
  // Unknown keys are dropped unless something is to be said of them: skip the walk otherwise.
  // A caller that rejects unknown keys is told of keys no property or pattern takes, an object that declares none included.
  if (!node.additional && !node.closed && !node.patterns && !ctx.reject) return ok ? out : FAIL;
  const known = keysOf(node);
  for (const key of Object.keys(value)) {
    const declared = known.has(key);
    const patterns = node.patterns?.filter(([pattern]) => compiled(pattern).test(key)) ?? [];
    if (patterns.length > 0 && (!declared || value[key] !== undefined)) {
      // Every pattern a key matches checks its value, a declared key's too (as JSON Schema reads
      // patternProperties); the first maps a key no property declares.
      ctx.path.push(key);
      const mapped = patterns.map(([, member]) => checkNode(member, value[key], ctx));
      ctx.path.pop();
      if (mapped.includes(FAIL)) ok = false;
      else if (!declared && key !== PROTO) define(out, key, mapped[0]);
      if (!declared && key === PROTO) ok = protoKey(ctx) && ok;
    } else if (declared) {
      continue;
    } else if (node.additional) {
      ctx.path.push(key);
      const mapped = checkNode(node.additional, value[key], ctx);
      ctx.path.pop();
      if (mapped === FAIL) ok = false;
      else if (key !== PROTO) define(out, key, mapped);
      if (key === PROTO) ok = protoKey(ctx) && ok;
    } else if ((node.closed || ctx.reject) && !(node.nullsAbsent && value[key] === null)) {
      const allowed = node.properties.filter((property) => !property.absent).map((property) => property.key);
      ok = !fail(
        ctx,
        "additionalProperties",
        say.notAllowed(
          allowed,
          node.patterns?.map(([pattern]) => pattern),
        ),
        key,
      );
    }
    if (!ok && full(ctx)) return FAIL;
  }
  return ok ? out : FAIL;
}

/** A missing optional key: its default (a fresh copy), `null` when nullable, or nothing; a missing `@key` group, each member so. */
function fillMissing(out: Record<string, unknown>, property: PropertyPlan): void {
  if (property.flat && property.plan.kind === "object") {
    for (const member of property.plan.properties) fillMissing(out, member);
    return;
  }
  const name = property.name ?? property.key;
  if (property.default !== undefined) define(out, name, structuredCopy(property.default));
  else if (property.plan.nullable || property.plan.kind === "null") define(out, name, null);
}

function structuredCopy(value: unknown): unknown {
  return typeof value === "object" && value !== null ? JSON.parse(JSON.stringify(value)) : value;
}

/** A `__proto__` key a map takes is never written into the result: left out, or an issue to a caller that rejects unknown keys. */
function protoKey(ctx: Context): boolean {
  return !ctx.reject || !fail(ctx, "propertyNames", say.protoKey(), PROTO);
}
