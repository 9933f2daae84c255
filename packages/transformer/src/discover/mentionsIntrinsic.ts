import { FUNCTION_NAMES, INTRINSICS } from "./intrinsics";

/** The package whose declarations the intrinsics are. */
export const RUNTIME = "@schemaof/runtime";

const ANY_NAME = FUNCTION_NAMES.join("|");
/** The intrinsics written `name<T>(…)`, with the type argument that compiling to JavaScript takes away. */
const TYPED_NAME = FUNCTION_NAMES.filter((name) => INTRINSICS[name].takes === "type").join("|");

// A file that never names an intrinsic cannot call one: every way to reach them (named, renamed
// or namespace import, destructuring) spells the name somewhere in the file, but for a name another
// module of the project re-exports it under (`export { schemaOf as describe }`): see reexportedNames.
const MENTIONS_INTRINSIC = new RegExp(`\\b(?:${ANY_NAME})\\b`);

/** `schemaOf as describe`, `schemaOf: s`: the names a file gives an intrinsic. */
const RENAMED = new RegExp(`\\b(?:${ANY_NAME})\\s*(?:\\bas\\s+([\\w$]+)|:\\s*([\\w$]+))`, "g");

const NONE: ReadonlySet<string> = new Set();

/** Whether a file's text names one of our functions (`aliases`: see reexportedNames). */
export const namesIntrinsic = (text: string, aliases: ReadonlySet<string> = NONE) =>
  MENTIONS_INTRINSIC.test(text) || [...aliases].some((alias) => new RegExp(`\\b${alias.replace(/\$/g, "\\$")}\\b`).test(text));

// `search.call(args, { target: "openai-strict" })`: a tool made in another module, called for a target.
const CALLS_METHOD = /\.call\s*\(/;
const NAMES_TARGET = /\btarget\s*:/;

/** Whether a file's text could hold a call of ours: the cheap test before any walk (`aliases`: see reexportedNames). */
export const mentionsIntrinsic = (text: string, aliases: ReadonlySet<string> = NONE) =>
  namesIntrinsic(text, aliases) || (CALLS_METHOD.test(text) && NAMES_TARGET.test(text));

/** The names a file's text may call an intrinsic by: their own, those it renames them to, and the project's `aliases`. */
export function namesIn(text: string, aliases: ReadonlySet<string> = NONE): Set<string> {
  const names = new Set<string>([...FUNCTION_NAMES, ...aliases]);
  if (CALLS_METHOD.test(text)) names.add("call");
  for (const match of text.matchAll(RENAMED)) names.add(match[1] ?? match[2]);
  return names;
}

/** `export { schemaOf as describe }`: the names the project's modules re-export an intrinsic under. */
export function reexportedNames(texts: Iterable<string>): Set<string> {
  const found = new Set<string>();
  const pattern = new RegExp(`\\b(?:${ANY_NAME})\\s+as\\s+([\\w$]+)`, "g");
  for (const text of texts) {
    if (!/\bexport\b/.test(text) || !MENTIONS_INTRINSIC.test(text)) continue;
    for (const clause of text.matchAll(/\bexport\s*(?:type\s*)?\{([^}]*)\}/g)) for (const match of clause[1].matchAll(pattern)) found.add(match[1]);
  }
  return found;
}

const TYPE_ARGUMENTS = new RegExp(`\\b(?:${TYPED_NAME})\\s*<`);

/** Whether a text writes a call of ours with its type argument, as TypeScript does and compiled JavaScript cannot. */
export const writesTypeArguments = (text: string) => TYPE_ARGUMENTS.test(text);

const IMPORTS_RUNTIME = new RegExp(`(?:\\bfrom\\s*|\\b(?:require|import)\\s*\\(\\s*)["']${RUNTIME.replace("/", "\\/")}["']`);
const CALLS_INTRINSIC = new RegExp(`\\b(?:${ANY_NAME})\\s*\\(`);

/** Whether a JavaScript module imports the runtime and calls one of ours: there the call names no type. */
export const scriptCallsIntrinsic = (code: string) => IMPORTS_RUNTIME.test(code) && CALLS_INTRINSIC.test(code);
