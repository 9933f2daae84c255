/** `enum`: one of the listed values, and the message lists them. */
import { fail, type Checked, type Context, type Literal } from "@schemaof/runtime/interpret";
import { _, join, lit, type Code } from "../code/code";
import { sayCode } from "../code/messageSource";
import { say } from "./say";
import type { CheckWalk, Inline, Node, Scope } from "./walks";

export function checkEnum(n: Node<"enum">, v: Code, scope: Scope, walk: CheckWalk): Code {
  const test = n.values.length
    ? join(
        n.values.map((value) => _`${v}!==${lit(value)}`),
        _`&&`,
      )
    : _`true`;
  return _`if(${test})${walk.fail(scope, "enum", sayCode.oneOf(n.values, v))};`;
}

export function mapEnum(n: Node<"enum">, v: Code): Inline {
  const test = n.values.length
    ? join(
        n.values.map((option) => _`${v}===${lit(option)}`),
        _`||`,
      )
    : _`false`;
  return { test };
}

export const interpretEnum = (node: Node<"enum">, value: unknown, ctx: Context): Checked => oneOf(node.values, value, ctx);

/** One of `values`, or an `enum` issue that lists them (a discriminator's too). */
export function oneOf(values: readonly Literal[], value: unknown, ctx: Context): Checked {
  return values.includes(value as Literal) ? value : fail(ctx, "enum", say.enum(values, value));
}
