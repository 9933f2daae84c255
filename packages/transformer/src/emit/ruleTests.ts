import { formatHelper, sayCode } from "./messageSource";

import type { Rules } from "@schemaof/runtime/helpers";

/** One keyword of a value's rules, as code: `broken` is true when the value breaks it. */
export interface RuleTest {
  readonly keyword: string;
  readonly broken: string;
  /** The message, as an expression (see messageSource). */
  readonly message: string;
}

/**
 * The tests of a string's rules, shared by the full check (which reports each broken one) and the
 * happy path (which needs none broken). `regex` names the compiled pattern in the caller's setup.
 */
export function stringTests(rules: Rules, v: string, regex: (pattern: string) => string): RuleTest[] {
  const tests: RuleTest[] = [];
  // Code points lie between half the UTF-16 length and the length itself: count them only when
  // the length alone cannot decide.
  if (rules.minLength !== undefined) {
    tests.push({
      keyword: "minLength",
      broken: `${v}.length<${2 * rules.minLength}&&h.len(${v})<${rules.minLength}`,
      message: sayCode.minLength(rules.minLength, `h.len(${v})`),
    });
  }
  if (rules.maxLength !== undefined) {
    tests.push({
      keyword: "maxLength",
      broken: `${v}.length>${rules.maxLength}&&h.len(${v})>${rules.maxLength}`,
      message: sayCode.maxLength(rules.maxLength, `h.len(${v})`),
    });
  }
  if (rules.pattern !== undefined)
    tests.push({ keyword: "pattern", broken: `!${regex(rules.pattern)}.test(${v})`, message: sayCode.pattern(rules.pattern, v) });
  if (rules.format !== undefined) tests.push({ keyword: "format", broken: `!${formatHelper(rules.format)}(${v})`, message: sayCode.format(rules.format, v) });
  return tests;
}

type NumberKeyword = "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" | "multipleOf";

/** The tests of a number's bounds. */
export function numberTests(rules: Rules, v: string): RuleTest[] {
  const bounds: [NumberKeyword, string][] = [
    ["minimum", `${v}<${rules.minimum}`],
    ["maximum", `${v}>${rules.maximum}`],
    ["exclusiveMinimum", `${v}<=${rules.exclusiveMinimum}`],
    ["exclusiveMaximum", `${v}>=${rules.exclusiveMaximum}`],
    ["multipleOf", `!h.mul(${v},${rules.multipleOf})`],
  ];
  return bounds
    .filter(([keyword]) => rules[keyword] !== undefined)
    .map(([keyword, broken]) => ({ keyword, broken, message: sayCode[keyword](rules[keyword]!, v) }));
}

/** The tests of an array's item count; `uniqueItems`, which needs sound items first, is the caller's. */
export function countTests(rules: Rules, v: string): RuleTest[] {
  const tests: RuleTest[] = [];
  if (rules.minItems !== undefined)
    tests.push({ keyword: "minItems", broken: `${v}.length<${rules.minItems}`, message: sayCode.minItems(rules.minItems, `${v}.length`) });
  if (rules.maxItems !== undefined)
    tests.push({ keyword: "maxItems", broken: `${v}.length>${rules.maxItems}`, message: sayCode.maxItems(rules.maxItems, `${v}.length`) });
  return tests;
}
