import { RULES, rulesFor, type Came, type CodeTools, type Rules } from "@schemaof/runtime/helpers";
import { sentence, type Message, type RunTime } from "./messageSource";
import { _, fromTable, type Code } from "./code";
import type { GeneratedCode } from "./generatedCode";

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

type AnyRule = {
  readonly code?: (v: string, limit: unknown, tools: CodeTools) => string;
  readonly holes?: (limit: unknown, came: Came<RunTime>) => Readonly<Record<string, RunTime | string | number>>;
  readonly sentence: Parameters<typeof sentence>[0];
};

/**
 * The tests of a value's rules, in the keyword table's order, shared by the full check (which
 * reports each broken one) and the happy path (which needs none broken), written in the caller's
 * generated code (its compiled patterns, its helpers). `uniqueItems`, which needs sound items
 * first, is the caller's.
 */
export function ruleTests(target: keyof typeof reading, rules: Rules, v: Code, gen: GeneratedCode): RuleTest[] {
  // The table's templates take text: the value's code and names from the generated code.
  const tools: CodeTools = { regex: (pattern) => gen.regex(pattern).text, h: (name) => gen.h(name).text };
  const came = reading[target](v);
  const tests: RuleTest[] = [];
  for (const keyword of rulesFor(target)) {
    const limit = rules[keyword];
    const rule = RULES[keyword] as AnyRule;
    if (limit === undefined || !rule.code || !rule.holes) continue;
    tests.push({ keyword, broken: fromTable(rule.code(v.text, limit, tools)), message: sentence(rule.sentence, rule.holes(limit, came)) });
  }
  return tests;
}
