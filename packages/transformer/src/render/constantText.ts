import type { Constant } from "../rewrite/Rewrite";
import { propertyName } from "../print/toSource";

/** Where the generated checks find the runtime's helpers. */
export const HELPERS_MODULE = "@schemaof/runtime/helpers";

/**
 * A constant's source text, for every host alike: a schema is its literal, a plan the object of its
 * entries, compact (`{"~plan":1,make:…,map:…}`). A plan with a class reference is the exception the
 * host prints itself (`{ "~plan": 1, …, cls: () => Loan }`), since only it knows how the reference is emitted.
 */
export function constantText(constant: Constant, classRef?: string): string {
  if (constant.kind === "schema") return constant.entries[0][1];
  if (classRef === undefined) return `{${constant.entries.map(([key, text]) => `${propertyName(key!)}:${text}`).join(",")}}`;
  return `{ ${[...constant.entries.map(([key, text]) => `${propertyName(key!)}: ${text}`), `cls: () => ${classRef}`].join(", ")} }`;
}
