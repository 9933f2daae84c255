import type { Literal } from "../../runtime/src/plan";
import { fail, type Checked, type Context } from "../../runtime/src/check/context";
import { say } from "./say";

/** `enum`: one of the listed values, and the message lists them. */
export function checkEnum(values: readonly Literal[], value: unknown, ctx: Context): Checked {
  return values.includes(value as Literal) ? value : fail(ctx, "enum", say.enum(values, value));
}
