/**
 * Each validation keyword's test, beside each other (what a keyword is, its target, value and
 * sentence, is the runtime's keyword table): as the code the generated checks inline, built with
 * the `_` tag, and as the function the interpreter and the build (a default, a literal under a
 * constraint) call. The differential tests hold the two equal. `uniqueItems`, which needs sound
 * items first, is each back-end's array code's.
 */
import { RULES, compiled, fail, formatOf, isMultiple, length, rulesFor, sayKeyword, show } from "@schemaof/runtime/interpret";
import type { Came, Context, RuleName, Rules } from "@schemaof/runtime/interpret";
import { _, type Code } from "../code/code";
import { keywordSentence, type Message, type RunTime } from "../code/messageSource";
import type { GeneratedCode } from "../code/generatedCode";

interface KeywordCode<V, T> {
  /** Code, true when `v` breaks it; `gen` names a pattern compiled once in the setup, or a runtime helper (then bound). */
  readonly test: (v: Code, limit: V, gen: GeneratedCode) => Code;
  /** Whether a value breaks it. */
  readonly breaks: (value: T, limit: V) => boolean;
  /**
   * Whether every value that meets `narrow`'s keywords meets this one at `limit` (a schema's
   * keywords, this one absent or not): what tells a tool set's breaking change from a compatible one.
   */
  readonly within: (narrow: Narrow, limit: V) => boolean;
}

/** The keywords of the schema a value already meets. */
type Narrow = { readonly [keyword: string]: unknown };
const num = (narrow: Narrow, keyword: string) => (typeof narrow[keyword] === "number" ? (narrow[keyword] as number) : undefined);
/** Meets `>= limit` (or `> limit`, `strict`): by its own `minimum`, or its `exclusiveMinimum`. */
const atLeast = (n: Narrow, limit: number, strict: boolean) => {
  const minimum = num(n, "minimum") ?? -Infinity;
  return (strict ? minimum > limit : minimum >= limit) || (num(n, "exclusiveMinimum") ?? -Infinity) >= limit;
};
/** Meets `<= limit` (or `< limit`, `strict`): by its own `maximum`, or its `exclusiveMaximum`. */
const atMost = (n: Narrow, limit: number, strict: boolean) => {
  const maximum = num(n, "maximum") ?? Infinity;
  return (strict ? maximum < limit : maximum <= limit) || (num(n, "exclusiveMaximum") ?? Infinity) <= limit;
};

export const KEYWORD_CODE = {
  minimum: {
    test: (v, limit: number) => _`${v}<${limit}`,
    breaks: (value: number, limit: number) => value < limit,
    within: (n, limit: number) => atLeast(n, limit, false),
  },
  maximum: {
    test: (v, limit: number) => _`${v}>${limit}`,
    breaks: (value: number, limit: number) => value > limit,
    within: (n, limit: number) => atMost(n, limit, false),
  },
  exclusiveMinimum: {
    test: (v, limit: number) => _`${v}<=${limit}`,
    breaks: (value: number, limit: number) => value <= limit,
    within: (n, limit: number) => atLeast(n, limit, true),
  },
  exclusiveMaximum: {
    test: (v, limit: number) => _`${v}>=${limit}`,
    breaks: (value: number, limit: number) => value >= limit,
    within: (n, limit: number) => atMost(n, limit, true),
  },
  multipleOf: {
    test: (v, limit: number, gen) => _`!${gen.h("mul")}(${v},${limit})`,
    breaks: (value: number, limit: number) => !isMultiple(value, limit),
    within: (n, limit: number) => num(n, "multipleOf") !== undefined && isMultiple(num(n, "multipleOf")!, limit),
  },
  // Code points lie between half the UTF-16 length and the length itself: the generated test counts
  // them only when the length alone cannot decide.
  minLength: {
    test: (v, limit: number, gen) => _`${v}.length<${2 * limit}&&${gen.h("len")}(${v})<${limit}`,
    breaks: (value: string, limit: number) => length(value) < limit,
    within: (n, limit: number) => (num(n, "minLength") ?? 0) >= limit,
  },
  maxLength: {
    test: (v, limit: number, gen) => _`${v}.length>${limit}&&${gen.h("len")}(${v})>${limit}`,
    breaks: (value: string, limit: number) => length(value) > limit,
    within: (n, limit: number) => (num(n, "maxLength") ?? Infinity) <= limit,
  },
  pattern: {
    test: (v, pattern: string, gen) => _`!${gen.regex(pattern)}.test(${v})`,
    breaks: (value: string, pattern: string) => !compiled(pattern).test(value),
    // Two patterns cannot be compared: only the same one is known to take the same strings.
    within: (n, pattern: string) => n.pattern === pattern,
  },
  // An unknown format passes, as in JSON Schema (the transformer accepts only the runtime's).
  format: {
    test: (v, format: string, gen) => _`!${gen.h(formatOf(format)?.helper ?? format)}(${v})`,
    breaks: (value: string, format: string) => !(formatOf(format)?.check(value) ?? true),
    within: (n, format: string) => n.format === format,
  },
  minItems: {
    test: (v, limit: number) => _`${v}.length<${limit}`,
    breaks: (value: readonly unknown[], limit: number) => value.length < limit,
    within: (n, limit: number) => (num(n, "minItems") ?? 0) >= limit,
  },
  maxItems: {
    test: (v, limit: number) => _`${v}.length>${limit}`,
    breaks: (value: readonly unknown[], limit: number) => value.length > limit,
    within: (n, limit: number) => (num(n, "maxItems") ?? Infinity) <= limit,
  },
} satisfies Record<Exclude<RuleName, "uniqueItems">, KeywordCode<never, never>>;

type Target = "string" | "number" | "array";
type AnyCode = KeywordCode<unknown, unknown>;
const codeOf = (keyword: RuleName): AnyCode | undefined => (KEYWORD_CODE as Partial<Record<RuleName, AnyCode>>)[keyword];
const holesOf = (keyword: RuleName) =>
  (RULES[keyword] as { readonly holes?: (limit: unknown, came: Came<unknown>) => Readonly<Record<string, unknown>> }).holes;

/** One keyword of a value's rules, as code: `broken` is true when the value breaks it. */
export interface RuleTest {
  readonly keyword: string;
  readonly broken: Code;
  /** The message (see messageSource). */
  readonly message: Message;
}

/** How a generated test reads what came, per kind of value (`v` known to be of that kind). */
const reading = {
  string: (v: Code): Came<RunTime> => ({ count: { call: "len", arg: v }, shown: { call: "q", arg: v }, value: { code: v } }),
  number: (v: Code): Came<RunTime> => ({ count: { code: v }, shown: { code: v }, value: { code: v } }),
  array: (v: Code): Came<RunTime> => ({ count: { code: _`${v}.length` }, shown: { code: v }, value: { code: v } }),
};

/**
 * The tests of a value's rules, in the keyword table's order, shared by the full check (which
 * reports each broken one) and the happy path (which needs none broken), written in the caller's
 * generated code (its compiled patterns, its helpers).
 */
export function ruleTests(target: Target, rules: Rules, v: Code, gen: GeneratedCode): RuleTest[] {
  const came = reading[target](v);
  const tests: RuleTest[] = [];
  for (const keyword of rulesFor(target)) {
    const limit = rules[keyword];
    const code = codeOf(keyword);
    const holes = holesOf(keyword);
    if (limit === undefined || !code || !holes) continue;
    tests.push({
      keyword,
      broken: code.test(v, limit, gen),
      message: keywordSentence(keyword, holes(limit, came) as Record<string, RunTime | string | number>),
    });
  }
  return tests;
}

/** Whether `value` breaks `keyword` at `limit` (false for a keyword whose test is its array code's). */
export const breaks = (keyword: RuleName, value: unknown, limit: unknown): boolean => codeOf(keyword)?.breaks(value, limit) ?? false;

/** Whether every value meeting `narrow`'s keywords meets `keyword` at `limit`; one with no entry (`uniqueItems`) only when it is the same. */
export const within = (keyword: RuleName, narrow: Narrow, limit: unknown): boolean =>
  codeOf(keyword)?.within(narrow, limit as never) ?? narrow[keyword] === limit;

/** What a sentence reads off the value that came, per kind, in the interpreter. */
const came = {
  string: (value: unknown): Came<unknown> => ({ count: length(value as string), shown: show(value), value }),
  number: (value: unknown): Came<unknown> => ({ count: value, shown: show(value), value }),
  array: (value: unknown): Came<unknown> => ({ count: (value as unknown[]).length, shown: show(value), value }),
};

/** A value's rules in the interpreter, in the keyword table's order: every broken one is its own issue. True when none is. */
export function interpretRules(target: Target, rules: Rules | undefined, value: unknown, ctx: Context): boolean {
  if (!rules) return true;
  let ok = true;
  let read: Came<unknown> | undefined;
  for (const keyword of rulesFor(target)) {
    const limit = rules[keyword];
    const code = codeOf(keyword);
    const holes = holesOf(keyword);
    if (limit === undefined || !code || !holes || !code.breaks(value, limit)) continue;
    read ??= came[target](value);
    fail(ctx, keyword, sayKeyword(keyword, holes(limit, read)));
    ok = false;
  }
  return ok;
}
