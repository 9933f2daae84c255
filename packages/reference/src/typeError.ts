import { FAIL, fail, type Context } from "../../runtime/src/check/context";
import { say } from "./say";

/** A value of the wrong JSON type: one `type` issue, in the runtime's words. */
export function typeError(ctx: Context, expected: string, nullable: boolean | 1 | undefined, value: unknown): typeof FAIL {
  return fail(ctx, "type", say.type(expected, nullable, value));
}
