import type * as ts from "typescript";
import { createRequire } from "node:module";
import { join } from "node:path";
import schemaofTransformer from "../index";
import type { BuildRequest, Console } from "./BuildRequest";

/**
 * `schemaof build` on TypeScript 5 and 6: the project's own compiler, in process, builds the
 * project as `tsc -p` does, with the ts-patch host's transformer in its emit (no ts-patch needed).
 */
export function buildTs(request: BuildRequest, packageDir: string, console: Console): number {
  const tsi = createRequire(join(packageDir, "package.json"))(packageDir) as typeof ts;
  const formatHost: ts.FormatDiagnosticsHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => request.cwd, getNewLine: () => "\n" };
  const print = (diagnostics: readonly ts.Diagnostic[]) => diagnostics.length && console.out(tsi.formatDiagnostics(diagnostics, formatHost));

  const configErrors: ts.Diagnostic[] = [];
  const parsed = tsi.getParsedCommandLineOfConfigFile(request.configFile, request.noEmit ? { noEmit: true } : {}, {
    ...tsi.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => configErrors.push(diagnostic),
  });
  if (!parsed) {
    print(configErrors);
    return 1;
  }
  const incremental = parsed.options.incremental || parsed.options.composite;
  const createOptions = { rootNames: parsed.fileNames, options: parsed.options, projectReferences: parsed.projectReferences, configFileParsingDiagnostics: tsi.getConfigFileParsingDiagnostics(parsed) };
  const builder = incremental ? tsi.createIncrementalProgram(createOptions) : undefined;
  const program = builder ? builder.getProgram() : tsi.createProgram(createOptions);

  const ours: ts.Diagnostic[] = [];
  const plugins = (parsed.options.plugins ?? []) as { transform?: string }[];
  const entry = plugins.find((plugin) => plugin.transform === "@schemaof/transformer");
  const transformers = { before: [schemaofTransformer(program, entry as Record<string, unknown> | undefined, { ts: tsi, addDiagnostic: (d) => void ours.push(d) })] };
  const before = tsi.getPreEmitDiagnostics(program);
  const emitted = builder ? builder.emit(undefined, undefined, undefined, false, transformers) : program.emit(undefined, undefined, undefined, false, transformers);
  const diagnostics = tsi.sortAndDeduplicateDiagnostics([...before, ...emitted.diagnostics, ...ours]);
  print(diagnostics);
  const errors = diagnostics.some((d) => d.category === tsi.DiagnosticCategory.Error);
  if (!errors) return 0;
  return emitted.emitSkipped || parsed.options.noEmit ? 1 : 2;
}
