import type { Plan } from "../plan";
import type { Coerced } from "./coerce";
import { fullCheck, type CheckOptions, type Checked, type Made } from "./checkArgs";
import { FAIL } from "./context";

/** A repair pass as the transformer generates it: the wire value repaired (a copy), and what was. */
export type RepairPass = (value: unknown) => { value: unknown; coerced: Coerced[] };

/**
 * The full check of a plan built with `coerce`: `make` builds the repair pass, once, at the first
 * call that needs it. When the happy path said no, the arguments come back repaired if a repair was
 * made and the repaired value passes the whole check (the happy path, and the full check where
 * unknown keys are refused); otherwise, and when the happy path took them (unknown keys refused),
 * the full check of the arguments as sent. Here, and named by the generated code, so that a check
 * built without `coerce` bundles none of it.
 */
export function repairing(make: () => RepairPass) {
  let pass: RepairPass | undefined;
  const repair = (plan: Plan, made: Made, args: unknown, options: CheckOptions | undefined): Checked | undefined => {
    let fixed;
    try {
      fixed = (pass ??= make())(args);
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
  return (plan: Plan, made: Made, args: unknown, mapped: unknown, options: CheckOptions | undefined): Checked =>
    (mapped === FAIL && repair(plan, made, args, options)) || fullCheck(plan, made, args, mapped, options);
}
