import { RULES, fail, fill, length, rulesFor, show, type Came, type Context, type RuleName, type Rules } from "@schemaof/runtime/interpret";

type Target = "string" | "number" | "array";

/** What a sentence reads off the value that came, per kind. */
const reading = {
  string: (value: unknown): Came<unknown> => ({ count: length(value as string), shown: show(value), value }),
  number: (value: unknown): Came<unknown> => ({ count: value, shown: show(value), value }),
  array: (value: unknown): Came<unknown> => ({ count: (value as unknown[]).length, shown: show(value), value }),
};

/**
 * A value's rules, in the keyword table's order: every broken one is its own issue. True when none
 * is broken. (`uniqueItems`, which needs sound items first, is the array check's.)
 */
export function interpretRules(target: Target, rules: Rules | undefined, value: unknown, ctx: Context): boolean {
  if (!rules) return true;
  let ok = true;
  let came: Came<unknown> | undefined;
  for (const keyword of rulesFor(target) as RuleName[]) {
    const limit = rules[keyword];
    const rule = RULES[keyword] as {
      breaks?: (value: unknown, limit: unknown) => boolean;
      holes?: (limit: unknown, came: Came<unknown>) => Record<string, unknown>;
      sentence: Parameters<typeof fill>[0];
    };
    if (limit === undefined || !rule.breaks || !rule.holes || !rule.breaks(value, limit)) continue;
    came ??= reading[target](value);
    fail(ctx, keyword, fill(rule.sentence, rule.holes(limit, came)));
    ok = false;
  }
  return ok;
}
