import type { Issue } from "../issues";
import type { Plan } from "../plan";
import { FAIL, NO_PATH, type Context } from "./context";

/** What checks a value against a plan: the generated code, or (for tests) the plan interpreter. */
export type Runner = (plan: Plan, value: unknown, ctx: Context) => unknown;

/** A plan's generated functions, made once (each binds the helpers it calls). */
interface Made {
  readonly check: ((value: unknown, ctx: Context) => unknown) | undefined;
  /** The happy path: the mapped value, or FAIL without a word; null when the plan has none. */
  readonly map: ((value: unknown) => unknown) | null;
  /** What the mapped value becomes for the caller (a class instance, the argument tuple); null: itself. */
  readonly finish: ((value: unknown) => unknown) | null;
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
    made = { check: plan.make?.(), map: plan.map?.() ?? null, finish: plan.cls || plan.call ? (value) => finish(plan, value) : null };
    plan[MADE] = made;
  }
  return made;
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
export function checkArgs(plan: Plan, args: unknown, options?: CheckOptions): { value: unknown } | { issues: Issue[] } {
  const made = (plan as WithMade)[MADE] ?? madeOf(plan);
  // Valid arguments are mapped by the happy path alone. The full check runs when it gives up, to
  // report every issue, and always when unknown keys are to be reported (it never looks for them).
  if (made.map !== null && (options === undefined || options.unknownKeys !== "reject")) {
    const mapped = made.map(args);
    if (mapped !== FAIL) return { value: made.finish === null ? mapped : made.finish(mapped) };
  }
  if (!made.check) throw new Error("This plan carries no generated check: rebuild with the @schemaof/transformer of the same version as @schemaof/runtime.");
  return checkWith(plan, args, options, NO_PATH, runGenerated);
}

const runGenerated: Runner = (plan, value, ctx) => (plan as WithMade)[MADE]!.check!(value, ctx);

/** The full check, by `run` (the generated check, or the plan interpreter), from a fresh context. */
export function checkWith(plan: Plan, args: unknown, options: CheckOptions | undefined, path: (string | number)[], run: Runner): { value: unknown } | { issues: Issue[] } {
  const ctx: Context = {
    issues: [],
    max: options?.maxIssues === undefined ? 100 : Math.max(1, options.maxIssues),
    path,
    defs: plan.defs,
    reject: options?.unknownKeys === "reject",
    depth: 0,
  };
  const mapped = run(plan, args, ctx);
  if (mapped === FAIL || ctx.issues.length) return { issues: ctx.issues };
  return { value: finish(plan, mapped) };
}

function finish(plan: Plan, mapped: unknown): unknown {
  let value = mapped;
  if (plan.cls && typeof value === "object" && value !== null) {
    // An instance of the class, its fields set from the arguments; its constructor does not run.
    value = Object.assign(Object.create(plan.cls().prototype), value);
  }
  if (plan.call === "positional") {
    const record = value as Record<string, unknown>;
    const names = plan.names ?? (plan.root?.t === "object" ? plan.root.p.map((property) => property.as ?? property.k) : []);
    return names.map((name) => record[name]);
  }
  return plan.call === "single" ? [value] : value;
}
