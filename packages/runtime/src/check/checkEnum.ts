import type { Literal } from "../plan";
import { fail, show, type Checked, type Context } from "./context";

/** `enum`: one of the listed values, and the message lists them. */
export function checkEnum(values: readonly Literal[], value: unknown, ctx: Context): Checked {
  if (values.includes(value as Literal)) return value;
  const allowed = values.map((v) => JSON.stringify(v)).join(", ");
  return fail(ctx, "enum", values.length === 1 ? `must be ${allowed}, got ${show(value)}` : `must be one of ${allowed}, got ${show(value)}`);
}
