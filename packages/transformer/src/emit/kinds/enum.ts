/** `enum`: one of the listed values, and the message lists them. */
import { fail, type Checked, type Context, type Literal } from "@schemaof/runtime/interpret";
import { _, join, lit, type Code } from "../code/code";
import { sayCode } from "../code/messageSource";
import { say } from "./say";
import type { CheckWalk, CoerceWalk, Inline, Node, Scope } from "./walks";

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

/**
 * A member sent as text: a number as a numeric string (`"3"` for 3, numeric-string), `true` as
 * `"true"` (boolean-string), and a string in another case when exactly one member matches it
 * ignoring case (enum-case, asked for by name only).
 */
export function coerceEnum(n: Node<"enum">, v: Code, walk: CoerceWalk): Code | undefined {
  const { fresh, h, constant } = walk.gen;
  const repair = (rule: string, to: Code) => _`${h("cr")}(r,p,undefined,${lit(rule)},${v},${to});${v}=${to};`;
  const code: Code[] = [];
  const numbers = n.values.filter((value) => typeof value === "number");
  if (numbers.length && walk.has("numeric-string")) {
    const y = fresh("n");
    const test = join(
      numbers.map((value) => _`${y}===${lit(value)}`),
      _`||`,
    );
    code.push(_`if(typeof ${v}==="string"){const ${y}=${h("num")}(${v},false);if(${y}!==undefined&&(${test})){${repair("numeric-string", y)}}}`);
  }
  const booleans = n.values.filter((value) => typeof value === "boolean");
  if (booleans.length && walk.has("boolean-string")) {
    for (const value of booleans) code.push(_`if(${v}===${lit(String(value))}){${repair("boolean-string", lit(value))}}`);
  }
  const strings = n.values.filter((value): value is string => typeof value === "string");
  if (strings.length && walk.has("enum-case")) {
    // Lower-cased to the one member it can be; a spelling two members share is no repair.
    const byCase = new Map<string, string | null>();
    for (const value of strings) byCase.set(value.toLowerCase(), byCase.has(value.toLowerCase()) ? null : value);
    const unique = [...byCase].filter((entry): entry is [string, string] => entry[1] !== null);
    if (unique.length) {
      const table = fresh("L");
      const y = fresh("m");
      constant(table, _`new Map(${lit(unique)})`);
      code.push(_`if(typeof ${v}==="string"){const ${y}=${table}.get(${v}.toLowerCase());if(${y}!==undefined&&${y}!==${v}){${repair("enum-case", y)}}}`);
    }
  }
  return code.length ? join(code) : undefined;
}

/** One of `values`, or an `enum` issue that lists them (a discriminator's too). */
export function oneOf(values: readonly Literal[], value: unknown, ctx: Context): Checked {
  return values.includes(value as Literal) ? value : fail(ctx, "enum", say.enum(values, value));
}
