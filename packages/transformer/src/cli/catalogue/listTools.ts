import { dirname, relative } from "node:path";
import { collidingNames, collisionProblem, type LintLevel } from "../../lint/lintTool";
import type { Target } from "@schemaof/runtime";
import { openModules } from "../../source/openModules";
import { bytesOf, definitionFor } from "./definitions";
import { SET_TOKENS, estimateTokens } from "./estimateTokens";
import { countSets, type SetTotals } from "../../budget/checkLimits";

/** One target of a tool: what its provider receives, and what that costs. */
export interface TargetEntry {
  readonly bytes: number;
  /** An estimate of the OpenAI tokens of the same definition (see estimateTokens). */
  readonly tokens: number;
  readonly inputSchema: unknown;
}

export interface CatalogueTool {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly annotations?: unknown;
  /** Where its `toolOf` call is: the file from the tsconfig's folder, `/`-separated, and the line. */
  readonly file: string;
  readonly line: number;
  /** MCP's first, then each target it is built for. */
  readonly targets: Readonly<Partial<Record<Target, TargetEntry>>>;
  readonly outputSchema?: unknown;
  /** The tool sets it is served in (`toolSet`), when it names any. */
  readonly sets?: readonly string[];
  /** The bytes `$defs` would save its input schema, written flattened (`refs: "auto"` takes them), when it would. */
  readonly hoistingSaves?: number;
}

export interface Catalogue {
  readonly tsconfig: string;
  readonly tools: readonly CatalogueTool[];
  /** Per target any tool is built for, the whole set's totals and the limits they go over. */
  readonly totals: readonly SetTotals[];
  /** The project's own errors at `toolOf` calls (those tools are missing above), in tsc's format. */
  readonly problems: readonly string[];
  /**
   * Lint's warnings, in tsc's format: each file's, as its build prints them, and names that collide
   * across files, which only the whole set shows. They leave the exit code alone.
   */
  readonly warnings: readonly string[];
}

/**
 * Every tool of the project (every `toolOf` call), read as a build reads it, on the project's own
 * TypeScript (5/6 in process, 7 through its API): one entry per tool and per target it is built
 * for, with the definition's bytes as the runtime's adapters write it, and the set's totals.
 */
export async function listTools(configFile: string, cwd: string): Promise<Catalogue> {
  const modules = await openModules({ tsconfig: configFile, cwd });
  const root = dirname(modules.configFile);
  const tools: CatalogueTool[] = [];
  const problems = modules.problems.map((problem) => problem.text);
  const warnings: string[] = [];
  try {
    // In the order of their names, so the list is the same on every host.
    for (const { fileName, text } of [...modules.files()].sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0))) {
      if (!modules.mentions(text)) continue;
      const result = modules.transform(fileName, text);
      problems.push(...(result?.problems ?? []).map((problem) => problem.text));
      warnings.push(...(result?.warnings ?? []).map((warning) => warning.text));
      for (const facts of result?.tools ?? []) {
        const targets: Partial<Record<Target, TargetEntry>> = {};
        for (const target of Object.keys(facts.schemas) as Target[]) {
          const definition = definitionFor(facts, target) as Record<string, unknown>;
          targets[target] = {
            bytes: bytesOf(definition),
            tokens: estimateTokens(facts.name, facts.description, facts.schemas[target] as never),
            inputSchema: facts.schemas[target],
          };
        }
        tools.push({
          name: facts.name,
          ...(facts.title === undefined ? {} : { title: facts.title }),
          ...(facts.description === undefined ? {} : { description: facts.description }),
          ...(facts.annotations === undefined ? {} : { annotations: facts.annotations }),
          file: relative(root, fileName).split("\\").join("/"),
          line: facts.line,
          targets,
          ...(facts.outputSchema === undefined ? {} : { outputSchema: facts.outputSchema }),
          ...(facts.sets === undefined ? {} : { sets: facts.sets }),
          ...(facts.hoistingSaves === undefined ? {} : { hoistingSaves: facts.hoistingSaves }),
        });
      }
    }
  } finally {
    modules.close();
  }
  // Set to "error", a collision is a problem of the set, as a file's own error-level finding is.
  const level = modules.lint?.["colliding-names"];
  (level === "error" ? problems : warnings).push(...acrossFiles(tools, level));
  return { tsconfig: relative(cwd, modules.configFile).split("\\").join("/") || "tsconfig.json", tools, totals: totalsOf(tools), problems, warnings };
}

/** Tools of different files whose names differ only by case or separators (a file's own are its lint's). */
function acrossFiles(tools: readonly CatalogueTool[], level: LintLevel | undefined): string[] {
  if (level === "off") return [];
  const colliding = collidingNames(tools.map((tool) => tool.name));
  return tools.flatMap((tool) => {
    const others = (colliding.get(tool.name) ?? []).filter((other) => tools.some((t) => t.name === other && t.file !== tool.file));
    const problem = collisionProblem(tool.name, others);
    return problem ? [`${tool.file}(${tool.line},1): ${level === "error" ? "error" : "warning"} TS${problem.code}: ${problem.detail}`] : [];
  });
}

/** Per tool set and per target, in the order first met: the set as one request would carry it. */
function totalsOf(tools: readonly CatalogueTool[]): SetTotals[] {
  const members = tools.map((tool) => ({
    tool,
    name: tool.name,
    sets: tool.sets,
    schemas: Object.fromEntries(Object.entries(tool.targets).map(([target, entry]) => [target, entry!.inputSchema])),
  }));
  return countSets(members).map(({ set, target, members: built, tools: count, optional, unions, over, repeated }) => ({
    set,
    target,
    tools: count,
    bytes: built.reduce((sum, { tool }) => sum + tool.targets[target]!.bytes, 0),
    tokens: built.reduce((sum, { tool }) => sum + tool.targets[target]!.tokens, SET_TOKENS),
    optional,
    unions,
    over: [...(repeated.length ? [`two tools are named ${repeated.join(", ")}; a request takes each name once: pass { name } to toolOf`] : []), ...over],
  }));
}
