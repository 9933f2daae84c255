import { RULES, rulesFor, type Came } from "@schemaof/runtime/helpers";
import type { Rules } from "@schemaof/runtime/helpers";
import { sentenceCode, type RunTime } from "./messageSource";

/** One keyword of a value's rules, as code: `broken` is true when the value breaks it. */
export interface RuleTest {
  readonly keyword: string;
  readonly broken: string;
  /** The message, as an expression (see messageSource). */
  readonly message: string;
}

/** How a generated test reads what came, per kind of value (`v` known to be of that kind). */
const reading = {
  string: (v: string): Came<RunTime> => ({ count: { code: `h.len(${v})` }, shown: { code: `h.q(${v})` }, value: { code: v } }),
  number: (v: string): Came<RunTime> => ({ count: { code: v }, shown: { code: v }, value: { code: v } }),
  array: (v: string): Came<RunTime> => ({ count: { code: `${v}.length` }, shown: { code: v }, value: { code: v } }),
};

/**
 * The tests of a value's rules, in the keyword table's order, shared by the full check (which
 * reports each broken one) and the happy path (which needs none broken). `regex` names a compiled
 * pattern in the caller's setup. `uniqueItems`, which needs sound items first, is the caller's.
 */
export function ruleTests(target: keyof typeof reading, rules: Rules, v: string, regex: (pattern: string) => string = (p) => p): RuleTest[] {
  const came = reading[target](v);
  const tests: RuleTest[] = [];
  for (const keyword of rulesFor(target)) {
    const limit = rules[keyword];
    const rule = RULES[keyword] as {
      code?: (v: string, limit: unknown, regex: (pattern: string) => string) => string;
      holes?: (limit: unknown, came: Came<RunTime>) => Readonly<Record<string, RunTime | string | number>>;
      sentence: Parameters<typeof sentenceCode>[0];
    };
    if (limit === undefined || !rule.code || !rule.holes) continue;
    tests.push({ keyword, broken: rule.code(v, limit, regex), message: sentenceCode(rule.sentence, rule.holes(limit, came)) });
  }
  return tests;
}
