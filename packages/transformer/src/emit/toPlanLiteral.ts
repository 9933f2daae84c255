import type { JsonObject } from "../model/Json";
import { toCheckSource } from "./toCheckSource";
import { toFastSource } from "./toFastSource";

/**
 * The constant hoisted beside a mapArgs/validateArgs call, as source text:
 * `{"~plan":1,make:(h)=>…,call:"positional",names:["isbn","days"],cls:()=>Loan}`.
 * `make` is the check specialised to the type, built once by the runtime with its helpers; `fast`, when
 * the type allows one, tells arguments that are already right, so they skip the check and the copy; `cls` is
 * a function, so a class declared below the hoisted constant is read only once it exists.
 */
export function toPlanLiteral(plan: JsonObject, call: "positional" | "single" | undefined, className: string | undefined): string {
  const entries = [`"~plan":1`, `make:${toCheckSource(plan)}`];
  const fast = toFastSource(plan);
  if (fast) entries.push(`fast:${fast}`);
  if (call) entries.push(`call:${JSON.stringify(call)}`);
  if (call === "positional") entries.push(`names:${JSON.stringify((plan.root as { p: { k: string }[] }).p.map((p) => p.k))}`);
  if (className) entries.push(`cls:()=>${className}`);
  return `{${entries.join(",")}}`;
}
