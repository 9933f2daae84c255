/** `boolean`. */
import type { Checked, Context } from "@schemaof/runtime/interpret";
import { _, type Code } from "../code/code";
import { typeError } from "./say";
import { typeFail, type CheckWalk, type Inline, type Node, type Scope } from "./walks";

export const checkBoolean = (n: Node<"boolean">, v: Code, scope: Scope, walk: CheckWalk): Code =>
  _`if(typeof ${v}!=="boolean")${typeFail(walk, scope, "boolean", n, v)}`;

export const mapBoolean = (v: Code): Inline => ({ test: _`typeof ${v}==="boolean"` });

export const interpretBoolean = (node: Node<"boolean">, value: unknown, ctx: Context): Checked =>
  typeof value === "boolean" ? value : typeError(ctx, "boolean", node.nullable, value);
