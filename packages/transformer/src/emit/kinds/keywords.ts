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
}

export const KEYWORD_CODE = {
  minimum: { test: (v, limit: number) => _`${v}<${limit}`, breaks: (value: number, limit: number) => value < limit },
  maximum: { test: (v, limit: number) => _`${v}>${limit}`, breaks: (value: number, limit: number) => value > limit },
  exclusiveMinimum: { test: (v, limit: number) => _`${v}<=${limit}`, breaks: (value: number, limit: number) => value <= limit },
  exclusiveMaximum: { test: (v, limit: number) => _`${v}>=${limit}`, breaks: (value: number, limit: number) => value >= limit },
  multipleOf: { test: (v, limit: number, gen) => _`!${gen.h("mul")}(${v},${limit})`, breaks: (value: number, limit: number) => !isMultiple(value, limit) },
  // Code points lie between half the UTF-16 length and the length itself: the generated test counts
  // them only when the length alone cannot decide.
  minLength: {
    test: (v, limit: number, gen) => _`${v}.length<${2 * limit}&&${gen.h("len")}(${v})<${limit}`,
    breaks: (value: string, limit: number) => length(value) < limit,
  },
  maxLength: {
    test: (v, limit: number, gen) => _`${v}.length>${limit}&&${gen.h("len")}(${v})>${limit}`,
    breaks: (value: string, limit: number) => length(value) > limit,
  },
  pattern: {
    test: (v, pattern: string, gen) => _`!${gen.regex(pattern)}.test(${v})`,
    breaks: (value: string, pattern: string) => !compiled(pattern).test(value),
  },
  // An unknown format passes, as in JSON Schema (the transformer accepts only the runtime's).
  format: {
    test: (v, format: string, gen) => _`!${gen.h(formatOf(format)?.helper ?? format)}(${v})`,
    breaks: (value: string, format: string) => !(formatOf(format)?.check(value) ?? true),
  },
  minItems: { test: (v, limit: number) => _`${v}.length<${limit}`, breaks: (value: readonly unknown[], limit: number) => value.length < limit },
  maxItems: { test: (v, limit: number) => _`${v}.length>${limit}`, breaks: (value: readonly unknown[], limit: number) => value.length > limit },
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
