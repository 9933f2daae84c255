/** `null`, a type of its own (a nullable node of another kind takes it too). */
import type { Checked, Context } from "@schemaof/runtime/interpret";
import { _, type Code } from "../code/code";
import { typeError } from "./say";
import { typeFail, type CheckWalk, type Inline, type Scope } from "./walks";

export const checkNull = (v: Code, scope: Scope, walk: CheckWalk): Code => _`if(${v}!==null)${typeFail(walk, scope, "null", {}, v)}`;

export const mapNull = (v: Code): Inline => ({ test: _`${v}===null` });

export const interpretNull = (value: unknown, ctx: Context): Checked => (value === null ? null : typeError(ctx, "null", false, value));
