import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { loadTs7, Ts7Session, type Ts7 } from "../compiler/loadTs7";
import { fromTs7, type T7Checker, type T7Program } from "../compiler/fromTs7";
import { createTypeView } from "../types/createTypeView";
import { mentionsIntrinsic } from "../discover/findCalls";
import { readPluginConfig } from "../discover/readPluginConfig";
import { rewriteFile, type Project } from "../rewrite/rewriteFile";
import { fingerprint } from "../rewrite/fingerprint";
import type { Report } from "../diagnostics/report";
import { readPluginEntry } from "./readTsconfig";
import { formatReport } from "./formatReport";
import { startTsc } from "./runTsc";
import { rewriteOutputs, type RewriteEntry } from "./rewriteOutputs";
import { OutputState } from "./outputState";
import { cacheFile } from "./cacheFile";
import { status, watchProject, type Changes } from "./watchProject";
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
  if (request.watch) console.out(status("Starting compilation in watch mode..."));
  const builder = new Ts7Builder(ts7, request, console, time);
  try {
    const first = await builder.build();
    if (!request.watch) return first.code;
    const known = new Set(builder.rootFiles());
    return await watchProject(request, builder.watchedRoots(), known, first.errors, async (changes) => (await builder.build(changes)).errors, console);
  } finally {
    builder.close();
  }
}

/** One project's builds: the first, and under --watch each one after a change. */
class Ts7Builder {
  private readonly session: Ts7Session;
  private readonly options: Record<string, unknown>;
  /** Every file that names one of our calls, with its rewrite and fingerprint. */
  private readonly rewrites = new Map<string, RewriteEntry>();
  /** Our diagnostics, by file, so that a rebuild prints the untouched files' again, as tsc does. */
  private readonly reports = new Map<string, Report[]>();
  private readonly state: OutputState | undefined;
  private readonly buildInfo: string | undefined;
  /** The first incremental build after the state was lost emits everything, to start it again. */
  private full = false;

  constructor(
    private readonly ts7: Ts7,
    private readonly request: BuildRequest,
    private readonly console: Console,
    private readonly time: (step: string) => void,
  ) {
    this.session = new Ts7Session(ts7, request.configFile, dirname(request.configFile));
    time("open the project");
    this.options = this.session.options();
    if (request.watch) {
      this.state = OutputState.inMemory();
      this.buildInfo = join(this.scratch(), "watch.tsbuildinfo");
    } else if (this.options.incremental || this.options.composite) {
      const file = cacheFile(request.configFile, "outputs.json");
      const saved = file ? OutputState.load(file) : undefined;
      this.full = saved === undefined;
      this.state = saved ?? (file ? OutputState.empty(file) : undefined);
    }
  }

  rootFiles(): readonly string[] {
    return this.session.rootFiles();
  }

  /** The folders whose files --watch looks at: those of the project's own files. */
  watchedRoots(): string[] {
    return [...new Set(this.rootFiles().map((file) => dirname(file)))];
  }

  /** Builds, after `changed` files changed (the first build when undefined): the exit code tsc would give, and how many errors it printed. */
  async build(changed?: Changes): Promise<{ code: number; errors: number }> {
    const { request, options, console } = this;
    const emits = !request.noEmit && !options.noEmit;
    // The calls are found in the output through source maps; a project that asks for none gets them
    // only for that, inline (no map files to write and remove again).
    const dropMaps = !options.sourceMap && !options.inlineSourceMap;
    const tscArgs = (noEmit: boolean) => [
      "-p", request.configFile, "--pretty", "false", "--listEmittedFiles",
      ...(noEmit ? ["--noEmit"] : dropMaps ? ["--inlineSourceMap"] : []),
      // Without the state of the last build, one that starts from no build info emits every file (composite projects cannot turn incremental off).
      ...(this.buildInfo ? ["--incremental", "--tsBuildInfoFile", this.buildInfo] : this.full ? ["--tsBuildInfoFile", join(this.scratch(), "fresh.tsbuildinfo")] : []),
    ];

    // With noEmitOnError, our errors must be known before tsc writes anything.
    const first = options.noEmitOnError ? undefined : await startTsc(this.ts7.packageDir, tscArgs(!emits), request.cwd);
    if (changed) this.session.changed(changed);
    this.analyze(changed);
    this.time("analyze");
    const ours = () => [...this.reports.values()].flat();
    const finish = first ?? (await startTsc(this.ts7.packageDir, tscArgs(!emits || ours().length > 0), request.cwd));
    const run = await finish();
    this.time("wait for tsc");
    console.out(run.output);

    if (run.crash !== undefined) {
      removeOutputs(run.emitted);
      console.error(`error: TypeScript ${this.ts7.version}'s compiler (tsc) failed: ${run.crash}\nNothing it wrote was kept; run 'schemaof build' again, and report the crash if it stays.\n`);
      return { code: 1, errors: 1 };
    }
    const late: Report[] = [];
    try {
      rewriteOutputs(run.emitted, { rewrites: this.rewrites, dropMaps, state: this.state, report: (report) => late.push(report) });
      this.state?.save();
      this.full = false;
    } catch (error) {
      removeOutputs(run.emitted);
      throw error;
    }
    this.time("rewrite the output");
    const reports = [...ours(), ...late];
    for (const report of reports) console.out(formatReport(report, request.cwd));
    const errors = (run.output.match(/\berror TS\d+:/g) ?? []).length + reports.length;
    if (reports.length === 0) return { code: run.code!, errors };
    return { code: Math.max(run.code!, run.emitted.length > 0 ? 2 : 1), errors };
  }

  /**
   * Decides every call of ours on TypeScript 7's checker: in each file that names one, on the
   * first build; after a change, in the files whose schemas read one of the changed files.
   */
  private analyze(changed?: Changes): void {
    const touched = changed && new Set([...changed.changed, ...changed.created, ...changed.deleted]);
    for (const file of changed?.deleted ?? []) {
      this.rewrites.delete(file);
      this.reports.delete(file);
    }
    const project = this.session.project!;
    const program = project.program as T7Program;
    const compiler = fromTs7(this.ts7, program, project.checker as T7Checker);
    const plugin = readPluginConfig(readPluginEntry(this.request.configFile));
    let reports: Report[] = [];
    const shared: Project = { compiler, view: createTypeView(compiler), defaults: plugin.defaults, cache: new Map(), report: (report) => reports.push(report) };
    for (const fileName of this.session.rootFiles()) {
      if (!SOURCE.test(fileName) || DECLARATION.test(fileName)) continue;
      const known = this.rewrites.get(fileName);
      if (touched && known && !touched.has(fileName) && !known.rewrite?.dependencies.some((file) => touched.has(file))) continue;
      if (touched && !known && !touched.has(fileName)) continue;
      const sourceFile = program.getSourceFile(fileName);
      if (!sourceFile || !mentionsIntrinsic(sourceFile.text)) {
        this.rewrites.delete(fileName);
        this.reports.delete(fileName);
        continue;
      }
      reports = [];
      const rewrite = rewriteFile(shared, sourceFile);
      this.rewrites.set(fileName, { sourceFile, rewrite, fingerprint: fingerprint(rewrite) });
      this.reports.set(fileName, reports);
    }
    for (const problem of plugin.problems) this.reports.set("", [configReport(problem.code, problem.message)]);
  }

  private scratchDir: string | undefined;
  /** A folder of this process's own, removed on close. */
  private scratch(): string {
    return (this.scratchDir ??= mkdtempSync(join(tmpdir(), "schemaof-build-")));
  }

  close(): void {
    this.session.close();
    for (const dir of [this.scratchDir, this.buildInfo && dirname(this.buildInfo)]) if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

/** A problem with the plugin entry: a diagnostic with no file, as tsc prints option errors. */
function configReport(code: Report["code"], message: string): Report {
  return { start: 0, length: 0, code, headline: message, lines: [] };
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

export type { Ts7 };
