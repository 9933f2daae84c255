import type { PlanNode, Rules } from "../../runtime/src/plan";
import { FAIL, fail, full, type Checked, type Context } from "../../runtime/src/check/context";
import { typeError } from "./typeError";
import { checkNode } from "./checkNode";
import { checkRules } from "./rules";
import { findRepeat } from "../../runtime/src/check/uniqueItems";
import { say } from "./say";

type ArrayNode = Extract<PlanNode, { kind: "array" }>;
type TupleNode = Extract<PlanNode, { kind: "tuple" }>;

/** `T[]`: every item, then minItems, maxItems, uniqueItems. */
export function checkArray(node: ArrayNode, value: unknown, ctx: Context): Checked {
  if (!Array.isArray(value)) return typeError(ctx, "array", node.nullable, value);
  const out = items(value, () => node.items, ctx);
  const counted = checkCount(node.rules, value, out !== FAIL, ctx);
  return out === FAIL || !counted ? FAIL : out;
}

/** `[A, B?, ...C[]]`: the prefix, then the rest (or none). */
export function checkTuple(node: TupleNode, value: unknown, ctx: Context): Checked {
  if (!Array.isArray(value)) return typeError(ctx, "array", node.nullable, value);
  let ok = true;
  if (value.length < node.minItems) ok = !fail(ctx, "minItems", say.minItems(node.minItems, value.length));
  if (!node.rest && value.length > node.prefix.length) ok = !fail(ctx, "maxItems", say.maxItems(node.prefix.length, value.length));
  const out = ok || !full(ctx) ? items(value, (i) => (i < node.prefix.length ? node.prefix[i] : node.rest), ctx) : FAIL;
  const counted = checkCount(node.rules, value, out !== FAIL, ctx);
  return ok && out !== FAIL && counted ? out : FAIL;
}

function items(value: readonly unknown[], planAt: (index: number) => PlanNode | undefined, ctx: Context): unknown[] | typeof FAIL {
  const out: unknown[] = new Array(value.length);
  let ok = true;
  for (let i = 0; i < value.length; i++) {
    const plan = planAt(i);
    if (!plan) continue;
    ctx.path.push(i);
    // A hole or `undefined` is not JSON: JSON.stringify would turn it into null behind the model's back.
    const item = i in value ? value[i] : undefined;
    const mapped = item === undefined ? fail(ctx, "type", say.undefinedItem()) : checkNode(plan, item, ctx);
    ctx.path.pop();
    if (mapped === FAIL) {
      ok = false;
      if (full(ctx)) return FAIL;
    } else out[i] = mapped;
  }
  return ok ? out : FAIL;
}

/** minItems, maxItems, and uniqueItems (compared only once the items are known to be sound JSON). */
function checkCount(rules: Rules | undefined, value: readonly unknown[], itemsOk: boolean, ctx: Context): boolean {
  if (!rules) return true;
  let ok = checkRules("array", rules, value, ctx);
  if (rules.uniqueItems && itemsOk) {
    const repeat = findRepeat(value);
    if (repeat) ok = !fail(ctx, "uniqueItems", say.uniqueItems(repeat[0], repeat[1]));
  }
  return ok;
}
