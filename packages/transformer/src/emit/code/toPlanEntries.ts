import type { PlanData } from "../plan/toPlan";
import { toCheckSource } from "./toCheckSource";
import { toCoerceSource } from "./toCoerceSource";
import type { CoerceRule } from "@schemaof/runtime/helpers";
import type { GeneratedSource } from "./generatedCode";

/**
 * The constant hoisted beside a mapArgs/validateArgs call, as its entries of source text:
 * `{"~plan":1,check:()=>(…)({f:__schemaof.f,…}),call:"positional",names:["isbn","days"]}`.
 * `check` builds the check specialised to the type, once: it reports every issue and maps the
 * arguments in one pass. (The host adds `cls: () => Loan` when mapArgs<T> returns a class instance.)
 *
 * `helpers` names the module's namespace import of `@schemaof/runtime/helpers`. Each function gets an
 * object of just the helpers its code calls, each read off the namespace by name, so a bundler
 * keeps those and drops the rest of the runtime's helpers.
 *
 * `coerce`, the repair pass, is written only when rules are asked for: a check without them carries
 * not a byte of it.
 */
export function toPlanEntries(
  plan: PlanData,
  call: "positional" | "single" | undefined,
  helpers: string,
  coerce: readonly CoerceRule[] = [],
): [string, string][] {
  const entries: [string, string][] = [
    ["~plan", "1"],
    ["check", bind(toCheckSource(plan), helpers)],
  ];
  // `fix(()=>…)`: the runtime's re-check around the repair pass, which is built at its first use.
  if (coerce.length) entries.push(["coerce", `${helpers}.fix(${bind(toCoerceSource(plan, coerce), helpers)})`]);
  if (call) entries.push(["call", JSON.stringify(call)]);
  if (plan.names) entries.push(["names", JSON.stringify(plan.names)]);
  return entries;
}

/** `(h)=>…` called with the helpers it uses: `()=>((h)=>…)({f:ns.f,len:ns.len})`. */
function bind({ source, helpers: used }: GeneratedSource, helpers: string): string {
  return `()=>(${source})({${used.map((name) => `${name}:${helpers}.${name}`).join(",")}})`;
}
