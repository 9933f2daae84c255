import type { Literal } from "../plan";
import { got, show } from "./context";
import { SENTENCES, allowedText, counted, fill, notAllowedText, requiredOneOfText } from "./sentences";

/**
 * The issues worded at run time, by the copy of `unknown` values (and the plan interpreter the tests
 * compare the generated checks with), from the one table of sentences the transformer writes into the
 * generated checks at build time.
 */
export const say = {
  type: (expected: string, nullable: unknown, value: unknown) => fill("type", { expected, orNull: nullable ? SENTENCES.orNull : "", got: got(value) }),
  enum: (values: readonly Literal[], value: unknown) => fill("enum", { allowed: allowedText(values), shown: show(value) }),
  minLength: (limit: unknown, count: number) => fill("minLength", { limit: counted(limit, "character"), count }),
  maxLength: (limit: unknown, count: number) => fill("maxLength", { limit: counted(limit, "character"), count }),
  pattern: (pattern: unknown, value: string) => fill("pattern", { pattern, shown: show(value) }),
  format: (format: unknown, value: string) => fill("format", { format, shown: show(value) }),
  dateTime: (value: string) => fill("dateTime", { shown: show(value) }),
  minimum: (limit: unknown, value: number) => fill("minimum", { limit, value }),
  maximum: (limit: unknown, value: number) => fill("maximum", { limit, value }),
  exclusiveMinimum: (limit: unknown, value: number) => fill("exclusiveMinimum", { limit, value }),
  exclusiveMaximum: (limit: unknown, value: number) => fill("exclusiveMaximum", { limit, value }),
  multipleOf: (limit: unknown, value: number) => fill("multipleOf", { limit, value }),
  minItems: (limit: unknown, count: number) => fill("minItems", { limit: counted(limit, "item"), count }),
  maxItems: (limit: unknown, count: number) => fill("maxItems", { limit: counted(limit, "item"), count }),
  uniqueItems: (first: number, second: number) => fill("uniqueItems", { first, second }),
  undefinedItem: () => fill("undefinedItem"),
  notJson: (value: unknown) => fill("notJson", { shown: show(value) }),
  instance: (kind: string) => fill("instance", { kind }),
  notAllowed: notAllowedText,
  absent: () => fill("absent"),
  requiredOneOf: requiredOneOfText,
  depth: (limit: number) => fill("depth", { limit }),
};
