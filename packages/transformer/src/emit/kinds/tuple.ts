/** `[A, B?, ...C[]]`: its length, the prefix, then the rest (or none), then the array keywords. */
import { FAIL, fail, full, type Checked, type Context } from "@schemaof/runtime/interpret";
import { _, empty, join, type Code } from "../code/code";
import { sayCode } from "../code/messageSource";
import { say, typeError } from "./say";
import { checkCounts, checkItem, coerceList, interpretCounts, interpretItems, mapCounts, mapItems, markIssues } from "./items";
import { room, typeFail, type CheckCode, type CheckWalk, type CoerceWalk, type Interpret, type MapWalk, type Node, type Scope } from "./walks";

export function checkTuple(n: Node<"tuple">, v: Code, scope: Scope, walk: CheckWalk): CheckCode {
  const y = walk.gen.fresh("y");
  const start = markIssues(walk, n.rules, scope);
  const code: Code[] = [_`let ${y};if(!Array.isArray(${v}))${typeFail(walk, scope, "array", n, v)}else{${y}=[];`];
  code.push(_`if(${v}.length<${n.minItems})${walk.fail(scope, "minItems", sayCode.minItems(n.minItems, _`${v}.length`))};`);
  if (!n.rest) code.push(_`if(${v}.length>${n.prefix.length})${walk.fail(scope, "maxItems", sayCode.maxItems(n.prefix.length, _`${v}.length`))};`);
  // Marked after the tuple's own length tests: only the items' issues make them unsound.
  code.push(start.code);
  n.prefix.forEach((element, index) => {
    code.push(_`if(${v}.length>${index})${checkItem(walk, element, v, { index }, scope, y)}`);
  });
  if (n.rest) {
    const i = walk.gen.fresh("i");
    code.push(_`for(let ${i}=${n.prefix.length};${i}<${v}.length${room(scope)};${i}++)${checkItem(walk, n.rest, v, { item: i }, scope, y)}`);
  }
  return { code: _`${join(code)}${checkCounts(walk, n.rules ?? {}, v, start.before, scope)}}`, out: y };
}

export function mapTuple(n: Node<"tuple">, walk: MapWalk): Code {
  const body: Code[] = [
    _`if(!Array.isArray(v)||v.length<${n.minItems}${n.rest ? empty : _`||v.length>${n.prefix.length}`})return F;${mapCounts(walk, n.rules ?? {}, _`v`)}const o=[];`,
  ];
  n.prefix.forEach((element, index) => {
    const item = walk.value(element, _`x`, _`d+1`);
    body.push(_`if(v.length>${index}){const x=v[${index}];${item.code}o.push(${item.out});}`);
  });
  if (n.rest) body.push(mapItems(walk, n.rest, n.prefix.length));
  return _`${join(body)}return o;`;
}

/** The tuple sent as JSON text, and each element's repairs. */
export const coerceTuple = (n: Node<"tuple">, walk: CoerceWalk): Code | undefined => coerceList(walk, n.prefix, n.rest);

export function interpretTuple(node: Node<"tuple">, value: unknown, ctx: Context, interpret: Interpret): Checked {
  if (!Array.isArray(value)) return typeError(ctx, "array", node.nullable, value);
  let ok = true;
  if (value.length < node.minItems) ok = !fail(ctx, "minItems", say.minItems(node.minItems, value.length));
  if (!node.rest && value.length > node.prefix.length) ok = !fail(ctx, "maxItems", say.maxItems(node.prefix.length, value.length));
  const out = ok || !full(ctx) ? interpretItems(value, (i) => (i < node.prefix.length ? node.prefix[i] : node.rest), ctx, interpret) : FAIL;
  const counted = interpretCounts(node.rules, value, out !== FAIL, ctx);
  return ok && out !== FAIL && counted ? out : FAIL;
}
