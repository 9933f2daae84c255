import { counted, fillText } from "./sentences";
import { isDate, isDateTime, isEmail, isHostname, isIpv4, isIpv6, isTime, isUri, isUuid } from "./formats";

/**
 * Every validation keyword schemaof reads and checks, once: what it applies to, what its value is,
 * and the sentence an issue of it says with that sentence's holes. Read at build time by the
 * transformer (which tags it accepts, the messages) and by the interpreter; nothing a user's code
 * runs imports it. Its test, as generated code and as the interpreter's function, is the
 * transformer's (emit/kinds/keywords.ts).
 *
 * A new keyword is its type tag (tags.ts), its entry here, its test in the transformer's
 * emit/kinds/keywords.ts, and what each provider does with it (emit/schema/targetRules.ts).
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

interface Rule<V> {
  /** The kind of value it constrains. */
  readonly target: "string" | "number" | "array";
  /** What its own value must be: a whole number from 0, any finite number, one above 0, a string, or `true`. */
  readonly value: ValueKind;
  /** The sentence of its issue (a template, as in sentences.ts), and that sentence's holes: from the keyword's value, and from what came. */
  readonly sentence: string;
  readonly holes?: <T>(limit: V, came: Came<T>) => Readonly<Record<string, T | string | number>>;
}

export type ValueKind = "count" | "number" | "positive" | "string" | "true";

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
export const formatOf = (name: string): (typeof FORMATS)[FormatName] | undefined => (FORMATS as Record<string, (typeof FORMATS)[FormatName]>)[name];

/**
 * In the order a value's issues are reported. Plain data (no call at module level), so a bundle of
 * the helpers a generated check names leaves the table out.
 */
export const RULES = {
  minimum: {
    target: "number",
    value: "number",
    sentence: "must be >= {limit}, got {value}",
    holes: (limit: number, came) => ({ limit, value: came.value }),
  },
  maximum: {
    target: "number",
    value: "number",
    sentence: "must be <= {limit}, got {value}",
    holes: (limit: number, came) => ({ limit, value: came.value }),
  },
  exclusiveMinimum: {
    target: "number",
    value: "number",
    sentence: "must be > {limit}, got {value}",
    holes: (limit: number, came) => ({ limit, value: came.value }),
  },
  exclusiveMaximum: {
    target: "number",
    value: "number",
    sentence: "must be < {limit}, got {value}",
    holes: (limit: number, came) => ({ limit, value: came.value }),
  },
  multipleOf: {
    target: "number",
    value: "positive",
    sentence: "must be a multiple of {limit}, got {value}",
    holes: (limit: number, came) => ({ limit, value: came.value }),
  },
  minLength: {
    target: "string",
    value: "count",
    sentence: "must have at least {limit}, got {count}",
    holes: (limit: number, came) => ({ limit: counted(limit, "character"), count: came.count }),
  },
  maxLength: {
    target: "string",
    value: "count",
    sentence: "must have at most {limit}, got {count}",
    holes: (limit: number, came) => ({ limit: counted(limit, "character"), count: came.count }),
  },
  pattern: {
    target: "string",
    value: "string",
    sentence: "must match {pattern}, got {shown}",
    holes: (pattern: string, came) => ({ pattern, shown: came.shown }),
  },
  format: {
    target: "string",
    value: "string",
    sentence: "must be a valid {format}, got {shown}",
    holes: (format: string, came) => ({ format, shown: came.shown }),
  },
  minItems: {
    target: "array",
    value: "count",
    sentence: "must have at least {limit}, got {count}",
    holes: (limit: number, came) => ({ limit: counted(limit, "item"), count: came.count }),
  },
  maxItems: {
    target: "array",
    value: "count",
    sentence: "must have at most {limit}, got {count}",
    holes: (limit: number, came) => ({ limit: counted(limit, "item"), count: came.count }),
  },
  // Compared only once the items are known to be sound JSON, after the counts: each back-end's array code does so.
  uniqueItems: { target: "array", value: "true", sentence: "must not repeat items: items {first} and {second} are equal" },
} satisfies Record<string, Rule<never>>;

export type RuleName = keyof typeof RULES;

type ValueOf<K> = K extends "count" | "number" | "positive" ? number : K extends "string" ? string : boolean;

/** A node's validation keywords, by their JSON Schema names, each with its value. */
export type Rules = { readonly [K in RuleName]?: ValueOf<(typeof RULES)[K]["value"]> };

/** The keywords that constrain one kind of value, in the order its issues are reported. */
export const rulesFor = (target: Rule<unknown>["target"]): RuleName[] => (Object.keys(RULES) as RuleName[]).filter((name) => RULES[name].target === target);

/** A keyword's issue, worded (the interpreter's, and the words the transformer writes around what came). */
export const sayKeyword = (name: RuleName, holes: Readonly<Record<string, unknown>>): string => fillText(RULES[name].sentence, holes);
