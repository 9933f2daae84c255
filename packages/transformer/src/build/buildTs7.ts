import { rmSync } from "node:fs";
import { dirname } from "node:path";
import type * as ts from "typescript";
import { loadTs7, Ts7Session, type Ts7 } from "../compiler/loadTs7";
import { fromTs7, type T7Checker, type T7Program } from "../compiler/fromTs7";
import { createTypeView } from "../types/createTypeView";
import { mentionsIntrinsic } from "../discover/findCalls";
import { readPluginConfig } from "../discover/readPluginConfig";
import { rewriteFile, type Project } from "../rewrite/rewriteFile";
import type { Report } from "../diagnostics/report";
import { readPluginEntry } from "./readTsconfig";
import { formatReport } from "./formatReport";
import { startTsc } from "./runTsc";
import { rewriteOutputs, type Rewrites } from "./rewriteOutputs";
import type { BuildRequest, Console } from "./BuildRequest";

/** Source files tsc compiles: not declarations, not JSON. */
const SOURCE = /\.(?:ts|tsx|mts|cts)$/;
const DECLARATION = /\.d\.(?:ts|tsx|mts|cts)$|\.d\.[^.]+\.ts$/;

/**
 * `schemaof build` on TypeScript 7, which has no transformer API: the project's own tsc emits the
 * project as it always does (its JavaScript, declarations, maps and diagnostics are tsc's), while
 * the analysis runs on TypeScript 7's checker through its API; then each emitted file that holds
 * a call of ours is edited in place (build/rewriteOutputs). Both run at once, on two processes.
 */
export async function buildTs7(request: BuildRequest, packageDir: string, console: Console): Promise<number> {
  const time = timer(console);
  const ts7 = await loadTs7(packageDir);
  time("load the API");
  const session = new Ts7Session(ts7, request.configFile, dirname(request.configFile));
  time("open the project");
  try {
    const options = session.options();
    const emits = !request.noEmit && !options.noEmit;
    // The calls are found in the output through source maps; a project that asks for none gets them
    // only for that, inline (no map files to write and remove again).
    const dropMaps = !options.sourceMap && !options.inlineSourceMap;
    const tscArgs = (noEmit: boolean) => ["-p", request.configFile, "--pretty", "false", "--listEmittedFiles", ...(noEmit ? ["--noEmit"] : dropMaps ? ["--inlineSourceMap"] : [])];

    // With noEmitOnError, our errors must be known before tsc writes anything.
    const first = options.noEmitOnError ? undefined : await startTsc(packageDir, tscArgs(!emits), request.cwd);
    const reports: Report[] = [];
    const rewrites = analyze(ts7, session, request, (report) => reports.push(report));
    time("analyze");
    const finish = first ?? (await startTsc(packageDir, tscArgs(!emits || reports.length > 0), request.cwd));
    const run = await finish();
    time("wait for tsc");
    console.out(run.output);

    if (run.crash !== undefined) {
      removeOutputs(run.emitted);
      console.error(`error: TypeScript ${ts7.version}'s compiler (tsc) failed: ${run.crash}\nNothing it wrote was kept; run 'schemaof build' again, and report the crash if it stays.\n`);
      return 1;
    }
    try {
      rewriteOutputs(run.emitted, rewrites, dropMaps, (report) => reports.push(report));
    } catch (error) {
      removeOutputs(run.emitted);
      throw error;
    }
    time("rewrite the output");
    for (const report of reports) console.out(formatReport(report, request.cwd));
    if (reports.length === 0) return run.code!;
    return Math.max(run.code!, run.emitted.length > 0 ? 2 : 1);
  } finally {
    session.close();
  }
}

/** Every call of ours in the project's own files, decided on TypeScript 7's checker. */
export function analyze(ts7: Ts7, session: Ts7Session, request: BuildRequest, report: (report: Report) => void): Rewrites {
  const project = session.project!;
  const program = project.program as T7Program;
  const compiler = fromTs7(ts7, program, project.checker as T7Checker);
  const plugin = readPluginConfig(readPluginEntry(request.configFile));
  const shared: Project = { compiler, view: createTypeView(compiler), defaults: plugin.defaults, cache: new Map(), report };
  const rewrites = new Map<string, { sourceFile: ts.SourceFile; rewrite: NonNullable<ReturnType<typeof rewriteFile>> }>();
  for (const fileName of session.rootFiles()) {
    if (!SOURCE.test(fileName) || DECLARATION.test(fileName)) continue;
    const sourceFile = program.getSourceFile(fileName);
    if (!sourceFile || !mentionsIntrinsic(sourceFile.text)) continue;
    const rewrite = rewriteFile(shared, sourceFile);
    if (rewrite && rewrite.calls.length) rewrites.set(sourceFile.fileName, { sourceFile, rewrite });
  }
  return rewrites;
}

/** SCHEMAOF_TIMING=1: how long each step took, on stderr. */
function timer(console: Console): (step: string) => void {
  let last = performance.now();
  return (step) => {
    if (!process.env.SCHEMAOF_TIMING) return;
    const now = performance.now();
    console.error(`schemaof: ${step}: ${(now - last).toFixed(0)} ms\n`);
    last = now;
  };
}

/** What a failed build wrote is taken away, so that nothing half-done passes for a build. */
function removeOutputs(files: readonly string[]): void {
  for (const file of files) rmSync(file, { force: true });
}
