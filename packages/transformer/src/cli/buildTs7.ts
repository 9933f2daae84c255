import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { ts7StrictNullChecks } from "../compiler/strictNullChecks";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { loadTs7, Ts7Session, type Ts7 } from "../compiler/loadTs7";
import { fromTs7, type T7Checker, type T7Program } from "../compiler/fromTs7";
import { fingerprint, openProject, readPluginEntry, readText, rewriteFile } from "../project";
import type { Report } from "../diagnostics/report";
import { toolSetProblems } from "../budget/toolSetProblems";
import { formatReport } from "../diagnostics/formatReport";
import { startTsc } from "./runTsc";
import { rewriteOutputs, type RewriteEntry } from "./rewriteOutputs";
import { OutputState } from "./outputState";
import { cacheFile } from "../project/cacheFile";
import { SOURCE, status, watchProject, type Changes } from "./watchProject";
import type { BuildRequest, Console } from "./BuildRequest";

/** Source files tsc compiles (SOURCE), not declarations. */
/** Where the reports of the whole tool set are kept, beside each file's. */
const TOOL_SETS = "<tool sets>";
const DECLARATION = /\.d\.(?:ts|tsx|mts|cts)$|\.d\.[^.]+\.ts$/;

/**
 * `schemaof build` on TypeScript 7, which has no transformer API: the project's own tsc emits the
 * project as it always does (its JavaScript, declarations, maps and diagnostics are tsc's), while
 * the analysis runs on TypeScript 7's checker through its API; then each emitted file that holds
 * a call of ours is edited in place (cli/rewriteOutputs). Both run at once, on two processes.
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
    return await watchProject(
      request,
      { roots: builder.watchedRoots(), known, ignored: (path) => builder.ignored(path) },
      first.errors,
      async (changes) => (await builder.build(changes)).errors,
      console,
    );
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
  /** The files analysed at least once: under --watch a file new to the program is analysed, wherever it came from. */
  private readonly analysed = new Set<string>();
  /** Our diagnostics, by file, so that a rebuild prints the untouched files' again, as tsc does. */
  private readonly reports = new Map<string, Report[]>();
  private readonly state: OutputState | undefined;
  private readonly buildInfo: string | undefined;
  /** The first incremental build after the state was lost emits everything, to start it again. */
  private full = false;
  /** No state was found: this build must see every output written (else it is run again, from fresh build info). */
  private fresh = false;

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
      this.state = saved ?? (file ? OutputState.empty(file) : undefined);
      // Without what the last build edited (a first build, a project built with plain tsc before), every
      // file must be emitted: the build info tsc keeps goes, or, where it is not found, a fresh one is used.
      if (!saved) {
        const buildInfo = buildInfoOf(request.configFile, this.options);
        if (existsSync(buildInfo)) rmSync(buildInfo);
        this.fresh = true;
      }
    }
  }

  rootFiles(): readonly string[] {
    return this.session.rootFiles();
  }

  /**
   * The folders --watch looks at: the project's, and those of every file of its program outside
   * node_modules (a type imported from `../shared`, a referenced project's sources).
   */
  watchedRoots(): string[] {
    const program = this.session.project!.program as T7Program;
    const own = (file: string) => !/[\\/]node_modules[\\/]/.test(file) && !(this.ts7.libDir && file.startsWith(this.ts7.libDir));
    const files = [...(program.getSourceFileNames?.() ?? []), ...this.rootFiles()].filter(own);
    return [...new Set([dirname(this.request.configFile), ...files.map((file) => dirname(file))])];
  }

  /** What --watch leaves alone: declarations, and what the build writes. */
  ignored(path: string): boolean {
    const outputs = [this.options.outDir, this.options.declarationDir].filter((dir): dir is string => typeof dir === "string");
    return /\.d\.[cm]?ts$/.test(path) || outputs.some((dir) => path === dir || path.startsWith(dir + sep));
  }

  /** Where tsc writes a source's JavaScript: `outDir`, relative to `rootDir` (TypeScript 7: the tsconfig's folder by default). */
  outputOf(source: string): string[] {
    const stem = inOutDir(source, this.request.configFile, this.options).replace(/\.[cm]?tsx?$/, "");
    if (/\.mts$/.test(source)) return [`${stem}.mjs`];
    if (/\.cts$/.test(source)) return [`${stem}.cjs`];
    return /\.tsx$/.test(source) ? [`${stem}.js`, `${stem}.jsx`] : [`${stem}.js`];
  }

  /** Builds, after `changed` files changed (the first build when undefined): the exit code tsc would give, and how many errors it printed. */
  async build(changed?: Changes): Promise<{ code: number; errors: number }> {
    const { request, options, console } = this;
    const emits = !request.noEmit && !options.noEmit;
    // The calls are found in the output through source maps; a project that asks for none gets them
    // only for that, inline (no map files to write and remove again; files where `mapRoot` forbids inline).
    const dropMaps = !options.sourceMap && !options.inlineSourceMap;
    const tscArgs = (noEmit: boolean) => [
      "-p",
      request.configFile,
      "--pretty",
      "false",
      "--listEmittedFiles",
      ...(noEmit ? ["--noEmit"] : dropMaps ? [options.mapRoot ? "--sourceMap" : "--inlineSourceMap"] : []),
      // Without the state of the last build, one that starts from no build info emits every file (composite projects cannot turn incremental off).
      ...(this.buildInfo
        ? ["--incremental", "--tsBuildInfoFile", this.buildInfo]
        : this.full
          ? ["--tsBuildInfoFile", join(this.scratch(), "fresh.tsbuildinfo")]
          : []),
    ];

    // With noEmitOnError, our errors must be known before tsc writes anything.
    const first = options.noEmitOnError ? undefined : await startTsc(this.ts7.packageDir, tscArgs(!emits), request.cwd);
    try {
      if (changed) this.session.changed(changed);
      this.analyze(changed);
    } catch (error) {
      // What tsc writes meanwhile would pass for a build (and, incremental, not be written again): it goes.
      if (first) removeOutputs((await first()).emitted);
      throw error;
    }
    this.time("analyze");
    const ours = () => [...this.reports.values()].flat();
    const finish = first ?? (await startTsc(this.ts7.packageDir, tscArgs(!emits || ours().length > 0), request.cwd));
    const run = await finish();
    this.time("wait for tsc");
    console.out(run.output);

    if (run.crash !== undefined) {
      removeOutputs(run.emitted);
      console.error(
        `error: TypeScript ${this.ts7.version}'s compiler (tsc) failed: ${run.crash}\nNothing it wrote was kept; run 'schemaof build' again, and report the crash if it stays.\n`,
      );
      return { code: 1, errors: 1 };
    }
    // The build info was not where it was looked for, and tsc skipped outputs we never edited: once more, from fresh build info.
    const emitted = new Set(run.emitted);
    if (this.fresh && emits && [...this.rewrites.keys()].some((source) => !this.outputOf(source).some((output) => emitted.has(output)))) {
      this.fresh = false;
      this.full = true;
      return this.build(changed);
    }
    this.fresh = false;
    const late: Report[] = [];
    if (emits) {
      try {
        rewriteOutputs(run.emitted, {
          rewrites: this.rewrites,
          outputOf: (source) => this.outputOf(source),
          dropMaps,
          state: this.state,
          report: (report) => late.push(report),
        });
        this.state?.save();
        this.full = false;
      } catch (error) {
        removeOutputs(run.emitted);
        throw error;
      }
      this.time("rewrite the output");
    }
    const reports = [...ours(), ...late];
    for (const report of reports) console.out(formatReport(report, request.cwd));
    // Lint warnings are printed with the rest and leave the exit code as tsc's.
    const failing = reports.filter((report) => !report.warning).length;
    const errors = (run.output.match(/\berror TS\d+:/g) ?? []).length + failing;
    if (failing === 0) return { code: run.code!, errors };
    const wrote = run.emitted.some((file) => !file.endsWith(".tsbuildinfo"));
    return { code: Math.max(run.code!, wrote ? 2 : 1), errors };
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
    let reports: Report[] = [];
    // The files' texts from disk: only those that name a call of ours are asked of the compiler.
    const roots = new Set(this.session.rootFiles());
    const texts = new Map([...roots].filter((file) => SOURCE.test(file) && !DECLARATION.test(file)).map((file) => [file, readText(file) ?? ""] as const));
    const opened = openProject({
      entry: readPluginEntry(this.request.configFile),
      texts: texts.values(),
      strictNullChecks: ts7StrictNullChecks(this.options),
    });
    const shared = opened.over(compiler, (report) => void reports.push(report));
    // In the program's order of files, as TypeScript 5/6 emits (and so analyses) them.
    for (const fileName of (program.getSourceFileNames?.() ?? [...roots]).filter((file) => texts.has(file))) {
      const known = this.rewrites.get(fileName);
      if (touched && known && !touched.has(fileName) && !known.rewrite?.dependencies.some((file) => touched.has(file))) continue;
      if (touched && !known && !touched.has(fileName) && this.analysed.has(fileName)) continue;
      this.analysed.add(fileName);
      const sourceFile = opened.mentions(texts.get(fileName) ?? "") ? program.getSourceFile(fileName) : undefined;
      if (!sourceFile) {
        this.rewrites.delete(fileName);
        this.reports.delete(fileName);
        continue;
      }
      reports = [];
      const rewrite = rewriteFile(shared, sourceFile);
      this.rewrites.set(fileName, { sourceFile, rewrite, fingerprint: fingerprint(rewrite) });
      this.reports.set(fileName, reports);
    }
    for (const problem of opened.problems) this.reports.set("", [problem]);
    // Every tool of the project is known now (those of files left alone are kept): the tool sets against the providers' limits.
    this.reports.set(TOOL_SETS, toolSetProblems([...this.rewrites.values()].map((known) => known.rewrite)));
  }

  private scratchDir: string | undefined;
  /** A folder of this process's own, removed on close. */
  private scratch(): string {
    return (this.scratchDir ??= mkdtempSync(join(tmpdir(), "schemaof-build-")));
  }

  close(): void {
    this.session.close();
    if (this.scratchDir) rmSync(this.scratchDir, { recursive: true, force: true });
  }
}

/** Where tsc keeps its build info: `tsBuildInfoFile`, else beside the tsconfig as `outDir` and `rootDir` place it. */
function buildInfoOf(configFile: string, options: Record<string, unknown>): string {
  if (typeof options.tsBuildInfoFile === "string") return resolve(dirname(configFile), options.tsBuildInfoFile);
  return `${inOutDir(configFile.replace(/\.json$/, ""), configFile, options)}.tsbuildinfo`;
}

/** Where `outDir` puts a path of the project: at its place under `rootDir` (TypeScript 7: the tsconfig's folder by default); in place without an outDir. */
function inOutDir(path: string, configFile: string, options: Record<string, unknown>): string {
  if (typeof options.outDir !== "string") return path;
  const rootDir = typeof options.rootDir === "string" ? options.rootDir : dirname(configFile);
  return join(options.outDir, relative(rootDir, path));
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
