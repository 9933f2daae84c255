import type { PlanData } from "../plan/toPlan";
import { toCheckSource } from "./toCheckSource";
import { toMapSource } from "./toMapSource";
import { toCoerceSource } from "./toCoerceSource";
import type { CoerceRule } from "@schemaof/runtime/helpers";
import type { GeneratedSource } from "./generatedCode";

/**
 * The constant hoisted beside a mapArgs/validateArgs call, as its entries of source text:
 * `{"~plan":1,make:()=>(…)({f:__schemaof.f,…}),map:…,call:"positional",names:["isbn","days"]}`.
 * `make` builds the check specialised to the type, once; `map` its happy path, which maps valid
 * arguments in one pass with no issue list and gives up at the first broken rule, for `make` to
 * report. (The host adds `cls: () => Loan` when mapArgs<T> returns a class instance.)
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
    ["make", bind(toCheckSource(plan), helpers)],
    ["map", bind(toMapSource(plan), helpers)],
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
