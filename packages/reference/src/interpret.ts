import { FAIL, contextFor, finish, unreadable, type CheckOptions, type Issue, type Plan } from "@schemaof/runtime/interpret";
import { checkNode } from "./checkNode";

/**
 * The plan interpreter: the reference the generated checks are compared with (the differential
 * tests, and the JSON-Schema-Test-Suite through both). It lives apart from the runtime, which ships
 * only what a user's code runs: its checks are generated at build time. It words issues with the
 * runtime's own sentences and answers as `validateArgs` does; each kind's check is the kind's module
 * in the transformer (`@schemaof/transformer/kinds`), beside the code generated for it.
 */
export function interpretArgs(plan: Plan, args: unknown, options?: CheckOptions): { value: unknown } | { issues: Issue[] } {
  const ctx = contextFor(plan, options, []);
  let mapped;
  try {
    mapped = plan.root ? checkNode(plan.root, args, ctx) : FAIL;
  } catch (error) {
    return unreadable(error);
  }
  if (mapped === FAIL || ctx.issues.length) return { issues: ctx.issues };
  return { value: finish(plan, mapped) };
}
