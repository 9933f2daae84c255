import type { Issue } from "../issues";
import type { Plan } from "../plan";
import type { Coerced } from "./coerce";
import { FAIL, NO_PATH, showString, type Context } from "./context";

/** A plan's generated functions, made once (each binds the helpers it calls). */
export interface Made {
  /** The full check: reports every issue into the context. */
  readonly check: (value: unknown, ctx: Context) => void;
  /** The happy path: the mapped value, or FAIL without a word. */
  readonly map: (value: unknown) => unknown;
}
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
    if (!plan.make || !plan.map)
      throw new Error("schemaof: this plan has no generated check; build with the @schemaof/transformer of @schemaof/runtime's version.");
    made = { check: plan.make(), map: plan.map() };
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
 * never changed), or every issue found, in document order, up to the cap.
 */
export function checkArgs(plan: Plan, args: unknown, options?: CheckOptions): Checked {
  // Valid arguments are mapped by the happy path alone: one call and the result object, nothing else.
  const made = (plan as WithMade)[MADE] ?? madeOf(plan);
  let mapped;
  try {
    mapped = made.map(args);
  } catch (error) {
    return unreadable(error);
  }
  if (mapped !== FAIL && (options?.unknownKeys ?? plan.unknownKeys) !== "reject") return { value: finish(plan, mapped) };
  return fullCheck(plan, made, args, mapped, options);
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

/**
 * The full check, when the happy path gave up, to report every issue; and for unknown keys to be
 * reported, which the happy path drops without a look.
 */
export function fullCheck(plan: Plan, made: Made, args: unknown, mapped: unknown, options: CheckOptions | undefined): Checked {
  const ctx = contextFor(plan, options, NO_PATH);
  try {
    made.check(args, ctx);
  } catch (error) {
    return unreadable(error);
  }
  if (ctx.issues.length) return { issues: ctx.issues };
  if (mapped !== FAIL) return { value: finish(plan, mapped) };
  // Unreachable while the two agree, which the differential tests hold them to; said as an issue, not thrown.
  return { issues: [{ path: [], pointer: "", keyword: "type", message: "the arguments could not be mapped" }] };
}

export function contextFor(plan: Plan, options: CheckOptions | undefined, path: (string | number)[]): Context {
  return {
    issues: [],
    max: options?.maxIssues === undefined ? 100 : Math.max(1, options.maxIssues),
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
