import type { Issue } from "../issues";
import type { Plan } from "../plan";
import type { Coerced } from "./coerce";
import { NO_PATH, showString, type Context } from "./context";

/** A plan's generated check, made once (it binds the helpers it calls): every issue into the context, and the mapped value. */
export type Made = (value: unknown, ctx: Context) => unknown;
const MADE = Symbol("schemaof.made");
type WithMade = Plan & { [MADE]?: Made };

/**
 * Kept on the plan, a module-level constant, under a symbol: one plain assignment, which leaves the
 * object's fast properties alone (Object.defineProperty sent it to a slow dictionary lookup). A copy
 * of the plan (`{ ...plan, call: undefined }`) carries it along, so it holds only what every copy
 * shares: what the value becomes for the caller is read off the plan at each call.
 */
export function madeOf(plan: WithMade): Made {
  let made = plan[MADE];
  if (!made) {
    if (!plan.check) throw new Error("schemaof: this plan has no generated check; build with the @schemaof/transformer of @schemaof/runtime's version.");
    made = plan.check();
    plan[MADE] = made;
  }
  return made;
}

export interface CheckOptions {
  /** How many issues to report at most (100). */
  readonly maxIssues?: number;
  /**
   * `"reject"`: keys the type does not declare are issues; `"drop"`: they are left out. By default,
   * the project's choice (the plugin entry), else dropped; a tool refuses them unless told otherwise.
   */
  readonly unknownKeys?: "drop" | "reject";
}

/**
 * Checks arguments against a plan and maps them: the value for the tool (a new value, the input is
 * never changed), or every issue found, in document order, up to the cap. One pass of the generated
 * check does both: it builds the result as it goes, which is dropped when it reported an issue.
 */
export function checkArgs(plan: Plan, args: unknown, options?: CheckOptions, verdict?: true): Checked {
  const made = (plan as WithMade)[MADE] ?? madeOf(plan);
  // Only whether the arguments pass (a repair's question): one issue says no, and the check's loops
  // end there, where every issue of a long list would be worded for nothing.
  const ctx = contextFor(plan, options, NO_PATH, verdict);
  let mapped;
  try {
    mapped = made(args, ctx);
  } catch (error) {
    return unreadable(error);
  }
  return ctx.issues.length ? { issues: ctx.issues } : { value: finish(plan, mapped) };
}

/**
 * checkArgs, or a plan's repairing check when it was built with `coerce` (check/repair.ts): for what
 * takes plans of both kinds, a tool and a Standard Schema. A validator's call is emitted naming the
 * one it needs (`validateRepairing` for a check with `coerce`), so one without bundles none of this.
 */
export function checkEither(plan: Plan, args: unknown, options?: CheckOptions): Checked {
  return (plan.coerce ?? checkArgs)(plan, args, options);
}

export type Checked = { value: unknown; coerced?: Coerced[] } | { issues: Issue[] };

/**
 * What reading the arguments threw: only a getter or a proxy can (JSON has neither), and the
 * caller gets one issue (`the arguments could not be read: "boom"`), never the exception.
 */
export function unreadable(error: unknown): { issues: Issue[] } {
  let shown = "it threw";
  try {
    shown = showString(String(error instanceof Error ? error.message : error));
  } catch {
    // What was thrown cannot even be shown (a proxy, a throwing toString): said in general terms.
  }
  return { issues: [{ path: [], pointer: "", keyword: "type", message: `the arguments could not be read: ${shown}` }] };
}

export function contextFor(plan: Plan, options: CheckOptions | undefined, path: (string | number)[], verdict = false): Context {
  return {
    issues: [],
    max: verdict ? 1 : options?.maxIssues === undefined ? 100 : Math.max(1, options.maxIssues),
    path,
    defs: plan.defs,
    reject: (options?.unknownKeys ?? plan.unknownKeys) === "reject",
    depth: 0,
  };
}

/** What the mapped value becomes for the caller: itself, a class instance, or the argument tuple. */
export function finish(plan: Plan, mapped: unknown): unknown {
  if (!plan.cls && !plan.call) return mapped;
  let value = mapped;
  if (plan.cls && typeof value === "object" && value !== null) {
    // An instance of the class, its fields set from the arguments; its constructor does not run.
    value = Object.assign(Object.create(plan.cls().prototype), value);
  }
  if (plan.call === "positional") {
    const record = value as Record<string, unknown>;
    return (plan.names ?? []).map((name) => record[name]);
  }
  return plan.call === "single" ? [value] : value;
}
