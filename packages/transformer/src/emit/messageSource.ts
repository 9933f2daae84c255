import { ABSENT_TEXT, allowedText, notAllowedText } from "./planTexts";

/**
 * The issue messages a generated check builds, as JavaScript expressions: the words are fixed here,
 * at build time, and only what came is added at run time (`"must be <= 100, got "+x`). They are the
 * sentences of the runtime's `say` (check/messages.ts), word for word; the differential test holds
 * the generated checks' issues equal to the plan interpreter's, which uses `say`.
 */
const text = (words: string) => JSON.stringify(words);
/** `words` then a run-time value: `"must be >= 1, got "+x`. */
const then = (words: string, value: string) => `${text(words)}+${value}`;
/** `1 character`, `15 characters`: the limit is known at build time. */
const counted = (limit: number, noun: string) => `${limit} ${noun}${limit === 1 ? "" : "s"}`;

export const sayCode = {
  type: (expected: string, nullable: boolean, v: string) => then(`must be ${expected}${nullable ? " or null" : ""}, got `, `h.got(${v})`),
  oneOf: (values: readonly unknown[], v: string) => then(`${allowedText(values)}, got `, `h.show(${v})`),
  // The value of these three is known to be a string.
  dateTime: (v: string) => then('must be a date-time (RFC 3339, e.g. "2026-11-30T10:00:00Z"), got ', `h.q(${v})`),
  pattern: (pattern: string, v: string) => then(`must match ${pattern}, got `, `h.q(${v})`),
  format: (format: string, v: string) => then(`must be a valid ${format}, got `, `h.q(${v})`),
  minLength: (limit: number, count: string) => then(`must have at least ${counted(limit, "character")}, got `, count),
  maxLength: (limit: number, count: string) => then(`must have at most ${counted(limit, "character")}, got `, count),
  minimum: (limit: number, v: string) => then(`must be >= ${limit}, got `, v),
  maximum: (limit: number, v: string) => then(`must be <= ${limit}, got `, v),
  exclusiveMinimum: (limit: number, v: string) => then(`must be > ${limit}, got `, v),
  exclusiveMaximum: (limit: number, v: string) => then(`must be < ${limit}, got `, v),
  multipleOf: (limit: number, v: string) => then(`must be a multiple of ${limit}, got `, v),
  minItems: (limit: number, count: string) => then(`must have at least ${counted(limit, "item")}, got `, count),
  maxItems: (limit: number, count: string) => then(`must have at most ${counted(limit, "item")}, got `, count),
  uniqueItems: (i: string, j: string) => `${then("must not repeat items: items ", i)}+${then(" and ", j)}+${text(" are equal")}`,
  undefinedItem: () => text("must be a JSON value, got undefined"),
  notAllowed: (known: readonly string[]) => text(notAllowedText(known)),
  absent: () => text(ABSENT_TEXT),
  depth: () => `${then("is nested deeper than ", "h.D")}+${text(" levels")}`,
};

/** The helper that checks a format, by the format's JSON Schema name: `date-time` is `h.dateTime`. */
export const formatHelper = (format: string) => `h.${format === "date-time" ? "dateTime" : format}`;

/**
 * A message's final expression, with the place's words (`"/langue "`) joined into its leading
 * literal here rather than at run time. A message that ends by showing a value
 * (`"… got "+h.q(x)`) shows a short string with nothing to escape by putting the quotes in its own
 * concatenation (`h.p(x)?"… got \""+x+"\"":"… got "+h.q(x)`): V8 joins a long literal and a string
 * without copying, where building the quoted string apart copied it twice, and was most of the cost
 * of an issue.
 */
export function messageCode(place: string, message: string): string {
  const leading = /^"(?:[^"\\]|\\.)*"/.exec(message);
  const words = leading ? place + (JSON.parse(leading[0]) as string) : place;
  const rest = leading ? message.slice(leading[0].length) : `+${message}`;
  const shown = /^\+h\.(q|show)\((\w+)\)$/.exec(rest);
  if (!shown) return words ? JSON.stringify(words) + rest : rest.slice(1);
  const [, helper, v] = shown;
  return `(h.p(${v})?${JSON.stringify(`${words}"`)}+${v}+'"':${JSON.stringify(words)}+h.${helper}(${v}))`;
}
