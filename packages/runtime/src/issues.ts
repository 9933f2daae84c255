import type { Coerced } from "./check/coerce";

/** One problem with the arguments a model sent, with the JSON Pointer of where it is. */
export interface Issue {
  /** Keys and indexes from the root to the value. */
  readonly path: readonly (string | number)[];
  /** The same place as a JSON Pointer: `""` for the root, `/tags/1`. */
  readonly pointer: string;
  /** The JSON Schema keyword that failed: `required`, `type`, `minimum`, `enum`, … */
  readonly keyword: string;
  /** One sentence for the model: what was expected and what came. */
  readonly message: string;
}

/**
 * `{ value }`, or `{ issues }` listing every problem. A check built with `coerce` adds `coerced`, the
 * repairs it made to reach `value`, when it made any.
 */
export type ValidationResult<T> =
  | { readonly value: T; readonly coerced?: readonly Coerced[]; readonly issues?: undefined }
  | { readonly issues: readonly Issue[]; readonly coerced?: undefined };

/** Thrown by mapArgs<T>() with every problem found; `message` lists them one a line. */
export class ArgumentsError extends Error {
  readonly issues: readonly Issue[];

  /** `instanceof` holds across the CommonJS and the ES module copies of the runtime. */
  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Error && value.name === "ArgumentsError" && Array.isArray((value as { issues?: unknown }).issues);
  }

  constructor(issues: readonly Issue[]) {
    super(["Invalid arguments:", ...issues.map((issue) => `- ${issue.message}`)].join("\n"));
    this.name = "ArgumentsError";
    this.issues = issues;
  }
}
