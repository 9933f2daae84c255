import type * as ts from "typescript";
import type { Compiler, Syntax } from "../compiler/Compiler";
import { innerExpression } from "./innerExpression";
import { checkOption, constant, readEntries } from "./readOptions";
import type { TypeUse, TypeView } from "../types/TypeView";

/**
 * `toolOf(searchBooks)` is "searchBooks", `toolOf(catalogue.search)` "search", `toolOf(function upload() {})`
 * "upload"; anything else has no name of its own.
 */
export function toolName(syntax: Syntax, fn: ts.Expression): string | undefined {
  fn = innerExpression(syntax, fn);
  if (syntax.isIdentifier(fn)) return fn.text;
  if (syntax.isPropertyAccessExpression(fn) && syntax.isIdentifier(fn.name)) return fn.name.text;
  if (syntax.isFunctionExpression(fn) && fn.name) return fn.name.text;
  return undefined;
}

/** Whether the options literal names the tool: `{ name: "search_books" }`. */
export function optionsName(syntax: Syntax, options: ts.Expression | undefined): boolean {
  return (
    !!options &&
    syntax.isObjectLiteralExpression(options) &&
    options.properties.some((p) => p.name !== undefined && syntax.isIdentifier(p.name) && p.name.text === "name")
  );
}

/** `catalogue`, `this`, `app.catalogue`: reading it a second time gives the same object and does nothing else. */
export function isPlainReference(syntax: Syntax, node: ts.Expression): boolean {
  if (syntax.isIdentifier(node) || node.kind === syntax.kind.ThisKeyword) return true;
  return syntax.isPropertyAccessExpression(node) && syntax.isIdentifier(node.name) && isPlainReference(syntax, node.expression);
}

/**
 * A result worth an output schema: an object with fields (MCP's outputSchema is an object schema), not
 * a list, a function or a primitive; an intersection of objects (`{ isbn } & Annotation`) is one too
 * (the schema written for it is then kept only when it is an object's).
 */
export function isObjectResult(view: TypeView, result: TypeUse): boolean {
  const kind = view.classify(result.type);
  return (
    (kind === "object" || kind === "intersection") &&
    !view.arrayElement(result) &&
    !view.tupleElements(result) &&
    !view.callParameters(result.type) &&
    view.platformName(result.type) === undefined
  );
}

/** What `toolOf(fn, options)` settles at compile time: the targets its schemas are written for, how its schemas are written. */
export interface ToolCallOptions {
  readonly targets: string[];
  readonly refs?: boolean | "auto";
  readonly additionalProperties?: false;
  /** The repairs its check makes (`coerce`). */
  readonly coerce?: boolean | readonly string[];
  /** The tool sets it is served in (`toolSet`), when it names any. */
  readonly sets?: readonly string[];
  /** The tool's `name`, `title` and `description` where the literal writes them as strings (a catalogue shows them). */
  readonly shown?: Readonly<Partial<Record<"name" | "title" | "description", string>>>;
  /** What cannot be read, said as the fix. */
  readonly problem?: string;
}

/** The options of a tool read at compile time; the others (`name`, `unknownKeys`…) are the tool's at run time. */
const COMPILE_TIME = ["target", "refs", "additionalProperties", "coerce", "toolSet"];
/** The options checkOption checks for a tool (the target is read on its own). */
const TOOL_KEYS = ["refs", "additionalProperties", "coerce"] as const;
/** The run-time options a catalogue can read off the literal too. */
const SHOWN = ["name", "title", "description"];

/**
 * `toolOf(fn, { target: ["openai-strict", "gemini"], refs: true })`, read off the options literal:
 * one target or an array of them, each a string literal, and the schema options, each a literal.
 * Options passed as a variable or spread that carry one of them could not be seen: a problem, never
 * a tool quietly built without it.
 */
export function readToolOptions(compiler: Compiler, options: ts.Expression | undefined): ToolCallOptions {
  const { syntax } = compiler;
  const { entries, unseen } = readEntries(compiler, options, COMPILE_TIME);
  if (unseen) {
    const problem =
      unseen.how === "shorthand"
        ? `'${unseen.key}' must be written as ${unseen.key}: <a literal>`
        : `write '${unseen.key}' in toolOf's options literal, e.g. toolOf(fn, { ${unseen.key}: … }): the tool's schemas are written for it at compile time`;
    return { targets: [], problem };
  }
  const read: {
    targets: string[];
    refs?: boolean | "auto";
    additionalProperties?: false;
    coerce?: boolean | string[];
    sets?: string[];
    shown: Record<string, string>;
  } = {
    targets: [],
    shown: {},
  };
  for (const [key, entry] of entries) {
    if (SHOWN.includes(key)) {
      const value = constant(syntax, entry.initializer);
      if (value.ok && typeof value.value === "string") read.shown[key] = value.value;
    }
    if (!COMPILE_TIME.includes(key)) continue;
    if (key === "target" || key === "toolSet") {
      const names = literalStrings(syntax, entry.initializer, key);
      if (typeof names === "string") return { targets: [], problem: names };
      if (key === "target") read.targets = names;
      else if (names.length === 0 || names.some((name) => name.trim() === ""))
        return { targets: [], problem: "'toolSet' names a set, or a list of sets, each a non-empty string" };
      else read.sets = [...new Set(names)];
      continue;
    }
    const value = constant(syntax, entry.initializer);
    const problem = value.ok ? checkOption(key, value.value, TOOL_KEYS) : `'${key}' must be a literal value, got '${entry.initializer.getText()}'`;
    if (problem) return { targets: [], problem };
    (read as Record<string, unknown>)[key] = value.ok && value.value;
  }
  return read;
}

/** The targets a tool is built for besides MCP's own, once each: the project's, then those its toolOf names. */
export const toolTargets = (projectTarget: string | undefined, asked: ToolCallOptions): string[] => [
  ...new Set([...(projectTarget ? [projectTarget] : []), ...asked.targets]),
];

/** `"openai-strict"` or `["openai-strict", "gemini"]`: the targets (or the tool sets), or what is wrong. */
function literalStrings(syntax: Syntax, value: ts.Expression, key: string): string[] | string {
  const items = syntax.isArrayLiteralExpression(value) ? [...value.elements] : [value];
  const names: string[] = [];
  for (const item of items) {
    if (!(syntax.isStringLiteral(item) || syntax.isNoSubstitutionTemplateLiteral(item))) {
      return `'${key}' must be string literals, read at compile time, got '${item.getText()}'`;
    }
    names.push(item.text);
  }
  return names;
}
