import type { Literal } from "../plan";
import { got, show } from "./context";

/** `must be one of "a", "b"` (`must be "a"` for one value): the same words as the transformer's planTexts. */
function allowedText(values: readonly Literal[]): string {
  const allowed = values.map((v) => JSON.stringify(v)).join(", ");
  return values.length === 1 ? `must be ${allowed}` : `must be one of ${allowed}`;
}

/**
 * What an unknown key is told: the keys the object takes (the first 20), as the transformer's
 * planTexts words it.
 */
function notAllowedText(known: readonly string[]): string {
  if (known.length === 0) return "is not allowed; this object takes no keys";
  const shown = known.slice(0, 20).map((key) => JSON.stringify(key));
  return `is not allowed; allowed keys: ${shown.join(", ")}${known.length > 20 ? ", …" : ""}`;
}

/** `1 character`, `15 characters`. */
const counted = (limit: unknown, noun: string) => `${limit} ${noun}${limit === 1 ? "" : "s"}`;

/**
 * The text of every issue, as the plan interpreter and the copy of `unknown` values word it. The
 * checks the transformer generates word the same sentences at build time (its emit/messageSource.ts);
 * the JSON-Schema-Test-Suite test holds both to the same words. Each says what was expected and what came.
 */
export const say = {
  type: (expected: string, nullable: unknown, value: unknown) => `must be ${expected}${nullable ? " or null" : ""}, got ${got(value)}`,
  enum: (values: readonly Literal[], value: unknown) => `${allowedText(values)}, got ${show(value)}`,
  minLength: (limit: unknown, n: number) => `must have at least ${counted(limit, "character")}, got ${n}`,
  maxLength: (limit: unknown, n: number) => `must have at most ${counted(limit, "character")}, got ${n}`,
  pattern: (pattern: unknown, value: string) => `must match ${pattern}, got ${show(value)}`,
  format: (format: unknown, value: string) => `must be a valid ${format}, got ${show(value)}`,
  dateTime: (value: string) => `must be a date-time (RFC 3339, e.g. "2026-11-30T10:00:00Z"), got ${show(value)}`,
  minimum: (limit: unknown, value: number) => `must be >= ${limit}, got ${value}`,
  maximum: (limit: unknown, value: number) => `must be <= ${limit}, got ${value}`,
  exclusiveMinimum: (limit: unknown, value: number) => `must be > ${limit}, got ${value}`,
  exclusiveMaximum: (limit: unknown, value: number) => `must be < ${limit}, got ${value}`,
  multipleOf: (limit: unknown, value: number) => `must be a multiple of ${limit}, got ${value}`,
  minItems: (limit: unknown, n: number) => `must have at least ${counted(limit, "item")}, got ${n}`,
  maxItems: (limit: unknown, n: number) => `must have at most ${counted(limit, "item")}, got ${n}`,
  uniqueItems: (i: number, j: number) => `must not repeat items: items ${i} and ${j} are equal`,
  undefinedItem: () => "must be a JSON value, got undefined",
  notJson: (value: unknown) => `must be a JSON value, got ${show(value)}`,
  instance: (kind: string) => `must be a JSON value, got ${kind} instance`,
  notAllowed: notAllowedText,
  absent: () => "must not be present",
  /** A union's discriminator left out: a required key, with the values it takes. */
  requiredOneOf: (values: readonly Literal[]) => `required, expected ${allowedText(values).replace(/^must be /, "")}`,
  depth: (limit: number) => `is nested deeper than ${limit} levels`,
};
