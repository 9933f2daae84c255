import type { Coerced } from "./check/coerce";
import { escapeKey, shownPointer } from "./check/context";

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
    super(formatIssues(issues));
    this.name = "ArgumentsError";
    this.issues = issues;
  }
}

/**
 * An issue as any Standard Schema library gives it: a message, and where, as a path of keys (or of
 * `{ key }` segments). schemaof's own issues carry `pointer` too.
 */
export interface AnyIssue {
  readonly message: string;
  readonly pointer?: string;
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[];
}

/**
 * The text a model reads for a list of issues, as ArgumentsError says it: `Invalid arguments:`, then
 * one issue a line, each starting with the JSON Pointer of its place. Takes schemaof's issues (from
 * `validateArgs`, or from `~standard.validate`, whose messages leave the pointer to the path) and any
 * other Standard Schema library's, so a framework shows every tool's mistakes the same way.
 */
export function formatIssues(issues: readonly AnyIssue[]): string {
  return ["Invalid arguments:", ...issues.map((issue) => `- ${placed(issue)}`)].join("\n");
}

function placed(issue: AnyIssue): string {
  const pointer = issue.pointer ?? toPointer(issue.path ?? []);
  if (pointer === "" || issue.message.startsWith(`${shownPointer(pointer)} `)) return issue.message;
  return `${shownPointer(pointer)} ${issue.message}`;
}

const toPointer = (path: NonNullable<AnyIssue["path"]>): string =>
  path.map((segment) => "/" + escapeKey(String(typeof segment === "object" ? segment.key : segment))).join("");
