import type * as ts from "typescript";
import type { Compiler, Syntax } from "../compiler/Compiler";
import { innerExpression } from "./innerExpression";
import { TARGETS, type Target } from "../emit/schema/targetRules";
import { COERCE_RULES, type CoerceRule } from "@schemaof/runtime/helpers";
import { RULE_NAMES, type LintLevels } from "../lint/lintTool";

export interface CallOptions {
  /** `$defs` for named types used more than once (`true`), or only where that saves bytes (`"auto"`). */
  refs?: boolean | "auto";
  additionalProperties?: false;
  target?: Target;
  /** What a check does with keys the type does not declare; unset, a tool refuses them and mapArgs drops them. */
  unknownKeys?: "drop" | "reject";
  /** The repairs a check makes to a model's known mistakes: all but enum-case (`true`), or those listed. */
  coerce?: boolean | readonly CoerceRule[];
  /** The plugin entry's level of each lint rule (`"free-string": "off"`); a rule not named warns. */
  lint?: LintLevels;
}

/** Each option's check of its value: what it takes, or undefined when the value is one. */
const OPTION_CHECKS: Record<keyof CallOptions, (value: unknown) => string | undefined> = {
  refs: (value) => (typeof value === "boolean" || value === "auto" ? undefined : `'refs' takes true, false or "auto"`),
  additionalProperties: (value) => (value === false ? undefined : `'additionalProperties' takes false`),
  target: (value) =>
    typeof value === "string" && (TARGETS as readonly string[]).includes(value)
      ? undefined
      : `'target' takes one of ${TARGETS.map((t) => `"${t}"`).join(", ")}`,
  unknownKeys: (value) => (value === "drop" || value === "reject" ? undefined : `'unknownKeys' takes "drop" or "reject"`),
  coerce: (value) =>
    typeof value === "boolean" ||
    (Array.isArray(value) && value.every((rule) => typeof rule === "string" && (COERCE_RULES as readonly string[]).includes(rule)))
      ? undefined
      : `'coerce' takes true, false or a list of ${COERCE_RULES.map((rule) => `"${rule}"`).join(", ")}`,
  lint: (value) => {
    if (typeof value !== "object" || value === null || Array.isArray(value))
      return `'lint' takes an object of rule names and levels, e.g. { "free-string": "off" }`;
    for (const [rule, level] of Object.entries(value)) {
      if (!RULE_NAMES.includes(rule)) return `'lint' has no rule '${rule}'; the rules are ${RULE_NAMES.map((name) => `"${name}"`).join(", ")}`;
      if (level !== "off" && level !== "warn" && level !== "error") return `'lint' sets "${rule}" to "off", "warn" or "error", not ${JSON.stringify(level)}`;
    }
    return undefined;
  },
};

/** The keys of a `schemaOf<T>(options)` literal. */
export const SCHEMA_KEYS: readonly (keyof CallOptions)[] = ["refs", "additionalProperties", "target"];
/** The keys of a `standardSchemaOf<T>(options)` literal: a schema's, and the check's repairs. */
export const STANDARD_KEYS: readonly (keyof CallOptions)[] = [...SCHEMA_KEYS, "coerce"];
/** The keys of the plugin's tsconfig entry: the project's defaults. */
export const PROJECT_KEYS = Object.keys(OPTION_CHECKS) as (keyof CallOptions)[];

/** An option's check: what is wrong with `value` under `key`, among the keys a place takes. */
export function checkOption(key: string, value: unknown, keys: readonly (keyof CallOptions)[] = SCHEMA_KEYS): string | undefined {
  if (!(keys as readonly string[]).includes(key)) {
    return `'${key}' is not an option; the options are ${keys.slice(0, -1).join(", ")} and ${keys[keys.length - 1]}`;
  }
  return OPTION_CHECKS[key as keyof CallOptions](value);
}

/**
 * `schemaOf<T>({ refs: true })`: the options object literal, read at compile time. Anything that is
 * not a literal of constants is reported, never evaluated.
 */
export function readOptions(
  syntax: Syntax,
  argument: ts.Expression | undefined,
  keys: readonly (keyof CallOptions)[] = SCHEMA_KEYS,
): { options: CallOptions; problems: string[] } {
  const options: Record<string, unknown> = {};
  const problems: string[] = [];
  if (!argument) return { options, problems };
  argument = innerExpression(syntax, argument);
  if (!syntax.isObjectLiteralExpression(argument)) {
    return { options, problems: ["pass the options as an object literal, e.g. { refs: true }"] };
  }
  for (const property of argument.properties) {
    if (!syntax.isPropertyAssignment(property) || !(syntax.isIdentifier(property.name) || syntax.isStringLiteral(property.name))) {
      problems.push(`'${property.getText()}' is not a plain 'key: value' entry`);
      continue;
    }
    const key = property.name.text;
    const value = constant(syntax, property.initializer);
    const problem = value.ok ? checkOption(key, value.value, keys) : `'${key}' must be a literal value, got '${property.initializer.getText()}'`;
    if (problem) problems.push(problem);
    else options[key] = value.ok ? value.value : undefined;
  }
  return { options, problems };
}

/**
 * `mapArgs<T>(args, { target: "openai-strict", coerce: true })`: the options of a check read at
 * compile time, as the check is made for them; the others are the caller's at run time. Written
 * anywhere but as a literal in the call (a variable, a spread), one could not be seen, so that is a
 * problem, never a check made for another target or without the repairs asked for.
 */
export function readCheckTarget(
  compiler: Compiler,
  argument: ts.Expression | undefined,
): { target?: Target; coerce?: CallOptions["coerce"]; compileTimeOnly?: boolean; problem?: string } {
  const read = readEntries(compiler, argument, CHECK_KEYS);
  if (read.unseen) {
    const [what, example] = read.unseen.key === "target" ? ["the target", '{ target: "openai-strict" }'] : ["'coerce'", "{ coerce: true }"];
    return { problem: `write ${what} in the call's options, e.g. mapArgs<T>(args, ${example}): the check is made for it at compile time` };
  }
  const found: { target?: Target; coerce?: CallOptions["coerce"]; compileTimeOnly?: boolean } = {};
  for (const key of CHECK_KEYS) {
    const entry = read.entries.get(key);
    if (!entry) continue;
    const value = constant(compiler.syntax, entry.initializer);
    if (!value.ok) return { problem: `'${key}' must be a literal value, got '${entry.initializer.getText()}'` };
    const problem = checkOption(key, value.value, CHECK_KEYS);
    if (problem) return { problem };
    (found as Record<string, unknown>)[key] = value.value;
  }
  // `{ coerce: true }` alone says nothing the made check does not already know: the call need not
  // build it again on every run (a spread, a method or any other key keeps the literal).
  const inner = argument && innerExpression(compiler.syntax, argument);
  if (inner && compiler.syntax.isObjectLiteralExpression(inner) && read.entries.size > 0) {
    found.compileTimeOnly =
      read.entries.size === inner.properties.length && [...read.entries.keys()].every((key) => CHECK_KEYS.includes(key as keyof CallOptions));
  }
  return found;
}

/** The options of a check (`mapArgs`, `validateArgs`, `tool.call`) read at compile time. */
const CHECK_KEYS: readonly (keyof CallOptions)[] = ["target", "coerce"];

/**
 * An options argument as written: its `key: value` entries by key, in order; `unseen` the first of
 * the compile-time `keys` that it carries where it cannot be read (a variable, a spread, a shorthand
 * `{ target }`), with `how` it was written, so the call can say what to write instead.
 */
export function readEntries(
  compiler: Compiler,
  argument: ts.Expression | undefined,
  keys: readonly string[],
): { entries: Map<string, ts.PropertyAssignment>; unseen?: { key: string; how: "expression" | "shorthand" } } {
  const { syntax } = compiler;
  const entries = new Map<string, ts.PropertyAssignment>();
  if (!argument) return { entries };
  const carried = (node: ts.Node) => {
    const named = compiler.properties(compiler.typeAtLocation(node)).map((symbol) => compiler.symbolName(symbol));
    const key = keys.find((name) => named.includes(name));
    return key === undefined ? undefined : { key, how: "expression" as const };
  };
  const inner = innerExpression(syntax, argument);
  if (!syntax.isObjectLiteralExpression(inner)) return { entries, unseen: carried(inner) };
  for (const property of inner.properties) {
    if (syntax.isSpreadAssignment(property)) {
      const unseen = carried(property.expression);
      if (unseen) return { entries, unseen };
      continue;
    }
    const key = property.name && (syntax.isIdentifier(property.name) || syntax.isStringLiteral(property.name)) ? property.name.text : undefined;
    if (key === undefined) continue;
    if (syntax.isPropertyAssignment(property)) entries.set(key, property);
    else if (keys.includes(key)) return { entries, unseen: { key, how: "shorthand" } };
  }
  return { entries };
}

export function constant(syntax: Syntax, node: ts.Expression): { ok: true; value: unknown } | { ok: false } {
  if (node.kind === syntax.kind.TrueKeyword) return { ok: true, value: true };
  if (node.kind === syntax.kind.FalseKeyword) return { ok: true, value: false };
  if (syntax.isStringLiteral(node) || syntax.isNoSubstitutionTemplateLiteral(node)) return { ok: true, value: node.text };
  if (syntax.isParenthesizedExpression(node) || syntax.isAsExpression(node)) return constant(syntax, node.expression);
  if (syntax.isArrayLiteralExpression(node)) {
    const items: unknown[] = [];
    for (const element of node.elements) {
      const item = constant(syntax, element);
      if (!item.ok) return item;
      items.push(item.value);
    }
    return { ok: true, value: items };
  }
  return { ok: false };
}
