/** `Date`: a date-time string (or a calendar date), mapped to a `Date`. */
import { SENTENCES, fail, isDate, isDateTime, type Checked, type Context } from "@schemaof/runtime/interpret";
import { _, type Code } from "../code/code";
import { sayCode } from "../code/messageSource";
import { say, typeError } from "./say";
import { typeFail, type CheckCode, type CheckWalk, type Inline, type MapWalk, type Node, type Scope } from "./walks";

/** What a date takes, said with its format and an example: an epoch number is told how to send one. */
const expected = (n: Node<"date">) => (n.format === "date" ? SENTENCES.dateValue : SENTENCES.dateTimeValue);

export function checkDate(n: Node<"date">, v: Code, scope: Scope, walk: CheckWalk): CheckCode {
  const { h } = walk.gen;
  const notString = _`if(typeof ${v}!=="string")${typeFail(walk, scope, expected(n), n, v)}`;
  const code =
    n.format === "date"
      ? _`${notString}else if(!${h("date")}(${v}))${walk.fail(scope, "format", sayCode.format("date", v))};`
      : _`${notString}else if(!${h("dateTime")}(${v}))${walk.fail(scope, "format", sayCode.dateTime(v))};`;
  // Read off the value alone, null included; made of anything but a string only when an issue was reported, and then never used.
  return { code, out: _`(typeof ${v}==="string"?${made(n, v)}:${v})` };
}

/** A calendar date is midnight UTC (`new Date("2026-11-30")` reads it so too, but says nothing of why). */
const made = (n: Node<"date">, v: Code) => (n.format === "date" ? _`new Date(${v}+"T00:00:00Z")` : _`new Date(${v})`);

export function mapDate(n: Node<"date">, v: Code, walk: MapWalk): Inline {
  const test = _`typeof ${v}==="string"&&${walk.gen.h(n.format === "date" ? "date" : "dateTime")}(${v})`;
  return { test, made: made(n, v) };
}

export function interpretDate(node: Node<"date">, value: unknown, ctx: Context): Checked {
  if (typeof value !== "string") return typeError(ctx, expected(node), node.nullable, value);
  if (node.format === "date") return isDate(value) ? new Date(`${value}T00:00:00Z`) : fail(ctx, "format", say.format("date", value));
  return isDateTime(value) ? new Date(value) : fail(ctx, "format", say.dateTime(value));
}
