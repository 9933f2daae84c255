import type { LintLevels } from "../lint/lintTool";
import type { Compiler } from "../compiler/Compiler";
import { readPluginConfig } from "../discover/readPluginConfig";
import { mentionsIntrinsic, reexportedNames } from "../discover/mentionsIntrinsic";
import { configReport, type Report } from "../diagnostics/report";
import { createProject, type Project } from "../rewrite/rewriteFile";

/** What a host knows of its project as it opens it. */
export interface ProjectSetup {
  /** The `@schemaof/transformer` entry of the tsconfig's compilerOptions.plugins (ts-patch hands in its own). */
  readonly entry?: Readonly<Record<string, unknown>>;
  /** The host's own options (a bundler plugin's, the editor plugin's), over the entry's; one left undefined keeps the entry's. */
  readonly options?: Readonly<Record<string, unknown>>;
  /** The texts of the project's own source files, where the names it re-exports our calls under are looked for. */
  readonly texts: Iterable<string>;
  /** Whether the program checks with strictNullChecks: without, every call is told what that changes. */
  readonly strictNullChecks: boolean;
}

/** A project opened for a host, before (and across) the programs it makes. */
export interface OpenedProject {
  /** The problems of the entry's and the host's options, each a report with no file. */
  readonly problems: readonly Report[];
  /** The levels of the lint rules, for what judges the whole set (the catalogue). */
  readonly lint?: LintLevels;
  /** Whether a module's text could hold a call of ours: the cheap test before the checker is asked. */
  mentions(text: string): boolean;
  /** The project over one program's compiler; a host whose program is made again asks again. */
  over(compiler: Compiler, report: (report: Report) => void): Project;
}

/**
 * Opens a project the same way for every host (ts-patch, `schemaof build`, the bundlers and the
 * loader, the editor): the call defaults of the plugin entry with the host's options over them,
 * each key checked alike, and the names the project re-exports our calls under.
 */
export function openProject(setup: ProjectSetup): OpenedProject {
  const given = Object.entries(setup.options ?? {}).filter(([, value]) => value !== undefined);
  const { defaults, problems } = readPluginConfig({ ...setup.entry, ...Object.fromEntries(given) });
  const aliases = reexportedNames(setup.texts);
  return {
    problems: problems.map((problem) => configReport(problem.code, problem.message)),
    lint: defaults.lint,
    mentions: (text) => mentionsIntrinsic(text, aliases),
    over: (compiler, report) => createProject(compiler, { defaults, report, aliases, strictNullChecks: setup.strictNullChecks }),
  };
}
