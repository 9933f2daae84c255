/** `T[]`: every item, then minItems, maxItems, uniqueItems. */
import { FAIL, type Checked, type Context } from "@schemaof/runtime/interpret";
import { _, type Code } from "../code/code";
import { typeError } from "./say";
import { checkCounts, checkItem, coerceList, interpretCounts, interpretItems, mapCounts, mapItems, markIssues } from "./items";
import { room, typeFail, type CheckCode, type CheckWalk, type CoerceWalk, type Interpret, type MapWalk, type Node, type Scope } from "./walks";

export function checkArray(n: Node<"array">, v: Code, scope: Scope, walk: CheckWalk): CheckCode {
  const [i, y] = [walk.gen.fresh("i"), walk.gen.fresh("y")];
  const start = markIssues(walk, n.rules, scope);
  return {
    code: _`let ${y};if(!Array.isArray(${v}))${typeFail(walk, scope, "array", n, v)}else{${y}=[];${start.code}for(let ${i}=0;${i}<${v}.length${room(scope)};${i}++)${checkItem(walk, n.items, v, { item: i }, scope, y)}${checkCounts(walk, n.rules ?? {}, v, start.before, scope)}}`,
    out: y,
  };
}

export const mapArray = (n: Node<"array">, walk: MapWalk): Code =>
  _`if(!Array.isArray(v))return F;${mapCounts(walk, n.rules ?? {}, _`v`)}const o=[];${mapItems(walk, n.items, 0)}return o;`;

/** The array sent as JSON text, and each item's repairs. */
export const coerceArray = (n: Node<"array">, walk: CoerceWalk): Code | undefined => coerceList(walk, [], n.items);

export function interpretArray(node: Node<"array">, value: unknown, ctx: Context, interpret: Interpret): Checked {
  if (!Array.isArray(value)) return typeError(ctx, "array", node.nullable, value);
  const out = interpretItems(value, () => node.items, ctx, interpret);
  const counted = interpretCounts(node.rules, value, out !== FAIL, ctx);
  return out === FAIL || !counted ? FAIL : out;
}
