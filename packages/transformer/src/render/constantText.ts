import type { Constant } from "../rewrite/Rewrite";
import { propertyName } from "../print/toSource";

/** Where the generated checks find the runtime's helpers. */
export const HELPERS_MODULE = "@schemaof/runtime/helpers";

/**
 * A constant's source text, for every host alike: a schema is its literal, a plan the object of its
 * entries, compact (`{"~plan":1,check:…}`). A plan with a class reference is the exception the
 * host prints itself (`{ "~plan": 1, …, cls: () => Loan }`), since only it knows how the reference is emitted.
 */
export function constantText(constant: Constant, classRef?: string, commonJs?: string): string {
  if (constant.kind === "schema") return constant.entries[0][1];
  const entries = commonJs === undefined ? constant.entries : constant.entries.map(([key, text]) => [key, boundToAll(key, text, commonJs)] as const);
  if (classRef === undefined) return `{${entries.map(([key, text]) => `${propertyName(key!)}:${text}`).join(",")}}`;
  return `{ ${[...entries.map(([key, text]) => `${propertyName(key!)}: ${text}`), `cls: () => ${classRef}`].join(", ")} }`;
}

/**
 * A check's entry as a CommonJS module writes it. `check` ends by binding the helpers its
 * code names, one by one (`…)({g:__schemaof.g,len:__schemaof.len})`), so that a bundler of an ES
 * module keeps those and drops the others. No bundler trims a CommonJS module: there the check is
 * handed the runtime's one object of every helper (`…)(__schemaof.H)`), a quarter of a kilobyte a
 * type less. `namespace` is the module's name for the helpers (FileRewrite's `helpers`).
 */
export function boundToAll(key: string | undefined, text: string, namespace: string): string {
  if (key !== "check") return text;
  // The binding is the entry's end, after the last `)({`: the generated code before it may hold
  // any text in its strings, the binding none.
  const at = text.lastIndexOf(")({");
  const picks = new RegExp(`^\\(\\{(?:(\\w+):${namespace.replace(/\$/g, "\\$")}\\.\\1(?:,(?!\\}))?)*\\}\\)$`);
  return at >= 0 && picks.test(text.slice(at + 1)) ? `${text.slice(0, at + 1)}(${namespace}.H)` : text;
}
