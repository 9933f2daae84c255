/** `number`/`integer` (finite: JSON has no NaN or Infinity) and the numeric bounds. */
import { FAIL, type Checked, type Context } from "@schemaof/runtime/interpret";
import { _, lit, type Code } from "../code/code";
import { interpretRules, ruleTests } from "./keywords";
import { typeError } from "./say";
import { noneBroken, otherwise, report, typeFail, type CheckWalk, type CoerceWalk, type Inline, type MapWalk, type Node, type Scope } from "./walks";

export function checkNumber(n: Node<"number">, v: Code, scope: Scope, walk: CheckWalk): Code {
  const test = n.integer ? _`typeof ${v}!=="number"||!Number.isInteger(${v})` : _`typeof ${v}!=="number"||!Number.isFinite(${v})`;
  return _`if(${test})${typeFail(walk, scope, n.integer ? "integer" : "number", n, v)}${otherwise(report(walk, ruleTests("number", n.rules ?? {}, v, walk.gen), scope))}`;
}

export const mapNumber = (n: Node<"number">, v: Code, walk: MapWalk): Inline => ({
  test: _`typeof ${v}==="number"&&${n.integer ? _`Number.isInteger` : _`Number.isFinite`}(${v})${noneBroken(ruleTests("number", n.rules ?? {}, v, walk.gen))}`,
});

/** A number sent as a string (`"3"`): a full decimal literal only, an integer within 2^53 (numeric-string). */
export function coerceNumber(n: Node<"number">, v: Code, walk: CoerceWalk): Code | undefined {
  if (!walk.has("numeric-string")) return undefined;
  const { fresh, h } = walk.gen;
  const y = fresh("n");
  return _`if(typeof ${v}==="string"){const ${y}=${h("num")}(${v},${!!n.integer});if(${y}!==undefined){${h("cr")}(r,p,undefined,${lit("numeric-string")},${v},${y});${v}=${y};}}`;
}

export function interpretNumber(node: Node<"number">, value: unknown, ctx: Context): Checked {
  if (typeof value !== "number" || !Number.isFinite(value)) return typeError(ctx, node.integer ? "integer" : "number", node.nullable, value);
  if (node.integer && !Number.isInteger(value)) return typeError(ctx, "integer", node.nullable, value);
  return interpretRules("number", node.rules, value, ctx) ? value : FAIL;
}
