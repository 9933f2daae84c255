import type * as ts from "typescript";
import { cacheFile } from "../project/cacheFile";
import { readText } from "../project/readText";
import { ownSourceFiles } from "../compiler/fromTs";
import { findPlaced } from "../discover/findPlaced";
import { fromStored, isStoredRewrite, NotInFile, toStored, type StoredRewrite } from "../rewrite/storedRewrite";
import { textSourceFile } from "../rewrite/textSourceFile";
import type { FileRewrite } from "../rewrite/Rewrite";
import type { Report } from "../diagnostics/report";
import { entryCache } from "./entryCache";
import { projectState } from "./projectState";
import { cacheKey, caching, traceCache, warnOnce } from "./buildStamp";

/** A file's rewrite and reports, from the cache or to be kept in it. */
export interface ProgramRewrites {
  get(sourceFile: ts.SourceFile): { rewrite: FileRewrite | undefined; reports: Report[] } | undefined;
  put(sourceFile: ts.SourceFile, rewrite: FileRewrite | undefined, reports: readonly Report[]): void;
}

/**
 * The cache of the hosts that hold a TypeScript 5/6 program (tspc, `schemaof build`, `schemaof check`):
 * each file's rewrite and reports under `node_modules/.cache/schemaof`, with the texts they were read
 * from, which here are the program's own. A file that hits is not analysed: its rewrite is rebuilt
 * over the file's own nodes, and the checker is asked nothing for it. Undefined (no cache) for a
 * program made without a tsconfig, or with `SCHEMAOF_CACHE=0`.
 */
export function programRewrites(tsi: typeof ts, program: ts.Program, options: unknown): ProgramRewrites | undefined {
  const configFile = program.getCompilerOptions().configFilePath;
  const root = typeof configFile === "string" && caching() ? cacheFile(configFile, "program") : undefined;
  if (!root) return undefined;
  const textOf = (file: string) => program.getSourceFile(file)?.text ?? readText(file);
  const entries = entryCache<StoredRewrite>(root, cacheKey("program", tsi.version, configFile as string, options), isStoredRewrite, warnOnce(), textOf);
  let state: string | undefined;
  const stateNow = () =>
    (state ??= projectState(
      configFile as string,
      ownSourceFiles(program).map((file) => file.fileName),
      textOf,
      [program.getCompilerOptions().outDir, program.getCompilerOptions().declarationDir].filter((folder): folder is string => folder !== undefined),
    ));
  const fileOf = (name: string) => program.getSourceFile(name) ?? textSourceFile(name, readText(name) ?? "");
  return {
    get(sourceFile) {
      const stored = entries.get(sourceFile.fileName, sourceFile.text, stateNow());
      let found;
      try {
        found = stored ? fromStored(stored, sourceFile, fileOf, findPlaced(tsi, sourceFile)) : undefined;
      } catch (error) {
        if (!(error instanceof NotInFile)) throw error;
      }
      traceCache?.(`${found ? "hit" : "miss"} ${sourceFile.fileName}`);
      return found;
    },
    put(sourceFile, rewrite, reports) {
      entries.put(sourceFile.fileName, sourceFile.text, stateNow(), toStored(rewrite, reports), rewrite?.dependencies ?? [sourceFile.fileName]);
    },
  };
}
