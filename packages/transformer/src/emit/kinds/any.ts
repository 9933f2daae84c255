/** `unknown`, `any` and any object: a JSON value, copied so that the result shares nothing with the input. */
import { copyJson, withoutNulls, type Checked, type Context } from "@schemaof/runtime/interpret";
import { _, empty, type Code } from "../code/code";
import { typeError } from "./say";
import { typeFail, type CheckWalk, type MapWalk, type Node, type Scope } from "./walks";

export function checkAny(n: Node<"any">, v: Code, scope: Scope, walk: CheckWalk): Code {
  // Copied only to be checked as JSON (the happy path makes the value).
  const copy = _`${walk.gen.h("any")}(${v},${scope.ctx},${walk.path(scope)},${scope.depth});`;
  return n.object ? _`if(typeof ${v}!=="object"||${v}===null||Array.isArray(${v}))${typeFail(walk, scope, "object", n, v)}else ${copy}` : copy;
}

/** Copied as JSON by the full check's own code, with a scratch context. */
export function mapAny(n: Node<"any">, walk: MapWalk): Code {
  return _`${n.object ? _`if(typeof v!=="object"||v===null||Array.isArray(v))return F;` : empty}return ${walk.gen.h(n.nullsAbsent ? "jsonNA" : "json")}(v,d);`;
}

export function interpretAny(node: Node<"any">, value: unknown, ctx: Context): Checked {
  if (node.object && (typeof value !== "object" || value === null || Array.isArray(value))) return typeError(ctx, "object", node.nullable, value);
  return node.nullsAbsent ? withoutNulls(copyJson(value, ctx)) : copyJson(value, ctx);
}
