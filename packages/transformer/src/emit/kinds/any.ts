/** `unknown`, `any` and any object: a JSON value, copied so that the result shares nothing with the input. */
import { copyJson, withoutNulls, type Checked, type Context } from "@schemaof/runtime/interpret";
import { _, empty, type Code } from "../code/code";
import { typeError } from "./say";
import { typeFail, type CheckCode, type CheckWalk, type MapWalk, type Node, type Scope } from "./walks";

export function checkAny(n: Node<"any">, v: Code, scope: Scope, walk: CheckWalk): CheckCode {
  const y = walk.gen.fresh("y");
  // Copied and checked as JSON in one walk; openai-strict's top-level nulls (keys left out) dropped by the happy path's copy.
  const copy = _`${y}=${walk.gen.h("any")}(${v},${scope.ctx},${walk.path(scope)},${scope.depth});`;
  const out = n.nullsAbsent ? _`${walk.maps(n)}(${v},${scope.depth})` : y;
  if (!n.object) return { code: _`let ${copy}`, out };
  return { code: _`let ${y};if(typeof ${v}!=="object"||${v}===null||Array.isArray(${v}))${typeFail(walk, scope, "object", n, v)}else ${copy}`, out };
}

/** Copied as JSON by the full check's own code, with a scratch context. */
export function mapAny(n: Node<"any">, walk: MapWalk): Code {
  return _`${n.object ? _`if(typeof v!=="object"||v===null||Array.isArray(v))return F;` : empty}return ${walk.gen.h(n.nullsAbsent ? "jsonNA" : "json")}(v,d);`;
}

export function interpretAny(node: Node<"any">, value: unknown, ctx: Context): Checked {
  if (node.object && (typeof value !== "object" || value === null || Array.isArray(value))) return typeError(ctx, "object", node.nullable, value);
  return node.nullsAbsent ? withoutNulls(copyJson(value, ctx)) : copyJson(value, ctx);
}
