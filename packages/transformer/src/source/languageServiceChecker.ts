import type * as ts from "typescript";
import { tsStrictNullChecks } from "../compiler/strictNullChecks";
import { dirname } from "node:path";
import { fromTs, ownSourceFiles } from "../compiler/fromTs";
import type { Compiler } from "../compiler/Compiler";
import { PROGRAM_INPUT, type ModuleChecker } from "./ModuleChecker";

/**
 * TypeScript 5/6: one LanguageService over the project's tsconfig. Its program is made again only
 * when a file's version moves (a change on disk, or a module whose text another plugin changed),
 * never per module: bumping a version per transform rebuilt the checker for each (2.7 to 3.5 s for
 * 50 files, against 1 to 3 ms a module warm).
 */
export function languageServiceChecker(tsi: typeof ts, configFile: string): ModuleChecker {
  const parsed = parseConfig(tsi, configFile);
  const roots = new Set(parsed.fileNames);
  const versions = new Map<string, number>();
  /** Texts handed in that differ from the disk's. */
  const overlays = new Map<string, string>();
  let projectVersion = 0;
  const bump = (fileName: string) => {
    versions.set(fileName, (versions.get(fileName) ?? 0) + 1);
    projectVersion++;
  };
  const host: ts.LanguageServiceHost = {
    getProjectVersion: () => String(projectVersion),
    getScriptFileNames: () => [...roots],
    getScriptVersion: (fileName) => String(versions.get(fileName) ?? 0),
    getScriptSnapshot(fileName) {
      const text = overlays.get(fileName) ?? tsi.sys.readFile(fileName);
      return text === undefined ? undefined : tsi.ScriptSnapshot.fromString(text);
    },
    getCompilationSettings: () => parsed.options,
    getProjectReferences: () => parsed.projectReferences,
    getCurrentDirectory: () => dirname(configFile),
    getDefaultLibFileName: (options) => tsi.getDefaultLibFilePath(options),
    fileExists: tsi.sys.fileExists,
    readFile: tsi.sys.readFile,
    readDirectory: tsi.sys.readDirectory,
    directoryExists: tsi.sys.directoryExists,
    getDirectories: tsi.sys.getDirectories,
    realpath: tsi.sys.realpath,
    useCaseSensitiveFileNames: () => tsi.sys.useCaseSensitiveFileNames,
  };
  const service = tsi.createLanguageService(host, tsi.createDocumentRegistry());
  let compiled: { program: ts.Program; compiler: Compiler } | undefined;
  const current = () => {
    const program = service.getProgram()!;
    if (compiled?.program !== program) compiled = { program, compiler: fromTs(tsi, program) };
    return compiled;
  };

  return {
    version: tsi.version,
    strictNullChecks: tsStrictNullChecks(tsi, parsed.options),
    open(fileName, code) {
      let { program } = current();
      let sourceFile = program.getSourceFile(fileName);
      if (!sourceFile) {
        // A module the tsconfig does not list (a bundler's entry outside `include`) joins the program.
        roots.add(fileName);
        projectVersion++;
        program = current().program;
        sourceFile = program.getSourceFile(fileName);
        if (!sourceFile) return { problem: `TypeScript cannot read '${fileName}'` };
      }
      if (sourceFile.text !== code) {
        overlays.set(fileName, code);
        bump(fileName);
        sourceFile = current().program.getSourceFile(fileName)!;
      }
      return { compiler: current().compiler, sourceFile };
    },
    hasSyntaxErrors: (sourceFile) => current().program.getSyntacticDiagnostics(sourceFile).length > 0,
    ownFiles() {
      const { program } = current();
      return ownSourceFiles(program).map(({ fileName, text }) => ({ fileName, text }));
    },
    changed(fileName) {
      if (!PROGRAM_INPUT.test(fileName)) return;
      overlays.delete(fileName);
      bump(fileName);
    },
    close() {
      service.dispose();
    },
  };
}

/** The tsconfig as tsc reads it; its errors in tsc's words. */
function parseConfig(tsi: typeof ts, configFile: string): ts.ParsedCommandLine {
  const errors: ts.Diagnostic[] = [];
  const parsed = tsi.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    { ...tsi.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => errors.push(diagnostic) },
  );
  if (!parsed) throw new Error(tsi.flattenDiagnosticMessageText(errors[0]?.messageText ?? `cannot read '${configFile}'`, "\n"));
  return parsed;
}
