import type * as ts from "typescript";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import schemaofTransformer from "../index";
import { cacheFile } from "../project/cacheFile";
import { mentionsIntrinsic, pluginEntry } from "../project";
import { status, watching } from "./watchProject";
import type { BuildRequest, Console } from "./BuildRequest";

/** Per file with calls of ours: the files its schemas were read from, each with its text's hash then. */
type Dependencies = Map<string, Record<string, string>>;

/**
 * `schemaof build` on TypeScript 5 and 6: the project's own compiler, in process, builds the
 * project as `tsc -p` (or `tsc -p --watch`) does, with the ts-patch host's transformer in its emit
 * (no ts-patch needed). Unlike tsc under ts-patch, it never leaves a schema stale: a file whose
 * schemas read a declaration that changed elsewhere (a default, a JSDoc text, a constraint, which
 * TypeScript's builder does not count as a change for the files importing it) is emitted again.
 */
export function buildTs(request: BuildRequest, packageDir: string, console: Console): number | Promise<number> {
  const tsi = createRequire(join(packageDir, "package.json"))(packageDir) as typeof ts;
  const formatHost: ts.FormatDiagnosticsHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => request.cwd, getNewLine: () => "\n" };
  const print = (diagnostics: readonly ts.Diagnostic[]) => diagnostics.length && console.out(tsi.formatDiagnostics(diagnostics, formatHost));
  const optionsToExtend: ts.CompilerOptions = request.noEmit ? { noEmit: true } : {};
  return request.watch ? watchTs(tsi, request, optionsToExtend, print, console) : buildOnce(tsi, request, optionsToExtend, print);
}

function buildOnce(tsi: typeof ts, request: BuildRequest, optionsToExtend: ts.CompilerOptions, print: (d: readonly ts.Diagnostic[]) => void): number {
  const configErrors: ts.Diagnostic[] = [];
  const parsed = tsi.getParsedCommandLineOfConfigFile(request.configFile, optionsToExtend, {
    ...tsi.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => configErrors.push(diagnostic),
  });
  if (!parsed) {
    print(configErrors);
    return 1;
  }
  const incremental = parsed.options.incremental || parsed.options.composite;
  const createOptions = {
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    configFileParsingDiagnostics: tsi.getConfigFileParsingDiagnostics(parsed),
  };
  const builder = incremental ? tsi.createIncrementalProgram(createOptions) : undefined;
  const program = builder ? builder.getProgram() : tsi.createProgram(createOptions);
  const stateFile = incremental ? cacheFile(request.configFile, "dependencies.json") : undefined;
  const saved = stateFile ? loadDependencies(stateFile) : undefined;
  // Without what the last build read, every file that names a call of ours is emitted again.
  const dependencies =
    saved ??
    new Map(
      program
        .getRootFileNames()
        .filter((file) => mentionsIntrinsic(program.getSourceFile(file)?.text ?? ""))
        .map((file) => [file, { [file]: "" }]),
    );
  const { diagnostics, errors } = emit(tsi, program, builder, dependencies);
  if (stateFile) saveDependencies(stateFile, dependencies);
  print(diagnostics);
  if (!errors) return 0;
  return diagnostics.emitSkipped || parsed.options.noEmit ? 1 : 2;
}

/** Our diagnostics for every call of the program, without emitting it. */
function checkCalls(tsi: typeof ts, program: ts.Program): ts.Diagnostic[] {
  const found: ts.Diagnostic[] = [];
  const factory = schemaofTransformer(program, pluginEntry(program.getCompilerOptions()), {
    ts: tsi,
    addDiagnostic: (d) => void found.push(d),
    addWarning: (d) => void found.push(d),
    onRewrite: () => undefined,
    analyzeOnly: true,
  });
  const transform = factory(undefined as unknown as ts.TransformationContext);
  for (const sourceFile of program.getSourceFiles()) if (!program.isSourceFileFromExternalLibrary(sourceFile)) transform(sourceFile);
  return found;
}

/** `--watch`: TypeScript's own watch program, emitting through ours after each change. */
function watchTs(
  tsi: typeof ts,
  request: BuildRequest,
  optionsToExtend: ts.CompilerOptions,
  print: (d: readonly ts.Diagnostic[]) => void,
  console: Console,
): Promise<number> {
  const dependencies: Dependencies = new Map();
  const host = tsi.createWatchCompilerHost(
    request.configFile,
    optionsToExtend,
    tsi.sys,
    tsi.createEmitAndSemanticDiagnosticsBuilderProgram,
    (diagnostic) => print([diagnostic]),
    (diagnostic) => {
      const text = tsi.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
      // The summary is ours to print, once our diagnostics are counted.
      if (!/^Found \d+ errors?/.test(text)) console.out(status(text));
    },
  );
  host.afterProgramCreate = (builder) => {
    const { diagnostics, errors } = emit(tsi, builder.getProgram(), builder, dependencies);
    print(diagnostics);
    console.out(status(watching(errors)));
  };
  const watcher = tsi.createWatchProgram(host);
  return new Promise((resolve) => {
    request.signal?.addEventListener(
      "abort",
      () => {
        watcher.close();
        resolve(0);
      },
      { once: true },
    );
  });
}

/**
 * Emits what the builder says changed (everything without one), through our transformer, then the
 * files whose schemas read a file whose text changed since they were emitted; returns every
 * diagnostic, TypeScript's and ours.
 */
function emit(tsi: typeof ts, program: ts.Program, builder: ts.BuilderProgram | undefined, dependencies: Dependencies) {
  if (program.getCompilerOptions().noEmit) {
    // Nothing is emitted, so no transformer runs: the calls are analysed for their diagnostics alone.
    const all = tsi.sortAndDeduplicateDiagnostics([...tsi.getPreEmitDiagnostics(program), ...checkCalls(tsi, program)]);
    return { diagnostics: Object.assign(all, { emitSkipped: true }), errors: all.filter((d) => d.category === tsi.DiagnosticCategory.Error).length };
  }
  const ours: ts.Diagnostic[] = [];
  const entry = pluginEntry(program.getCompilerOptions());
  // A shared declaration file is read by many files' schemas: hashed once per emit.
  const known = new Map<string, string>();
  const hashOf = (file: string) => {
    let hash = known.get(file);
    if (hash === undefined) known.set(file, (hash = textHash(program, file)));
    return hash;
  };
  const emitted = new Set<string>();
  const transformers = {
    before: [
      schemaofTransformer(program, entry, {
        ts: tsi,
        addDiagnostic: (d) => void ours.push(d),
        // Counted apart (`errors` reads the category), so a warning is printed and fails nothing.
        addWarning: (d) => void ours.push(d),
        onRewrite: (sourceFile, rewrite) => {
          emitted.add(sourceFile.fileName);
          if (!rewrite) return void dependencies.delete(sourceFile.fileName);
          dependencies.set(sourceFile.fileName, Object.fromEntries(rewrite.dependencies.map((file) => [file, hashOf(file)])));
        },
      }),
    ],
  };
  const before = tsi.getPreEmitDiagnostics(program);
  // Our errors are known only once the transformer ran, in the emit: with noEmitOnError, the outputs
  // are held until every diagnostic is in, and written only if none is an error.
  const held: { name: string; text: string; bom: boolean; sources: readonly ts.SourceFile[] }[] | undefined = program.getCompilerOptions().noEmitOnError
    ? []
    : undefined;
  const writeFile: ts.WriteFileCallback | undefined =
    held && ((name, text, bom, _onError, sources) => void held.push({ name, text, bom: !!bom, sources: sources ?? [] }));
  const result = builder
    ? builder.emit(undefined, writeFile, undefined, false, transformers)
    : program.emit(undefined, writeFile, undefined, false, transformers);
  const diagnostics: ts.Diagnostic[] = [...before, ...result.diagnostics];
  let emitSkipped = result.emitSkipped;
  for (const [file, hashes] of [...dependencies]) {
    if (emitted.has(file)) continue;
    const sourceFile = program.getSourceFile(file);
    if (!sourceFile) {
      dependencies.delete(file);
      continue;
    }
    if (Object.entries(hashes).every(([dependency, hash]) => hashOf(dependency) === hash)) continue;
    const again = program.emit(sourceFile, writeFile, undefined, false, transformers);
    diagnostics.push(...again.diagnostics);
    emitSkipped ||= again.emitSkipped;
  }
  const all = tsi.sortAndDeduplicateDiagnostics([...diagnostics, ...ours]);
  const errors = all.filter((d) => d.category === tsi.DiagnosticCategory.Error).length;
  if (held && errors === 0) for (const { name, text, bom } of held) tsi.sys.writeFile(name, text, bom);
  // The builder counts what it handed over as emitted: outputs held back are asked for again next time.
  if (held && errors > 0) for (const { sources } of held) for (const source of sources) dependencies.set(source.fileName, { [source.fileName]: "" });
  return { diagnostics: Object.assign(all, { emitSkipped: emitSkipped || (held !== undefined && errors > 0) }), errors };
}

function textHash(program: ts.Program, file: string): string {
  const text = program.getSourceFile(file)?.text;
  return text === undefined ? "" : createHash("sha1").update(text).digest("hex");
}

function loadDependencies(file: string): Dependencies | undefined {
  try {
    return new Map(Object.entries(JSON.parse(readFileSync(file, "utf8")) as Record<string, Record<string, string>>));
  } catch {
    return undefined;
  }
}

function saveDependencies(file: string, dependencies: Dependencies): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(Object.fromEntries(dependencies)));
}
