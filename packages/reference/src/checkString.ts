import type { Rules } from "../../runtime/src/plan";
import { FAIL, type Checked, type Context } from "../../runtime/src/check/context";
import { checkRules } from "./rules";

/** A string's rules (minLength, maxLength, pattern, format): every broken rule is its own issue. */
export function checkString(rules: Rules | undefined, value: string, ctx: Context): Checked {
  return checkRules("string", rules, value, ctx) ? value : FAIL;
}
