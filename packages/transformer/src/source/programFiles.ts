import type * as ts from "typescript";
import { tsStrictNullChecks } from "../compiler/strictNullChecks";
import { fromTs } from "../compiler/fromTs";
import { createTypeView } from "../types/createTypeView";
import { readPluginConfig } from "../discover/readPluginConfig";
import { mentionsIntrinsic, reexportedNames } from "../discover/findCalls";
import { rewriteFile, type Project } from "../rewrite/rewriteFile";
import { toTsDiagnostic, configReport, type Report } from "../diagnostics/report";
import type { FileRewrite } from "../rewrite/Rewrite";

/** One file's analysis in a program someone else keeps (the editor's): our diagnostics, and the rewrite when there is one. */
export interface FileAnalysis {
  readonly diagnostics: readonly ts.Diagnostic[];
  readonly rewrite?: FileRewrite;
}

/**
 * Our analysis of the files of programs that another host makes and makes again (tsserver after
 * each edit): one Project per program, each file analysed once per program, nothing kept for a
 * program that is gone. `config` is the plugin entry's options, over the tsconfig's
 * `@schemaof/transformer` entry.
 */
export function programFiles(tsi: typeof ts, config: Record<string, unknown> = {}) {
  const known = new WeakMap<ts.Program, { project: Project; reports: Report[]; files: Map<string, FileAnalysis> }>();
  const stateOf = (program: ts.Program) => {
    let state = known.get(program);
    if (!state) {
      const entry = ((program.getCompilerOptions().plugins ?? []) as { transform?: string }[]).find((plugin) => plugin.transform === "@schemaof/transformer") as Record<string, unknown> | undefined;
      const { defaults, problems } = readPluginConfig({ ...entry, ...config });
      const compiler = fromTs(tsi, program);
      const own = program.getSourceFiles().filter((file) => !file.isDeclarationFile && !program.isSourceFileFromExternalLibrary(file));
      const reports: Report[] = problems.map((problem) => configReport(problem.code, problem.message));
      const strictNullChecks = tsStrictNullChecks(tsi, program.getCompilerOptions());
      const project: Project = { compiler, view: createTypeView(compiler), defaults, cache: new Map(), report: (report) => void reports.push(report), aliases: reexportedNames(own.map((file) => file.text)), strictNullChecks };
      known.set(program, (state = { project, reports, files: new Map() }));
    }
    return state;
  };
  /** Problems of the plugin entries' options, as option diagnostics. */
  const options = (program: ts.Program): ts.Diagnostic[] => stateOf(program).reports.map((report) => toTsDiagnostic(tsi, report));
  const file = (program: ts.Program, fileName: string): FileAnalysis => {
    const state = stateOf(program);
    let analysis = state.files.get(fileName);
    if (!analysis) {
      const sourceFile = program.getSourceFile(fileName);
      if (!sourceFile || sourceFile.isDeclarationFile || !mentionsIntrinsic(sourceFile.text, state.project.aliases)) {
        analysis = { diagnostics: [] };
      } else {
        const reports: Report[] = [];
        const rewrite = rewriteFile({ ...state.project, report: (report) => void reports.push(report) }, sourceFile);
        analysis = { diagnostics: reports.map((report) => toTsDiagnostic(tsi, report)), rewrite };
      }
      state.files.set(fileName, analysis);
    }
    return analysis;
  };
  return { file, options };
}
