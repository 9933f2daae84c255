import type * as ts from "typescript";
import { tsStrictNullChecks } from "./compiler/strictNullChecks";
import { fromTs, ownSourceFiles } from "./compiler/fromTs";
import { openProject, rewriteFile, type FileRewrite, type ProjectOptions } from "./project";
import { toAst } from "./render/toAst";
import { toolSetProblems } from "./budget/toolSetProblems";
import { toTsDiagnostic, type Report } from "./diagnostics/report";
import { formatReport } from "./diagnostics/formatReport";
import { relative } from "node:path";
import { programRewrites } from "./cache/programRewrites";

/** What ts-patch hands a program transformer as its third argument (and `schemaof build` a little more). */
export interface TransformerExtras {
  readonly ts?: typeof ts;
  readonly addDiagnostic?: (diagnostic: ts.Diagnostic) => number | void;
  /**
   * Where lint warnings go, for a host that tells a warning from an error (`schemaof build`). Without
   * it they are printed on stdout in tsc's format: tsc counts every diagnostic it is given towards its
   * exit code, so a warning handed to ts-patch's addDiagnostic would fail a tspc build.
   */
  readonly addWarning?: (diagnostic: ts.Diagnostic) => void;
  /** Told each file's rewrite as it is emitted: a host that re-emits stale files needs what each read. */
  readonly onRewrite?: (sourceFile: ts.SourceFile, rewrite: FileRewrite | undefined) => void;
  /** Analyse the calls for their diagnostics and leave the file as it is (`schemaof check`, which emits nothing). */
  readonly analyzeOnly?: boolean;
}

/**
 * The ts-patch host: `{ "transform": "@schemaof/transformer" }` in compilerOptions.plugins, with
 * project defaults for the call options beside it (`"refs": true`).
 */
export default function schemaofTransformer(
  program: ts.Program,
  config: ProjectOptions & Readonly<Record<string, unknown>> = {},
  extras: TransformerExtras = {},
): ts.TransformerFactory<ts.SourceFile> {
  // The user's compiler, as ts-patch hands it in; a second copy would not know this program's nodes.
  const tsi: typeof ts = extras.ts ?? require("typescript");
  // ts-patch and `schemaof build` hand in addDiagnostic; a host that calls the transformer itself
  // (ts-loader's getCustomTransformers, ts-node, @rollup/plugin-typescript) hands in none, and there
  // a call left with an error would pass silently until it throws at run time: see printUnheard.
  const unheard: Report[] | undefined = extras.addDiagnostic ? undefined : [];
  const warnings: Report[] = [];
  const report = (found: Report) => {
    if (found.warning && extras.addWarning) extras.addWarning(toTsDiagnostic(tsi, found));
    else if (found.warning) warnings.push(found);
    else if (unheard) unheard.push(found);
    else extras.addDiagnostic!(toTsDiagnostic(tsi, found));
  };
  const options = program.getCompilerOptions();
  const texts = ownSourceFiles(program).map((file) => file.text);
  const opened = openProject({ entry: config, texts, strictNullChecks: tsStrictNullChecks(tsi, options) });
  opened.problems.forEach(report);
  // What the file being rewritten reported, to keep with its rewrite in the cache.
  let reported: Report[] = [];
  const project = opened.over(fromTs(tsi, program), (found) => {
    reported.push(found);
    report(found);
  });
  const cache = programRewrites(tsi, program, config);
  // The tool sets are judged against the providers' limits once every file with a call of ours is
  // rewritten (a whole build, `schemaof check`); a build that emits some files only cannot judge them.
  const waiting = new Set(
    ownSourceFiles(program)
      .filter((file) => opened.mentions(file.text))
      .map((file) => file.fileName),
  );
  const rewrites = new Map<string, FileRewrite | undefined>();
  const judgeSets = (sourceFile: ts.SourceFile, rewrite: FileRewrite | undefined) => {
    if (waiting.size === 0 || !waiting.delete(sourceFile.fileName)) return;
    rewrites.set(sourceFile.fileName, rewrite);
    if (waiting.size === 0) toolSetProblems(rewrites.values()).forEach(report);
  };
  // Under tsc's own watch or incremental builds (tspc), a schema can go stale: say so once.
  const onRewrite = extras.onRewrite ?? (options.watch || options.incremental || options.composite ? warnStale : undefined);
  /** The file's rewrite from the cache, its reports reported again; else analysed, and kept. */
  const cachedRewrite = (sourceFile: ts.SourceFile): FileRewrite | undefined => {
    if (!opened.mentions(sourceFile.text)) return undefined;
    const hit = cache?.get(sourceFile);
    if (hit) {
      hit.reports.forEach(report);
      return hit.rewrite;
    }
    reported = [];
    const rewrite = rewriteFile(project, sourceFile);
    cache?.put(sourceFile, rewrite, reported);
    return rewrite;
  };
  return (context) => (sourceFile) => {
    if (sourceFile.isDeclarationFile) return sourceFile;
    const rewrite = cachedRewrite(sourceFile);
    judgeSets(sourceFile, rewrite);
    if (unheard?.length) printUnheard(sourceFile, unheard.splice(0));
    if (warnings.length) printWarnings(sourceFile, warnings.splice(0));
    onRewrite?.(sourceFile, rewrite);
    return rewrite && !extras.analyzeOnly ? toAst(tsi, context, sourceFile, rewrite) : sourceFile;
  };
}

/** What was printed for each file, so that a host emitting a file again does not print it twice. */
const printedFor = new Map<string, string>();

/**
 * Our errors, for a host that takes no diagnostics: printed on stderr in tsc's format, and the
 * process's exit code set to 1, as tsc's would be, so that a CLI build (webpack, rollup, ts-node)
 * fails. Not thrown: ts-loader emits every file of the program again after the build, from a hook
 * where an exception is not the module's error but webpack's crash.
 */
function printUnheard(sourceFile: ts.SourceFile, reports: readonly Report[]): void {
  if (printOnce(sourceFile.fileName, reports, process.stderr) && !process.exitCode) process.exitCode = 1;
}

/** Lint warnings where the host has no place for them: on stdout, where tsc prints. */
function printWarnings(sourceFile: ts.SourceFile, reports: readonly Report[]): void {
  printOnce(`warnings:${sourceFile.fileName}`, reports, process.stdout);
}

/** Reports in tsc's format on `stream`, unless the same text was printed under `key` already; whether it printed. */
function printOnce(key: string, reports: readonly Report[], stream: NodeJS.WriteStream): boolean {
  const text = reports.map((found) => formatReport(found, process.cwd())).join("");
  if (printedFor.get(key) === text) return false;
  printedFor.set(key, text);
  stream.write(text);
  return true;
}

let warned = false;

/**
 * tsc re-emits a file only when the declarations it imports change; a default, a JSDoc text or a
 * constraint read from another file is not one of them, and ts-patch gives a transformer no way to
 * ask for a file's emit. So under `tspc --watch` or `"incremental": true` the first file whose
 * schemas read another file's source is named on stderr, once, with what to run instead (a
 * diagnostic would fail the build).
 */
function warnStale(sourceFile: ts.SourceFile, rewrite: FileRewrite | undefined): void {
  const others = rewrite?.dependencies.filter((file) => file !== sourceFile.fileName && !/[\\/]node_modules[\\/]/.test(file)) ?? [];
  if (warned || others.length === 0) return;
  warned = true;
  const name = (file: string) => relative(process.cwd(), file).split("\\").join("/");
  process.stderr.write(
    `schemaof: the schemas of ${name(sourceFile.fileName)} read declarations of ${others.map(name).join(", ")}. Under tsc's --watch or "incremental" ` +
      `builds TypeScript emits a file again only when the types it imports change, so an edit of a default, a JSDoc text or a constraint ` +
      `there leaves its schema stale. Build with 'npx schemaof build' (or 'schemaof build --watch'), which emits it again.\n`,
  );
}

export { Code } from "./diagnostics/messages";
