import type { Literal } from "../plan";
import { fail, type Checked, type Context } from "./context";
import { say } from "./messages";

/** `enum`: one of the listed values, and the message lists them. */
export function checkEnum(values: readonly Literal[], value: unknown, ctx: Context): Checked {
  return values.includes(value as Literal) ? value : fail(ctx, "enum", say.enum(values, value));
}
