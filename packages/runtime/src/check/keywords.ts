import { counted, type SentenceName } from "./sentences";
import { compiled, length } from "./strings";
import { isMultiple } from "./numbers";
import { isDate, isDateTime, isEmail, isHostname, isIpv4, isIpv6, isTime, isUri, isUuid } from "./formats";

/**
 * Every validation keyword schemaof reads and checks, once: what it applies to, what its value is,
 * the sentence an issue of it says, and its test twice over, as the code the transformer writes into
 * a generated check and as the function the reference interpreter calls (the differential tests hold
 * the two equal). Read at build time by the transformer (which tags it accepts, the generated
 * tests, the messages) and by the interpreter; nothing a user's code runs imports it.
 *
 * A new keyword is its type tag (tags.ts), its entry here and its sentence (sentences.ts).
 */

/**
 * What a sentence reads off the value that came: its length (`count`: code points of a string,
 * items of an array), how it shows (`shown`), the value itself. At build time each is the code that
 * reads it; at run time, the reading.
 */
export interface Came<T> {
  readonly count: T;
  readonly shown: T;
  readonly value: T;
}

/** What a keyword's code is written with: a compiled pattern's name, a runtime helper's. */
export interface CodeTools {
  regex(pattern: string): string;
  h(name: string): string;
}

interface Rule<V> {
  /** The kind of value it constrains. */
  readonly target: "string" | "number" | "array";
  /** What its own value must be: a whole number from 0, any finite number, a string, or `true`. */
  readonly value: "count" | "number" | "string" | "true";
  /** The sentence of its issue, and that sentence's holes: from the keyword's value, and from what came. */
  readonly sentence: SentenceName;
  readonly holes?: <T>(limit: V, came: Came<T>) => Readonly<Record<string, T | string | number>>;
  /**
   * Code, true when `v` breaks it; `regex` names a pattern compiled once in the generated setup, `h`
   * a helper of the runtime's (which the generated code then binds).
   */
  readonly code?: (v: string, limit: V, tools: CodeTools) => string;
  /** Whether a value breaks it, for the interpreter. */
  readonly breaks?: (value: never, limit: V) => boolean;
}

/** Each format's check, by the name JSON Schema gives it, and the helper name generated code calls it by. */
export const FORMATS = {
  "date-time": { helper: "dateTime", check: isDateTime },
  date: { helper: "date", check: isDate },
  time: { helper: "time", check: isTime },
  email: { helper: "email", check: isEmail },
  hostname: { helper: "hostname", check: isHostname },
  ipv4: { helper: "ipv4", check: isIpv4 },
  ipv6: { helper: "ipv6", check: isIpv6 },
  uri: { helper: "uri", check: isUri },
  uuid: { helper: "uuid", check: isUuid },
} as const;
export type FormatName = keyof typeof FORMATS;
const formatOf = (name: string): (typeof FORMATS)[FormatName] | undefined => (FORMATS as Record<string, (typeof FORMATS)[FormatName]>)[name];

/**
 * In the order a value's issues are reported. Plain data (no call at module level), so a bundle of
 * the helpers a generated check names leaves the table out.
 */
export const RULES = {
  minimum: {
    target: "number",
    value: "number",
    sentence: "minimum",
    holes: (limit: number, came) => ({ limit, value: came.value }),
    code: (v, limit) => `${v}<${limit}`,
    breaks: (value: number, limit) => value < limit,
  },
  maximum: {
    target: "number",
    value: "number",
    sentence: "maximum",
    holes: (limit: number, came) => ({ limit, value: came.value }),
    code: (v, limit) => `${v}>${limit}`,
    breaks: (value: number, limit) => value > limit,
  },
  exclusiveMinimum: {
    target: "number",
    value: "number",
    sentence: "exclusiveMinimum",
    holes: (limit: number, came) => ({ limit, value: came.value }),
    code: (v, limit) => `${v}<=${limit}`,
    breaks: (value: number, limit) => value <= limit,
  },
  exclusiveMaximum: {
    target: "number",
    value: "number",
    sentence: "exclusiveMaximum",
    holes: (limit: number, came) => ({ limit, value: came.value }),
    code: (v, limit) => `${v}>=${limit}`,
    breaks: (value: number, limit) => value >= limit,
  },
  multipleOf: {
    target: "number",
    value: "number",
    sentence: "multipleOf",
    holes: (limit: number, came) => ({ limit, value: came.value }),
    code: (v, limit, { h }) => `!${h("mul")}(${v},${limit})`,
    breaks: (value: number, limit) => !isMultiple(value, limit),
  },
  // Code points lie between half the UTF-16 length and the length itself: the generated test counts
  // them only when the length alone cannot decide.
  minLength: {
    target: "string",
    value: "count",
    sentence: "minLength",
    holes: (limit: number, came) => ({ limit: counted(limit, "character"), count: came.count }),
    code: (v, limit, { h }) => `${v}.length<${2 * limit}&&${h("len")}(${v})<${limit}`,
    breaks: (value: string, limit) => length(value) < limit,
  },
  maxLength: {
    target: "string",
    value: "count",
    sentence: "maxLength",
    holes: (limit: number, came) => ({ limit: counted(limit, "character"), count: came.count }),
    code: (v, limit, { h }) => `${v}.length>${limit}&&${h("len")}(${v})>${limit}`,
    breaks: (value: string, limit) => length(value) > limit,
  },
  pattern: {
    target: "string",
    value: "string",
    sentence: "pattern",
    holes: (pattern: string, came) => ({ pattern, shown: came.shown }),
    code: (v, pattern, { regex }) => `!${regex(pattern)}.test(${v})`,
    breaks: (value: string, pattern) => !compiled(pattern).test(value),
  },
  // An unknown format passes, as in JSON Schema (the transformer accepts only the ones above).
  format: {
    target: "string",
    value: "string",
    sentence: "format",
    holes: (format: string, came) => ({ format, shown: came.shown }),
    code: (v, format, { h }) => `!${h(formatOf(format)?.helper ?? format)}(${v})`,
    breaks: (value: string, format) => !(formatOf(format)?.check(value) ?? true),
  },
  minItems: {
    target: "array",
    value: "count",
    sentence: "minItems",
    holes: (limit: number, came) => ({ limit: counted(limit, "item"), count: came.count }),
    code: (v, limit) => `${v}.length<${limit}`,
    breaks: (value: readonly unknown[], limit) => value.length < limit,
  },
  maxItems: {
    target: "array",
    value: "count",
    sentence: "maxItems",
    holes: (limit: number, came) => ({ limit: counted(limit, "item"), count: came.count }),
    code: (v, limit) => `${v}.length>${limit}`,
    breaks: (value: readonly unknown[], limit) => value.length > limit,
  },
  // Compared only once the items are known to be sound JSON, after the counts: the generated check
  // and the interpreter each do so in their array's code, not through this entry's test.
  uniqueItems: { target: "array", value: "true", sentence: "uniqueItems" },
} satisfies Record<string, Rule<never>>;

export type RuleName = keyof typeof RULES;

type ValueOf<K> = K extends "count" | "number" ? number : K extends "string" ? string : boolean;

/** A node's validation keywords, by their JSON Schema names, each with its value. */
export type Rules = { readonly [K in RuleName]?: ValueOf<(typeof RULES)[K]["value"]> };

/** The keywords that constrain one kind of value, in the order its issues are reported. */
export const rulesFor = (target: Rule<unknown>["target"]): RuleName[] => (Object.keys(RULES) as RuleName[]).filter((name) => RULES[name].target === target);
