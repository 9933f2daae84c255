import {
  FAIL,
  SENTENCES,
  allowedText,
  counted,
  fail,
  fill,
  got,
  notAllowedText,
  requiredOneOfText,
  sayKeyword,
  show,
  typeText,
  type Context,
  type Literal,
} from "@schemaof/runtime/interpret";

/** The issues the interpreter words, from the runtime's table of sentences (a keyword's from its entry). */
export const say = {
  enum: (values: readonly Literal[], value: unknown, names?: readonly string[]) => fill("enum", { allowed: allowedText(values, names), shown: show(value) }),
  enumNumber: (values: readonly Literal[], value: unknown, names?: readonly string[]) =>
    fill("enumNumber", { allowed: allowedText(values, names), shown: show(value) }),
  format: (format: unknown, value: string) => sayKeyword("format", { format, shown: show(value) }),
  dateTime: (value: string) => fill("dateTime", { shown: show(value) }),
  minItems: (limit: unknown, count: number) => sayKeyword("minItems", { limit: counted(limit, "item"), count }),
  maxItems: (limit: unknown, count: number) => sayKeyword("maxItems", { limit: counted(limit, "item"), count }),
  uniqueItems: (first: number, second: number) => sayKeyword("uniqueItems", { first, second }),
  undefinedItem: () => fill("undefinedItem"),
  notJson: (value: unknown) => fill("notJson", { shown: show(value) }),
  instance: (kind: string) => fill("instance", { kind }),
  notAllowed: notAllowedText,
  absent: () => fill("absent"),
  requiredOneOf: requiredOneOfText,
  depth: (limit: number) => fill("depth", { limit }),
  protoKey: () => fill("protoKey"),
  nullOptional: () => fill("nullOptional"),
};

/** A value of the wrong JSON type: one `type` issue, in the runtime's words (JSON text is told to send the value itself). */
export function typeError(ctx: Context, expected: string, nullable: boolean | 1 | undefined, value: unknown): typeof FAIL {
  return fail(ctx, "type", typeText(expected, value, nullable));
}
