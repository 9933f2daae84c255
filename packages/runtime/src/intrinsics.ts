import type { JsonSchema, SchemaOptions } from "./schema";
import { ArgumentsError, type ValidationResult } from "./issues";
import { isPlan } from "./plan";
import { checkArgs, type CheckOptions } from "./check/checkArgs";

/**
 * The positional arguments of a function type, or the type itself: what mapArgs<T>() returns.
 * `fn(...mapArgs<typeof fn>(args))` works.
 */
export type Mapped<T> = T extends (...args: infer P) => any ? P : T;

export type { CheckOptions };

const notTransformed = (name: string): Error =>
  new Error(
    `${name}<T>() was called at run time, so the schemaof transformer did not rewrite it. ` +
      `Add { "transform": "@schemaof/transformer" } to compilerOptions.plugins in tsconfig.json ` +
      `and build with ts-patch's tspc (npm i -D ts-patch @schemaof/transformer).`,
  );

/**
 * The JSON Schema of `T`'s arguments, written inline at compile time.
 * @schemaofIntrinsic schemaOf
 */
export function schemaOf<T>(options?: SchemaOptions): JsonSchema {
  throw notTransformed("schemaOf");
}

/**
 * Checks `args` against `T` and returns the mapped value; throws ArgumentsError listing every problem.
 * @schemaofIntrinsic mapArgs
 */
export function mapArgs<T>(args: unknown, options?: CheckOptions): Mapped<T>;
export function mapArgs(args: unknown, a?: unknown, b?: unknown): unknown {
  const result = validateWith("mapArgs", args, a, b);
  if (result.issues) throw new ArgumentsError(result.issues);
  return result.value;
}

/**
 * Checks `args` against `T`: `{ value }` or `{ issues }`, never throws.
 * @schemaofIntrinsic validateArgs
 */
export function validateArgs<T>(args: unknown, options?: CheckOptions): ValidationResult<Mapped<T>>;
export function validateArgs(args: unknown, a?: unknown, b?: unknown): ValidationResult<unknown> {
  return validateWith("validateArgs", args, a, b);
}

/** The transformer appends the plan as the last argument: `mapArgs(args, plan)` or `mapArgs(args, options, plan)`. */
function validateWith(name: string, args: unknown, a: unknown, b: unknown): ValidationResult<unknown> {
  if (isPlan(b)) return checkArgs(b, args, a as CheckOptions | undefined);
  if (isPlan(a)) return checkArgs(a, args);
  throw notTransformed(name);
}
