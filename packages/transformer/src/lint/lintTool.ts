import type { Problem } from "../diagnostics/messages";
import type { ToolFacts } from "../rewrite/Rewrite";
import { readParameters, type JsonObject } from "./parameters";
import { COLLIDING_NAMES, LINT_RULES } from "./rules";
import { words } from "./words";

export type LintLevel = "off" | "warn" | "error";
/** The plugin entry's `"lint": { "free-string": "off", "tool-description": "error" }`; a rule not named warns. */
export type LintLevels = Readonly<Record<string, LintLevel>>;

/** The rule names a level can be set for. */
export const RULE_NAMES: readonly string[] = [...LINT_RULES.map((rule) => rule.name), COLLIDING_NAMES.name];

/** What lint found in one tool, as problems of their rules' codes, split by the level each rule is set to. */
export interface Linted {
  readonly warnings: readonly Problem[];
  readonly errors: readonly Problem[];
}

/**
 * The rules over one tool as a client lists it (its name, description and MCP input schema). A
 * rule that throws is a fault of ours: it is skipped, never the build's crash.
 */
export function lintTool(tool: ToolFacts, levels: LintLevels = {}): Linted {
  const warnings: Problem[] = [];
  const errors: Problem[] = [];
  const parameters = readParameters(tool.schemas.mcp as JsonObject);
  const subject = { name: tool.name, description: tool.description, parameters, targets: Object.keys(tool.schemas) };
  for (const rule of LINT_RULES) {
    const level = levels[rule.name] ?? "warn";
    if (level === "off") continue;
    let found;
    try {
      found = rule.check(subject);
    } catch {
      continue;
    }
    for (const { path, detail } of found) (level === "error" ? errors : warnings).push({ code: rule.code, path, detail });
  }
  return { warnings, errors };
}

/**
 * Tools among `names` whose names differ only by case or separators (`search_books`, `searchBooks`):
 * a client that folds them, or a model that reads both, mixes them up. Each name of a colliding group
 * with the others it collides with.
 */
export function collidingNames(names: readonly string[]): Map<string, string[]> {
  const byKey = new Map<string, string[]>();
  for (const name of new Set(names)) {
    const key = words(name).join("");
    byKey.set(key, [...(byKey.get(key) ?? []), name]);
  }
  const colliding = new Map<string, string[]>();
  for (const group of byKey.values()) {
    if (group.length < 2) continue;
    for (const name of group)
      colliding.set(
        name,
        group.filter((other) => other !== name),
      );
  }
  return colliding;
}

/** The collision of one tool's name, as a problem, or none. */
export function collisionProblem(name: string, others: readonly string[] | undefined): Problem | undefined {
  if (!others?.length) return undefined;
  return {
    code: COLLIDING_NAMES.code,
    path: "(root)",
    detail: `'${name}' and ${others.map((other) => `'${other}'`).join(", ")} differ only by case or separators: name them by what tells them apart.`,
  };
}
