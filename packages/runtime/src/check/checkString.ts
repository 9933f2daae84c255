import type { Rules } from "../plan";
import { FAIL, fail, type Checked, type Context } from "./context";
import { say } from "./messages";
import { checkFormat } from "./formats";

const patterns = new Map<string, RegExp>();

/** A pattern is compiled once per process, as ajv does: with the `u` flag, unanchored. */
export function compiled(source: string): RegExp {
  let regex = patterns.get(source);
  if (!regex) patterns.set(source, (regex = new RegExp(source, "u")));
  return regex;
}

/** Length in code points, as JSON Schema counts it (a surrogate pair is one character). */
export function length(value: string): number {
  let count = 0;
  for (let i = 0; i < value.length; i++) {
    count++;
    const code = value.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return count;
}

/** minLength, maxLength, pattern, format: every broken rule is its own issue. */
export function checkString(rules: Rules | undefined, value: string, ctx: Context): Checked {
  if (!rules) return value;
  let ok = true;
  const broken = (keyword: string, text: string) => {
    fail(ctx, keyword, text);
    ok = false;
  };
  if (rules.minLength !== undefined || rules.maxLength !== undefined) {
    const n = length(value);
    if (rules.minLength !== undefined && n < (rules.minLength as number)) broken("minLength", say.minLength(rules.minLength, n));
    if (rules.maxLength !== undefined && n > (rules.maxLength as number)) broken("maxLength", say.maxLength(rules.maxLength, n));
  }
  if (rules.pattern !== undefined && !compiled(rules.pattern as string).test(value)) broken("pattern", say.pattern(rules.pattern, value));
  if (rules.format !== undefined && !checkFormat(rules.format as string, value)) broken("format", say.format(rules.format, value));
  return ok ? value : FAIL;
}
