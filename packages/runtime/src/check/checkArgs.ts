import type { Issue } from "../issues";
import type { Plan } from "../plan";
import { FAIL, type Context } from "./context";
import { helpers } from "./helpers";

/** What checks a value against a plan: the generated code, or (for tests) the plan interpreter. */
export type Runner = (plan: Plan, value: unknown, ctx: Context) => unknown;

const MADE = Symbol("schemaof.check");
const FAST = Symbol("schemaof.fast");
type Made = Plan & { [MADE]?: (value: unknown, ctx: Context) => unknown; [FAST]?: ((value: unknown) => boolean) | null };

/** The generated check of a plan, made once per plan with the helpers it calls, kept on the plan. */
const runGenerated: Runner = (plan: Made, value, ctx) => {
  let check = plan[MADE];
  if (!check) {
    if (!plan.make) throw new Error("This plan carries no generated check: rebuild with the @schemaof/transformer of the same version as @schemaof/runtime.");
    check = plan.make(helpers);
    Object.defineProperty(plan, MADE, { value: check });
  }
  return check(value, ctx);
};

/** The plan's fast path (arguments that are already right), made once; null when it has none. */
function fastOf(plan: Made): ((value: unknown) => boolean) | null {
  let fast = plan[FAST];
  if (fast === undefined) {
    fast = plan.fast ? plan.fast(helpers) : null;
    Object.defineProperty(plan, FAST, { value: fast });
  }
  return fast;
}

export interface CheckOptions {
  /** How many issues to report at most (100). */
  readonly maxIssues?: number;
  /** `"reject"`: keys the type does not declare are issues; by default they are dropped. */
  readonly unknownKeys?: "drop" | "reject";
}

/**
 * Checks arguments against a plan and maps them: the value for the tool (a new value, the input is
 * never changed), or every issue found, in document order, up to the cap.
 */
export function checkArgs(plan: Plan, args: unknown, options?: CheckOptions, run: Runner = runGenerated): { value: unknown } | { issues: Issue[] } {
  let mapped: unknown;
  // Valid arguments that map to themselves are returned as they came: nothing to copy or report.
  if (run === runGenerated && fastOf(plan)?.(args)) mapped = args;
  else {
    const ctx: Context = {
      issues: [],
      max: options?.maxIssues === undefined ? 100 : Math.max(1, options.maxIssues),
      path: [],
      defs: plan.defs,
      reject: options?.unknownKeys === "reject",
      depth: 0,
    };
    mapped = run(plan, args, ctx);
    if (mapped === FAIL || ctx.issues.length) return { issues: ctx.issues };
  }
  let value: unknown = mapped;
  if (plan.cls && typeof value === "object" && value !== null) {
    // An instance of the class, its fields set from the arguments; its constructor does not run.
    value = Object.assign(Object.create(plan.cls().prototype), value);
  }
  if (plan.call === "positional") {
    const record = value as Record<string, unknown>;
    const names = plan.names ?? (plan.root?.t === "object" ? plan.root.p.map((property) => property.as ?? property.k) : []);
    value = names.map((name) => record[name]);
  } else if (plan.call === "single") value = [value];
  return { value };
}
