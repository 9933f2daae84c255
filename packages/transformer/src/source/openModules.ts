import type * as ts from "typescript";
import { createRequire } from "node:module";
import { existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import type { EncodedSourceMap } from "@jridgewell/trace-mapping";
import { loadTs7, loadTs7Sync } from "../compiler/loadTs7";
import {
  findTypeScript,
  openProject,
  readPluginEntry,
  readText,
  rewriteFile,
  writesTypeArguments,
  type Project,
  type ProjectOptions,
  type ToolFacts,
} from "../project";
import { toSourceEdits } from "../render/toSourceEdits";
import { Code } from "../diagnostics/messages";
import type { Report } from "../diagnostics/report";
import type { LintLevels } from "../lint/lintTool";
import { formatReport } from "../diagnostics/formatReport";
import type { Compiler } from "../compiler/Compiler";
import type { ModuleChecker } from "./ModuleChecker";
import { languageServiceChecker } from "./languageServiceChecker";
import { ts7Checker } from "./ts7Checker";
import { cachedModules } from "./cachedModules";

/**
 * What a host that rewrites one module at a time is given: where the project is, and the plugin
 * entry's options (call defaults, over those of the tsconfig's `@schemaof/transformer` entry).
 */
export interface ModulesOptions extends ProjectOptions {
  /** The tsconfig, absolute or relative to `cwd`; else the nearest `tsconfig.json` above `cwd`. */
  readonly tsconfig?: string;
  readonly cwd?: string;
}

/** One problem of ours, placed: a build error or an editor diagnostic. */
export interface ModuleProblem {
  readonly code: number;
  /** Absolute; undefined for a problem of the options or the tsconfig. */
  readonly file?: string;
  /** 1-based, as bundlers print them; column 0-based, as they take them. */
  readonly line?: number;
  readonly column?: number;
  /** The headline, then one line per property path with its remedy. */
  readonly message: string;
  /** tsc's format: `src/upload.ts(7,32): error TS99001: …`. */
  readonly text: string;
}

export interface ModuleResult {
  /** The rewritten TypeScript and its map, when the module holds a call of ours that could be rewritten. */
  readonly code?: string;
  readonly map?: EncodedSourceMap;
  /** Other files whose declarations the module's schemas read: a change there must transform it again. */
  readonly dependencies: readonly string[];
  readonly problems: readonly ModuleProblem[];
  /** Lint warnings (lint/): printed as the host prints a warning, and the module is built all the same. */
  readonly warnings?: readonly ModuleProblem[];
  /** The tools its `toolOf` calls make, each with the line (1-based) of its call. */
  readonly tools?: readonly (ToolFacts & { readonly line: number })[];
}

/** The project open for one host: rewrite a module, hear of a change, close. */
export interface Modules {
  readonly configFile: string;
  /** The project's TypeScript version. */
  readonly typescript: string;
  /** Problems of the options or the tsconfig's plugin entry, once. */
  readonly problems: readonly ModuleProblem[];
  /** The entry's lint levels. */
  readonly lint?: LintLevels;
  /** Whether a module's text could hold a call of ours: the cheap test before the checker is asked. */
  mentions(code: string): boolean;
  /** The project's own source files (not its declarations, not node_modules), with their texts. */
  files(): readonly { readonly fileName: string; readonly text: string }[];
  /** A TypeScript module's rewrite; undefined when it holds no call of ours. */
  transform(fileName: string, code: string): ModuleResult | undefined;
  changed(fileName: string): void;
  close(): void;
}

/** Thrown when no tsconfig can be found for the project. */
export class NoTsconfig extends Error {}

/**
 * Opens the project for a host: its own TypeScript (5/6 in process, 7 through its API), one checker
 * kept warm for every module, and the call defaults of its tsconfig with the host's options over them.
 */
export async function openModules(options: ModulesOptions = {}): Promise<Modules> {
  const configFile = findConfig(options.tsconfig, options.cwd ?? process.cwd());
  const installed = findTypeScript(dirname(configFile));
  // TypeScript 7's API is ECMAScript modules, which a synchronous transform can load only where Node
  // `require`s them (20.19 and later): there it is loaded at the first module the cache cannot
  // answer, and a run of hits loads none of it; elsewhere it is loaded now. Its process starts on a miss.
  const ts7 = installed.major >= 7 && !requiresModules() ? await loadTs7(installed.packageDir) : undefined;
  const checker = () => (installed.major >= 7 ? ts7Checker(ts7 ?? loadTs7Sync(installed.packageDir), configFile) : inProcess(installed.packageDir, configFile));
  return cachedModules(configFile, options, installed.version, () => modulesOver(checker(), configFile, options));
}

/** Whether `require` loads ECMAScript modules (Node 20.19, 22.12 and later). */
const requiresModules = (): boolean => (process.features as { require_module?: boolean }).require_module === true;

/** The same, synchronously, for a `require` hook (TypeScript 7's API is then `require`d: Node 20.19 or later). */
export function openModulesSync(options: ModulesOptions = {}): Modules {
  const configFile = findConfig(options.tsconfig, options.cwd ?? process.cwd());
  const installed = findTypeScript(dirname(configFile));
  const checker = () => (installed.major >= 7 ? ts7Checker(loadTs7Sync(installed.packageDir), configFile) : inProcess(installed.packageDir, configFile));
  return cachedModules(configFile, options, installed.version, () => modulesOver(checker(), configFile, options));
}

/** TypeScript 5/6, the project's own copy, in this process. */
function inProcess(packageDir: string, configFile: string): ModuleChecker {
  return languageServiceChecker(createRequire(join(packageDir, "package.json"))(packageDir) as typeof ts, configFile);
}

/** The hosts' one way through the core: find the calls, analyse on the checker, render as source edits. */
export function modulesOver(checker: ModuleChecker, configFile: string, options: ModulesOptions): Modules {
  const { tsconfig: _tsconfig, cwd = process.cwd(), ...host } = options;
  const shared = openProject({
    entry: readPluginEntry(configFile),
    options: host,
    texts: checker.ownFiles().map((file) => file.text),
    strictNullChecks: checker.strictNullChecks,
  });
  let project: Project | undefined;
  const placed = (report: Report): ModuleProblem => {
    const position = report.file?.getLineAndCharacterOfPosition(report.start);
    const message = [report.headline, ...report.lines].join("\n  ");
    return {
      code: report.code,
      file: report.file?.fileName,
      line: position && position.line + 1,
      column: position?.character,
      message,
      text: formatReport(report, cwd).trimEnd(),
    };
  };
  const projectOf = (compiler: Compiler, reports: Report[]): Project => {
    if (project?.compiler !== compiler) project = shared.over(compiler, () => undefined);
    return { ...project, report: (report) => void reports.push(report) };
  };

  return {
    configFile,
    typescript: checker.version,
    problems: shared.problems.map(({ code, headline }) => ({ code, message: headline, text: `error TS${code}: ${headline}` })),
    lint: shared.lint,
    mentions: shared.mentions,
    files: () => checker.ownFiles(),
    transform(fileName, code) {
      if (!shared.mentions(code)) return undefined;
      const problem = (message: string): ModuleResult => ({
        dependencies: [],
        problems: [{ code: Code.Internal, file: fileName, message, text: `${relative(cwd, fileName)}: error TS${Code.Internal}: ${message}` }],
      });
      if (!writesTypeArguments(code) && writesTypeArguments(readText(fileName) ?? "")) {
        return problem(
          `another plugin compiled this module to JavaScript before schemaof saw it, and its calls lost their type arguments: run schemaof's plugin first (enforce: "pre", or first in the list of plugins); ` +
            `a plugin that compiles in its load hook (@rollup/plugin-typescript) cannot come after it: give that one schemaof's program transformer instead`,
        );
      }
      const opened = checker.open(resolve(fileName), code);
      if ("problem" in opened) return problem(opened.problem);
      const { compiler, sourceFile } = opened;
      if (checker.hasSyntaxErrors(sourceFile)) return undefined;
      const reports: Report[] = [];
      const rewrite = rewriteFile(projectOf(compiler, reports), sourceFile);
      if (!rewrite) return undefined;
      const dependencies = rewrite.dependencies.filter((file) => file !== sourceFile.fileName);
      const edited = rewrite.calls.length > 0 ? toSourceEdits(compiler, sourceFile, rewrite) : undefined;
      const tools = rewrite.calls.flatMap((call) =>
        call.kind === "arguments" && call.tool
          ? [{ ...call.tool, line: sourceFile.getLineAndCharacterOfPosition(call.call.getStart(sourceFile)).line + 1 }]
          : [],
      );
      const warnings = reports.filter((report) => report.warning).map(placed);
      const problems = reports.filter((report) => !report.warning).map(placed);
      return { ...edited, dependencies, problems, ...(warnings.length ? { warnings } : {}), ...(tools.length ? { tools } : {}) };
    },
    changed: (fileName) => checker.changed(resolve(fileName)),
    close: () => checker.close(),
  };
}

/** The tsconfig named, or the nearest `tsconfig.json` from `cwd` up. */
export function findConfig(tsconfig: string | undefined, cwd: string): string {
  if (tsconfig !== undefined) {
    const file = resolve(cwd, tsconfig);
    if (!existsSync(file)) throw new NoTsconfig(`schemaof: the tsconfig '${tsconfig}' does not exist (looked for '${file}')`);
    return file;
  }
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const file = join(dir, "tsconfig.json");
    if (existsSync(file)) return file;
    if (dirname(dir) === dir) throw new NoTsconfig(`schemaof: no tsconfig.json in '${cwd}' or above it; pass the plugin's 'tsconfig' option`);
  }
}
