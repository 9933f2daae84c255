import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { ts7StrictNullChecks } from "../compiler/strictNullChecks";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { loadTs7, ts7Version, Ts7Session, type Ts7 } from "../compiler/loadTs7";
import { fromTs7, type T7Checker, type T7Program } from "../compiler/fromTs7";
import { fingerprint, openProject, readPluginEntry, readText, rewriteFile } from "../project";
import { Build7Cache, outputFolders, type ProjectFacts } from "./build7Cache";
import { BUILD, caching, traceCache } from "../cache/buildStamp";
import type { Report } from "../diagnostics/report";
import { toolSetProblems } from "../budget/toolSetProblems";
import { formatReport } from "../diagnostics/formatReport";
import { startTsc, type RunningTsc, type TscRun } from "./runTsc";
import { snapshotPath, writeSnapshot } from "./buildSnapshot";
import { projectState } from "../cache/projectState";
import { hashOf, textHash, unchangedSince } from "../cache/entryCache";
import type { RawOutput } from "./outputState";
import { stampOf, writeLaunch } from "./launchRecord";
import { configChain } from "../project/configChain";
import { rewriteOutputs, type EditedOutput, type OutputJob, type RewriteEntry } from "./rewriteOutputs";
import { outputAfter, sourceEdit, type SourceSide } from "./sourceEdit";
import { OutputState } from "./outputState";
import { cacheFile } from "../project/cacheFile";
import { status, watchProject, type Changes } from "./watchProject";
import { DECLARATION, SOURCE } from "../project/fileKinds";
import type { BuildRequest, Console } from "./BuildRequest";

/** Where the reports of the whole tool set are kept, beside each file's. */
const TOOL_SETS = "<tool sets>";

/**
 * `schemaof build` on TypeScript 7, which has no transformer API: the project's own tsc emits the
 * project as it always does (its JavaScript, declarations, maps and diagnostics are tsc's), while
 * the analysis runs on TypeScript 7's checker through its API; then each emitted file that holds
 * a call of ours is edited in place (cli/rewriteOutputs). Both run at once, on two processes.
 */
export async function buildTs7(request: BuildRequest, packageDir: string, console: Console): Promise<number> {
  const time = timer(console);
  if (request.watch) console.out(status("Starting compilation in watch mode..."));
  // What a launch record is guarded by, before anything reads the tsconfigs: one edited from here on is a change.
  const began = { at: Date.now(), guards: request.launch && !request.watch ? launchGuards(request.configFile, packageDir) : undefined };
  const cache = Build7Cache.open(request.configFile, ts7Version(packageDir));
  const builder = new Ts7Builder(packageDir, cache, request, console, time, began);
  try {
    await builder.start();
    const first = await builder.build();
    if (!request.watch) return first.code;
    const known = new Set(builder.rootFiles());
    const watching = watchProject(
      request,
      { roots: builder.watchedRoots(), known, ignored: (path) => builder.ignored(path) },
      first.errors,
      async (changes) => (await builder.build(changes)).errors,
      console,
    );
    // The project is opened while the user reads the first build's output, not at the first edit:
    // an edit is then told to an open project, and the files as they were can be compared with it.
    builder.openInBackground();
    return await watching;
  } finally {
    builder.close();
  }
}

/** One project's builds: the first, and under --watch each one after a change. */
class Ts7Builder {
  /** TypeScript 7's API, loaded the first time a file misses the cache (or the project must be opened). */
  private ts7: Ts7 | undefined;
  private opened: Ts7Session | undefined;
  private opening: Promise<Ts7Session> | undefined;
  /** Closed: a session still loading is not opened after all. */
  private closed = false;
  /** What TypeScript said of the project, or the cache for it when a build of hits needs no session. */
  private facts: ProjectFacts | undefined;
  private options!: Record<string, unknown>;
  /** Every file that names one of our calls, with its rewrite and fingerprint. */
  private readonly rewrites = new Map<string, RewriteEntry>();
  /** The files analysed at least once: under --watch a file new to the program is analysed, wherever it came from. */
  private readonly analysed = new Set<string>();
  /** The texts of the project's own sources as the last analysis read them. */
  private texts = new Map<string, string>();
  /** Our diagnostics, by file, so that a rebuild prints the untouched files' again, as tsc does. */
  private readonly reports = new Map<string, Report[]>();
  private state: OutputState | undefined;
  private buildInfo: string | undefined;
  /** The first incremental build after the state was lost emits everything, to start it again. */
  private full = false;
  /** No state was found: this build must see every output written (else it is run again, from fresh build info). */
  private fresh = false;

  constructor(
    private readonly packageDir: string,
    private readonly cache: Build7Cache | undefined,
    private readonly request: BuildRequest,
    private readonly console: Console,
    private readonly time: Timer,
    /** When the command began, and the launch record's guards as they were then (a build that keeps one). */
    private readonly began: { readonly at: number; readonly guards?: readonly (readonly [string, string])[] },
  ) {}

  /**
   * Reads the compiler options from the cache, else opens the project in TypeScript 7: tsc can start
   * on them at once, while the cache is checked against the project. Under --watch too, the project
   * is opened only once a file misses or changes.
   */
  async start(): Promise<void> {
    const { request } = this;
    this.options = this.cache?.options() ?? (await this.projectFacts()).options;
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

  /** The project open in TypeScript 7's API process, started the first time a file misses the cache. */
  private session(): Promise<Ts7Session> {
    // Once, whoever asks first (--watch opens it in the background while an edit may come); a failure is tried again next time.
    return (this.opening ??= this.open().catch((error: unknown) => {
      this.opening = undefined;
      throw error;
    }));
  }

  /** --watch: the project opened now, in the background (a failure is left to the rebuild that needs it). */
  openInBackground(): void {
    this.session().catch(() => undefined);
  }

  private async open(): Promise<Ts7Session> {
    const since = Date.now();
    if (this.cache) traceCache?.(`opening TypeScript ${ts7Version(this.packageDir)} for ${this.request.configFile}`);
    this.ts7 = await loadTs7(this.packageDir);
    if (this.closed) throw new Error("the build was closed while TypeScript 7's API loaded");
    this.time("load the API");
    this.opened = new Ts7Session(this.ts7, this.request.configFile, dirname(this.request.configFile));
    this.time("open the project");
    this.cache?.opened(this.factsOf(this.opened), since);
    return this.opened;
  }

  /** The project's facts: the cache's when it was written for the project as it is now, else TypeScript's. */
  private async projectFacts(): Promise<ProjectFacts> {
    return (this.facts ??= this.cache?.facts() ?? this.factsOf(await this.session()));
  }

  private factsOf(session: Ts7Session): ProjectFacts {
    const program = session.project!.program as T7Program;
    const libDir = this.ts7!.libDir;
    const own = (file: string) => !/[\\/]node_modules[\\/]/.test(file) && !(libDir && file.startsWith(libDir));
    return { options: session.options(), rootFiles: session.rootFiles(), files: (program.getSourceFileNames?.() ?? session.rootFiles()).filter(own) };
  }

  /** The roots of the program (--watch, where the project is open). */
  rootFiles(): readonly string[] {
    return this.facts!.rootFiles;
  }

  /**
   * The folders --watch looks at: the project's, and those of every file of its program outside
   * node_modules (a type imported from `../shared`, a referenced project's sources).
   */
  watchedRoots(): string[] {
    const files = [...this.facts!.files, ...this.rootFiles()];
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
    this.time.restart();
    const { at: started, guards } = changed ? { at: Date.now(), guards: undefined } : this.began;
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

    // An edit whose JavaScript is known without tsc (cli/sourceEdit: a type's, a comment's): the
    // outputs whose schemas it changes are edited again from what tsc wrote last time as soon as the
    // analysis has them, and tsc starts after that, so that it never writes a file while we do.
    const before = changed && emits && !options.noEmitOnError ? await this.sidesBefore(changed) : undefined;
    // With noEmitOnError, our errors must be known before tsc writes anything.
    let first = options.noEmitOnError || before ? undefined : await this.startTsc(tscArgs(!emits));
    let ahead: Map<string, RawOutput> | undefined;
    try {
      if (changed) {
        const session = await this.session();
        session.changed(changed);
        this.time("tell TypeScript of the change");
        this.facts = { ...this.factsOf(session), options: this.options };
        this.cache?.changed();
        ahead = before && this.outputsAhead(before, session);
        if (before && !ahead) first = await this.startTsc(tscArgs(!emits));
      }
      await this.analyze(changed);
    } catch (error) {
      // What tsc writes meanwhile would pass for a build (and, incremental, not be written again): it goes.
      if (first) removeOutputs((await first.finish()).emitted);
      throw error;
    }
    this.time("analyze");
    const late: Report[] = [];
    const edited = new Map<string, { raw: RawOutput; edited: EditedOutput }>();
    const job: OutputJob = {
      edited: (file, raw, output) => void edited.set(file, { raw, edited: output }),
      rewrites: this.rewrites,
      outputOf: (source) => this.outputOf(source),
      dropMaps,
      state: this.state,
      report: (report) => late.push(report),
      edits: this.cache?.edits,
    };
    if (ahead) {
      for (const [output, raw] of ahead) this.state!.set(output, { ...this.state!.get(output)!, raw });
      rewriteOutputs([], job);
      this.time("edit the outputs again, before tsc (an edit of a type or a comment)");
      first = await this.startTsc(tscArgs(!emits));
    }
    // While tsc runs: the kept edits of every output it will write (all of them where maps are dropped).
    if (emits && first)
      this.cache?.prefetchEdits(this.facts!.files.filter((file) => SOURCE.test(file) && !DECLARATION.test(file)).flatMap((file) => this.outputOf(file)));
    const ours = () => [...this.reports.values()].flat();
    const tsc = first ?? (await this.startTsc(tscArgs(!emits || ours().length > 0)));
    const run = await tsc.finish();
    this.time("wait for tsc");
    // The next run of this command line can start this tsc before loading schemaof: where it does
    // not depend on what this build finds (noEmitOnError) nor on build info of ours.
    const kept = first && !run.crash && !this.buildInfo && !options.incremental && !options.composite && caching();
    const launch = kept && first && guards ? this.keepLaunch(first, guards) : undefined;
    console.out(run.output);

    if (run.crash !== undefined) {
      removeOutputs(run.emitted);
      console.error(
        `error: TypeScript ${ts7Version(this.packageDir)}'s compiler (tsc) failed: ${run.crash}\nNothing it wrote was kept; run 'schemaof build' again, and report the crash if it stays.\n`,
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
    if (emits) {
      try {
        rewriteOutputs(run.emitted, job);
        this.state?.save();
        this.full = false;
      } catch (error) {
        removeOutputs(run.emitted);
        throw error;
      }
      this.time("rewrite the output");
    }
    // An output edited before tsc and again after it reports the same problem twice: once is said.
    const said = new Map([...ours(), ...late].map((report) => [formatReport(report, request.cwd), report]));
    const reports = [...said.values()];
    const printed = [...said.keys()].join("");
    console.out(printed);
    // Lint warnings are printed with the rest and leave the exit code as tsc's.
    const failing = reports.filter((report) => !report.warning).length;
    if (launch) this.keepSnapshot(launch, run, late.length === 0 ? edited : undefined, printed, failing, started);
    const errors = (run.output.match(/\berror TS\d+:/g) ?? []).length + failing;
    if (failing === 0) return { code: run.code!, errors };
    const wrote = run.emitted.some((file) => !file.endsWith(".tsbuildinfo"));
    return { code: Math.max(run.code!, wrote ? 2 : 1), errors };
  }

  /**
   * --watch: the changed files as the open project still has them (and the last analysis read them),
   * when the edit may be one whose JavaScript is known without tsc; undefined when it cannot be (a
   * file created or deleted, a JavaScript file, decorator metadata or sources inlined in the maps,
   * the project not open or not as last read).
   */
  private async sidesBefore(changed: Changes): Promise<Map<string, SourceSide> | undefined> {
    const { options } = this;
    if (!this.request.watch || !this.state || !this.opening || changed.created.length > 0 || changed.deleted.length > 0) return undefined;
    if (options.emitDecoratorMetadata || options.inlineSources) return undefined;
    // A project that failed to open is the rebuild's to report, on its usual way.
    const session = await this.session().catch(() => undefined);
    if (!session) return undefined;
    const program = session.project!.program as T7Program;
    const sides = new Map<string, SourceSide>();
    for (const file of changed.changed) {
      // JSDoc in a JavaScript file declares types (`@typedef`) that other files' JavaScript reads: left to tsc.
      if (!/\.[cm]?tsx?$/.test(file)) return undefined;
      const sourceFile = program.getSourceFile(file);
      const text = this.texts.get(file);
      if (!sourceFile || text === undefined || sourceFile.text !== text) return undefined;
      sides.set(file, { text, sourceFile });
    }
    return sides;
  }

  /**
   * When every changed file's JavaScript is known without tsc (cli/sourceEdit), what tsc will write
   * for the changed files' outputs that we edit; undefined when one is not known.
   */
  private outputsAhead(before: ReadonlyMap<string, SourceSide>, session: Ts7Session): Map<string, RawOutput> | undefined {
    const program = session.project!.program as T7Program;
    const { SyntaxKind } = this.ts7!.ast;
    const kinds = { interface: SyntaxKind.InterfaceDeclaration, typeAlias: SyntaxKind.TypeAliasDeclaration, computedName: SyntaxKind.ComputedPropertyName };
    const outputs = new Map<string, RawOutput>();
    for (const [file, side] of before) {
      const sourceFile = program.getSourceFile(file);
      const edit = sourceFile && sourceEdit(side, { text: sourceFile.text, sourceFile }, kinds);
      if (!edit) return undefined;
      for (const [output, entry] of this.state!.all()) {
        if (entry.source !== file) continue;
        const raw = outputAfter(edit, entry.raw);
        if (!raw) return undefined;
        outputs.set(output, raw);
      }
    }
    return outputs;
  }

  /** tsc with these arguments: the one started early when it is that one (cli/early.ts). */
  private startTsc(args: readonly string[]): Promise<RunningTsc> {
    const slot = this.request.launch?.early;
    const early = slot?.tsc;
    if (slot) slot.tsc = undefined;
    return startTsc(this.packageDir, args, this.request.cwd, early);
  }

  /** Keeps how tsc was started (cli/launchRecord.ts): the record's text, for the snapshot to name; undefined when none is kept. */
  private keepLaunch(tsc: RunningTsc, guards: readonly (readonly [string, string])[]): string | undefined {
    const path = this.request.launch?.path;
    if (!path || !BUILD || !caching()) return undefined;
    return writeLaunch(path, {
      build: BUILD,
      tscEnv: process.env.SCHEMAOF_TSC ?? "",
      command: tsc.command,
      args: tsc.args,
      cwd: tsc.cwd,
      configFile: this.request.configFile,
      typescript: this.packageDir,
      guards: [...guards, [tsc.command, stampOf(tsc.command, true)]],
    });
  }

  /**
   * Keeps what this build ended with (cli/buildSnapshot.ts), where the next run of its command line
   * can start tsc early, when nothing it read was written while it ran; else the old one goes.
   */
  private keepSnapshot(
    launchText: string,
    run: TscRun,
    edited: ReadonlyMap<string, { raw: RawOutput; edited: EditedOutput }> | undefined,
    printed: string,
    failing: number,
    started: number,
  ): void {
    const launch = this.request.launch?.path;
    if (!launch || !BUILD) return;
    const path = snapshotPath(launch);
    // An output that could not be edited (its report printed) is not one to write again unread.
    if (!edited) return void rmSync(path, { force: true });
    const files = this.facts!.files;
    const own = new Set(files);
    const dependencies = [...new Set([...this.rewrites.values()].flatMap((entry) => entry.rewrite?.dependencies ?? []))].filter((file) => !own.has(file));
    const read = [...files, ...dependencies, ...launchInputs(this.request.configFile, this.packageDir)];
    if (!unchangedSince(read, started)) return void rmSync(path, { force: true });
    const folders = outputFolders(this.options);
    const outputs: Record<string, { raw: string; edited?: EditedOutput }> = {};
    for (const file of run.emitted) if (!file.endsWith(".tsbuildinfo")) outputs[file] = { raw: textHash(file) ?? "gone" };
    for (const [file, { raw, edited: output }] of edited) {
      outputs[file] = { raw: hashOf(raw.code), edited: output };
      if (raw.map !== undefined) outputs[`${file}.map`] = { raw: hashOf(raw.map) };
    }
    writeSnapshot(path, {
      build: BUILD,
      launch: hashOf(launchText),
      configFile: this.request.configFile,
      files,
      outputFolders: folders,
      state: projectState(this.request.configFile, files, undefined, folders),
      dependencies: dependencies.map((file) => [file, textHash(file) ?? "gone"] as const),
      outputs,
      printed,
      failing,
    });
  }

  /**
   * Decides every call of ours on TypeScript 7's checker: in each file that names one, on the
   * first build; after a change, in the files whose schemas read one of the changed files.
   */
  private async analyze(changed?: Changes): Promise<void> {
    const touched = changed && new Set([...changed.changed, ...changed.created, ...changed.deleted]);
    for (const file of changed?.deleted ?? []) {
      this.rewrites.delete(file);
      this.reports.delete(file);
    }
    let reports: Report[] = [];
    const facts = await this.projectFacts();
    // The files' texts from disk: only those that name a call of ours are asked of the compiler.
    const roots = new Set(facts.rootFiles);
    const textOf = this.cache?.textOf ?? readText;
    const texts = new Map([...roots].filter((file) => SOURCE.test(file) && !DECLARATION.test(file)).map((file) => [file, textOf(file) ?? ""] as const));
    this.texts = texts;
    const opened = openProject({
      entry: readPluginEntry(this.request.configFile),
      texts: texts.values(),
      strictNullChecks: ts7StrictNullChecks(this.options),
    });
    // In the program's order of files, as TypeScript 5/6 emits (and so analyses) them.
    const files = facts.files.filter((fileName) => {
      if (!texts.has(fileName)) return false;
      const known = this.rewrites.get(fileName);
      if (touched && known && !touched.has(fileName) && !known.rewrite?.dependencies.some((file) => touched.has(file))) return false;
      return !(touched && !known && !touched.has(fileName) && this.analysed.has(fileName));
    });
    // Only the files that name a call of ours are looked up, and asked of the compiler when they miss.
    const naming = new Set(files.filter((fileName) => opened.mentions(texts.get(fileName)!)));
    const hits = new Map([...naming].map((fileName) => [fileName, this.cache?.get(fileName, texts.get(fileName)!)]));
    // TypeScript 7's checker only for the files that miss: a build of hits never starts its process.
    const misses = [...naming].some((fileName) => !hits.get(fileName));
    const session = misses ? await this.session() : undefined;
    const program = session?.project!.program as T7Program | undefined;
    const shared = session && opened.over(fromTs7(this.ts7!, program!, session.project!.checker as T7Checker), (report) => void reports.push(report));
    for (const fileName of files) {
      this.analysed.add(fileName);
      const text = texts.get(fileName)!;
      const hit = hits.get(fileName);
      const sourceFile = hit?.sourceFile ?? (naming.has(fileName) ? program!.getSourceFile(fileName) : undefined);
      if (!sourceFile) {
        this.rewrites.delete(fileName);
        this.reports.delete(fileName);
        continue;
      }
      reports = hit?.reports ?? [];
      const rewrite = hit ? hit.rewrite : rewriteFile(shared!, sourceFile);
      if (!hit) this.cache?.put(fileName, text, rewrite, reports);
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
    this.closed = true;
    this.opened?.close();
    if (this.scratchDir) rmSync(this.scratchDir, { recursive: true, force: true });
  }
}

/** The files a launch record's command is worked out from: the tsconfigs and TypeScript's manifest. */
const launchInputs = (configFile: string, packageDir: string): string[] => [...configChain(configFile), join(packageDir, "package.json")];

/** Those files, each with a stamp of what it is now. */
function launchGuards(configFile: string, packageDir: string): (readonly [string, string])[] {
  return launchInputs(configFile, packageDir).map((file) => [file, stampOf(file, false)] as const);
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
function timer(console: Console): Timer {
  let last = performance.now();
  const time = (step: string) => {
    if (!process.env.SCHEMAOF_TIMING) return;
    const now = performance.now();
    console.error(`schemaof: ${step}: ${(now - last).toFixed(0)} ms\n`);
    last = now;
  };
  // Under --watch a rebuild's first step is timed from the change, not from the end of the last build.
  return Object.assign(time, { restart: () => void (last = performance.now()) });
}

type Timer = ((step: string) => void) & { restart(): void };

/** What a failed build wrote is taken away, so that nothing half-done passes for a build. */
function removeOutputs(files: readonly string[]): void {
  for (const file of files) rmSync(file, { force: true });
}

export type { Ts7 };
