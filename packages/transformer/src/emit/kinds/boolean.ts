/** `boolean`. */
import type { Checked, Context } from "@schemaof/runtime/interpret";
import { _, lit, type Code } from "../code/code";
import { typeError } from "./say";
import { typeFail, type CheckWalk, type CoerceWalk, type Inline, type Node, type Scope } from "./walks";

export const checkBoolean = (n: Node<"boolean">, v: Code, scope: Scope, walk: CheckWalk): Code =>
  _`if(typeof ${v}!=="boolean")${typeFail(walk, scope, "boolean", n, v)}`;

export const mapBoolean = (v: Code): Inline => ({ test: _`typeof ${v}==="boolean"` });

/** `"true"` or `"false"`, exactly, for a boolean (boolean-string); no other text is truthy or falsy. */
export const coerceBoolean = (v: Code, walk: CoerceWalk): Code | undefined =>
  walk.has("boolean-string")
    ? _`if(${v}==="true"||${v}==="false"){${walk.gen.h("cr")}(r,p,undefined,${lit("boolean-string")},${v},${v}==="true");${v}=${v}==="true";}`
    : undefined;

export const interpretBoolean = (node: Node<"boolean">, value: unknown, ctx: Context): Checked =>
  typeof value === "boolean" ? value : typeError(ctx, "boolean", node.nullable, value);
