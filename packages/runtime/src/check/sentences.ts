/**
 * The words of every issue, written once. A sentence is a template whose `{holes}` are filled either
 * at build time, by the transformer, which writes the sentence into the generated check as string
 * literals around the run-time values (`"must be <= 100, got "+x`), or at run time, by `fill`, for
 * the issues worded while a value is copied or interpreted. Each says what was expected and what came.
 * A validation keyword's sentence is its entry's, in the keyword table (keywords.ts).
 */
// The few sentences the generated checks leave for the runtime to word (check/typeText.ts, `NO`),
// apart: a bundle keeps them without the table.
export const TYPE_WORDS = "must be {expected}{orNull}, got {got}";
export const OR_NULL_WORDS = " or null";
export const JSON_TEXT_WORDS = "must be {expected}{orNull}, got {got}: send the {expected} itself, not JSON text";
export const NULL_OPTIONAL_WORDS = "is optional and takes no null: leave it out instead";
export const REQUIRED_WORDS = "required{expects}";

export const SENTENCES = {
  type: TYPE_WORDS,
  orNull: OR_NULL_WORDS,
  enum: "{allowed}, got {shown}",
  /** A string where a number of a numeric enum belongs. */
  enumNumber: "{allowed}: the number itself, not a string, got {shown}",
  dateTime: 'must be a date-time (RFC 3339, e.g. "2026-11-30T10:00:00Z"), got {shown}',
  /** What a date takes, where something other than a string came (an epoch number, an object). */
  dateTimeValue: 'a date-time string (RFC 3339, e.g. "2026-11-30T10:00:00Z")',
  dateValue: 'a date string (YYYY-MM-DD, e.g. "2026-11-30")',
  /** A string of JSON text where an object or array belongs: the model encoded the value once too often. */
  jsonText: JSON_TEXT_WORDS,
  /** `null` sent for an optional property whose type has none: what the model does instead. */
  nullOptional: NULL_OPTIONAL_WORDS,
  undefinedItem: "must be a JSON value, got undefined",
  notJson: "must be a JSON value, got {shown}",
  instance: "must be a JSON value, got {kind} instance",
  notAllowed: "is not allowed; allowed keys: {keys}",
  notAllowedOrMatching: "is not allowed; allowed keys: {keys}, or keys matching {patterns}",
  notMatching: "is not allowed; keys must match {patterns}",
  noKeys: "is not allowed; this object takes no keys",
  protoKey: "is not allowed: JavaScript reads a key named __proto__ as the prototype; send this under another key",
  absent: "must not be present",
  required: REQUIRED_WORDS,
  /** A union's discriminator left out: a required key, with the values it takes. */
  requiredOneOf: "required, expected {values}",
  depth: "is nested deeper than {limit} levels",
  oneValue: "must be {values}",
  oneOf: "must be one of {values}",
  /** After a union's summary: the member a value came closest to, and that member's first issue. */
  closest: " (closest: {issue})",
} as const;

export type SentenceName = keyof typeof SENTENCES;

/** A sentence with every hole filled (a hole not given stays as written: a mistake a test sees). */
export function fill(name: SentenceName, holes: Readonly<Record<string, unknown>> = {}): string {
  return fillText(SENTENCES[name], holes);
}

/** A template with every hole filled (a keyword's sentence, from the keyword table). */
export function fillText(template: string, holes: Readonly<Record<string, unknown>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (hole: string, key: string) => (key in holes ? String(holes[key]) : hole));
}

/** `1 character`, `15 characters`. */
export const counted = (limit: unknown, noun: string): string => `${limit} ${noun}${limit === 1 ? "" : "s"}`;

/** The values a place takes, as JSON, in order: `"a", "b"`; a numeric enum's with their names, `1 (Low), 2 (High)`. */
const listed = (values: readonly unknown[], names?: readonly string[]): string =>
  values.map((value, i) => JSON.stringify(value) + (names?.[i] ? ` (${names[i]})` : "")).join(", ");

/** `must be one of "a", "b"`, or `must be "a"` for one value; a numeric enum's values with their names. */
export const allowedText = (values: readonly unknown[], names?: readonly string[]): string =>
  fill(values.length === 1 ? "oneValue" : "oneOf", { values: listed(values, names) });

/** A union's discriminator left out: `required, expected one of "a", "b"`. */
export const requiredOneOfText = (values: readonly unknown[]): string =>
  fill("requiredOneOf", { values: values.length === 1 ? listed(values) : `one of ${listed(values)}` });

/** What an unknown key is told: the keys the object takes, the first 20, and the patterns its other keys match. */
export function notAllowedText(known: readonly string[], patterns: readonly string[] = []): string {
  const keys = listed(known.slice(0, 20)) + (known.length > 20 ? ", …" : "");
  const matching = patterns.join(" or ");
  if (patterns.length > 0) return known.length === 0 ? fill("notMatching", { patterns: matching }) : fill("notAllowedOrMatching", { keys, patterns: matching });
  return known.length === 0 ? fill("noKeys") : fill("notAllowed", { keys });
}
