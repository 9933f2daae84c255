import type { Plan } from "../plan";
import { ArgumentsError } from "../issues";
import type { Coerced } from "./coerce";
import { checkArgs, checkEither, type CheckOptions, type Checked } from "./checkArgs";

/** A repair pass as the transformer generates it: the wire value repaired (a copy), and what was. */
export type RepairPass = (value: unknown) => { value: unknown; coerced: Coerced[] };

/** The check of a plan built with `coerce`, in place of checkArgs. */
export type RepairingCheck = (plan: Plan, args: unknown, options: CheckOptions | undefined) => Checked;

/**
 * The check of a plan built with `coerce` (its `coerce` entry, `fix(() => pass)`): checkArgs, then,
 * for arguments it refuses, the repair pass (built at its first use) over a copy of them. The
 * repaired arguments are taken only if a repair was made and checkArgs takes them whole; else the
 * issues of the arguments as sent. Here, and named only by generated code and
 * the calls below, so that a check built without `coerce` bundles none of it.
 */
export function repairing(make: () => RepairPass): RepairingCheck {
  let pass: RepairPass | undefined;
  const repair = (plan: Plan, args: unknown, options: CheckOptions | undefined): Checked | undefined => {
    let fixed;
    try {
      fixed = (pass ??= make())(args);
    } catch {
      // Only a getter or a proxy throws, and the full check says so of the arguments as sent.
      return undefined;
    }
    if (fixed.coerced.length === 0) return undefined;
    const checked = checkArgs(plan, fixed.value, options, true);
    return "issues" in checked ? undefined : { value: checked.value, coerced: fixed.coerced };
  };
  // Arguments checkArgs takes are taken as they came; a repair is tried only for those it refuses,
  // whose issues are kept for when no repair saves them. (Asking first only whether they pass, with
  // one issue, then wording them all when no repair does, measured slower on 4 of the bench's 6
  // coerce rows: the check goes through the whole value either way.)
  return (plan, args, options) => {
    const checked = checkArgs(plan, args, options);
    return "issues" in checked ? (repair(plan, args, options) ?? checked) : checked;
  };
}

/**
 * `validateArgs(args, options?, plan)` of a check built with `coerce`: the transformer emits this call
 * in its place, so that validateArgs itself never looks for a repair.
 */
export function validateRepairing(args: unknown, a: unknown, b?: unknown): Checked {
  return b === undefined ? checkEither(a as Plan, args) : checkEither(b as Plan, args, a as CheckOptions | undefined);
}

/** `mapArgs(args, options?, plan)` of a check built with `coerce`: the value, or ArgumentsError with every issue. */
export function mapRepairing(args: unknown, a: unknown, b?: unknown): unknown {
  const checked = validateRepairing(args, a, b);
  if ("issues" in checked) throw new ArgumentsError(checked.issues);
  return checked.value;
}
