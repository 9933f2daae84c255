/** `string` and its keywords (minLength, maxLength, pattern, format): every broken one is its own issue. */
import { FAIL, type Checked, type Context } from "@schemaof/runtime/interpret";
import { _, type Code } from "../code/code";
import { interpretRules, ruleTests } from "./keywords";
import { typeError } from "./say";
import { noneBroken, otherwise, report, typeFail, type CheckWalk, type Inline, type MapWalk, type Node, type Scope } from "./walks";

export const checkString = (n: Node<"string">, v: Code, scope: Scope, walk: CheckWalk): Code =>
  _`if(typeof ${v}!=="string")${typeFail(walk, scope, "string", n, v)}${otherwise(report(walk, ruleTests("string", n.rules ?? {}, v, walk.gen), scope))}`;

export const mapString = (n: Node<"string">, v: Code, walk: MapWalk): Inline => ({
  test: _`typeof ${v}==="string"${noneBroken(ruleTests("string", n.rules ?? {}, v, walk.gen))}`,
});

export function interpretString(node: Node<"string">, value: unknown, ctx: Context): Checked {
  if (typeof value !== "string") return typeError(ctx, "string", node.nullable, value);
  return interpretRules("string", node.rules, value, ctx) ? value : FAIL;
}
