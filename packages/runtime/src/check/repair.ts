import type { Plan } from "../plan";
import type { Coerced } from "./coerce";
import { fullCheck, type CheckOptions, type Checked, type Made } from "./checkArgs";
import { FAIL } from "./context";

/** A repair pass as the transformer generates it: the wire value repaired (a copy), and what was. */
export type RepairPass = (value: unknown) => { value: unknown; coerced: Coerced[] };

/**
 * What a plan built with `coerce` adds to checkArgs, bound once to the plan: the arguments repaired,
 * when a repair was made and the repaired value passes the whole check (the happy path, and the full
 * check where unknown keys are refused); undefined otherwise, and the arguments as sent are reported.
 * Here, and named by the generated code, so that a check built without `coerce` bundles none of it.
 */
export const repairing =
  (pass: RepairPass) =>
  (plan: Plan, made: Made) =>
  (args: unknown, options: CheckOptions | undefined): Checked | undefined => {
    let fixed;
    try {
      fixed = pass(args);
    } catch {
      // Only a getter or a proxy throws, and the full check says so of the arguments as sent.
      return undefined;
    }
    if (fixed.coerced.length === 0) return undefined;
    const mapped = made.map(fixed.value);
    if (mapped === FAIL) return undefined;
    const checked = fullCheck(plan, made, fixed.value, mapped, options);
    return "issues" in checked ? undefined : { value: checked.value, coerced: fixed.coerced };
  };
