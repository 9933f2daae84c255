/** A recursive type, by its name in the plan's `defs`: a function of its own in generated code. */
import { fail, type Checked, type Context } from "@schemaof/runtime/interpret";
import { _, type Code } from "../code/code";
import type { CheckCode, CheckWalk, Interpret, MapWalk, Node, Scope } from "./walks";

export function checkRef(n: Node<"ref">, v: Code, scope: Scope, walk: CheckWalk): CheckCode {
  const y = walk.gen.fresh("y");
  return { code: _`const ${y}=${walk.def(n.to)}(${v},${scope.ctx},${walk.path(scope)},${walk.pointer(scope)},${scope.depth}+1);`, out: y };
}

/** The definition's function, entered one level below the place that names it, as in the full check. */
export const mapRef = (n: Node<"ref">, d: Code, walk: MapWalk): { callee: Code; depth: Code } => ({ callee: walk.def(n.to), depth: _`${d}+1` });

export function interpretRef(node: Node<"ref">, value: unknown, ctx: Context, interpret: Interpret): Checked {
  const target = ctx.defs?.[node.to];
  if (!target) return fail(ctx, "$ref", `refers to an unknown type '${node.to}'`);
  return value === null && node.nullable ? null : interpret(target, value, ctx);
}
