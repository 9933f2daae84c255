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
  const plain = _`${walk.fail(scope, "enum", sayCode.oneOf(n.values, v, n.names))};`;
  // A number sent as a string ("3" for 3) is told to send the number itself.
  if (!numeric(n.values)) return _`if(${test})${plain}`;
  return _`if(${test}){if(typeof ${v}==="string")${walk.fail(scope, "enum", sayCode.oneNumber(n.values, v, n.names))};else ${plain}}`;
}

/** Every value a number (a `null` beside them apart): a string there is a number sent as text. */
const numeric = (values: readonly Literal[]) =>
  values.some((value) => typeof value === "number") && values.every((value) => typeof value === "number" || value === null);

export function mapEnum(n: Node<"enum">, v: Code): Inline {
  const test = n.values.length
    ? join(
        n.values.map((option) => _`${v}===${lit(option)}`),
        _`||`,
      )
    : _`false`;
  return { test };
}

export function interpretEnum(node: Node<"enum">, value: unknown, ctx: Context): Checked {
  if (node.values.includes(value as Literal)) return value;
  const words = typeof value === "string" && numeric(node.values) ? say.enumNumber : say.enum;
  return fail(ctx, "enum", words(node.values, value, node.names));
}

/** One of `values`, or an `enum` issue that lists them (a discriminator's too). */
export function oneOf(values: readonly Literal[], value: unknown, ctx: Context): Checked {
  return values.includes(value as Literal) ? value : fail(ctx, "enum", say.enum(values, value));
}
