import type { JsonSchema, SchemaOptions } from "./schema";
import type { ValidationResult } from "./issues";

/**
 * The positional arguments of a function type, or the type itself: what mapArgs<T>() returns.
 * `fn(...mapArgs<typeof fn>(args))` works.
 */
export type Mapped<T> = T extends (...args: infer P) => any ? P : T;

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
export function mapArgs<T>(args: unknown): Mapped<T> {
  throw notTransformed("mapArgs");
}

/**
 * Checks `args` against `T`: `{ value }` or `{ issues }`, never throws.
 * @schemaofIntrinsic validateArgs
 */
export function validateArgs<T>(args: unknown): ValidationResult<Mapped<T>> {
  throw notTransformed("validateArgs");
}
