import type { Issue } from "../issues";
import type { Plan } from "../plan";
import { FAIL, NO_PATH, type Context } from "./context";

/** What checks a value against a plan: the generated code, or (for tests) the plan interpreter. */
export type Runner = (plan: Plan, value: unknown, ctx: Context) => unknown;

/** A plan's generated functions, made once (each binds the helpers it calls). */
interface Made {
  readonly check: ((value: unknown, ctx: Context) => unknown) | undefined;
  /** Arguments that are already right; null when the plan has no fast path. */
  readonly fast: ((value: unknown) => boolean) | null;
}
const MADE = Symbol("schemaof.made");
type WithMade = Plan & { [MADE]?: Made };

/**
 * Kept on the plan, a module-level constant, under a symbol: one plain assignment, which leaves the
 * object's fast properties alone (Object.defineProperty sent it to a slow dictionary lookup).
 */
function madeOf(plan: WithMade): Made {
  let made = plan[MADE];
  if (!made) {
    made = { check: plan.make?.(), fast: plan.fast?.() ?? null };
    plan[MADE] = made;
  }
  return made;
}

/** The generated check of a plan. */
const runGenerated: Runner = (plan, value, ctx) => {
  const { check } = madeOf(plan);
  if (!check) throw new Error("This plan carries no generated check: rebuild with the @schemaof/transformer of the same version as @schemaof/runtime.");
  return check(value, ctx);
};

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
  if (run === runGenerated && madeOf(plan).fast?.(args)) mapped = args;
  else {
    const ctx: Context = {
      issues: [],
      max: options?.maxIssues === undefined ? 100 : Math.max(1, options.maxIssues),
      path: run === runGenerated ? NO_PATH : [],
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
