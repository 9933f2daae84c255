import type { Plan } from "../plan";
import { checkWith, type CheckOptions } from "./checkArgs";
import { checkNode } from "./checkNode";
import { FAIL } from "./context";

/**
 * The plan interpreter: the reference the generated checks are compared with (the
 * JSON-Schema-Test-Suite runs through both). Not reached from the package's entry point, so a
 * bundle of an app that validates arguments does not carry it.
 */
export function interpretArgs(plan: Plan, args: unknown, options?: CheckOptions) {
  return checkWith(plan, args, options, (p, value, ctx) => (p.root ? checkNode(p.root, value, ctx) : FAIL));
}
