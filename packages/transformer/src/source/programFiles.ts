import type * as ts from "typescript";
import { tsStrictNullChecks } from "../compiler/strictNullChecks";
import { fromTs, ownSourceFiles } from "../compiler/fromTs";
import { openProject, pluginEntry, rewriteFile, type FileRewrite, type OpenedProject, type Project, type ProjectOptions } from "../project";
import { toTsDiagnostic, type Report } from "../diagnostics/report";

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
export function programFiles(tsi: typeof ts, config: ProjectOptions & Readonly<Record<string, unknown>> = {}) {
  const known = new WeakMap<ts.Program, { opened: OpenedProject; project: Project; reports: Report[]; files: Map<string, FileAnalysis> }>();
  const stateOf = (program: ts.Program) => {
    let state = known.get(program);
    if (!state) {
      const options = program.getCompilerOptions();
      const texts = ownSourceFiles(program).map((file) => file.text);
      const opened = openProject({ entry: pluginEntry(options), options: config, texts, strictNullChecks: tsStrictNullChecks(tsi, options) });
      const reports = [...opened.problems];
      const project = opened.over(fromTs(tsi, program), (report) => void reports.push(report));
      known.set(program, (state = { opened, project, reports, files: new Map() }));
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
      if (!sourceFile || sourceFile.isDeclarationFile || !state.opened.mentions(sourceFile.text)) {
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
