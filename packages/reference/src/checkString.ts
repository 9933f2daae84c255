import type { Rules } from "../../runtime/src/plan";
import { FAIL, fail, type Checked, type Context } from "../../runtime/src/check/context";
import { say } from "../../runtime/src/check/messages";
import { checkFormat } from "./formats";
import { compiled, length } from "../../runtime/src/check/strings";

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
