import type * as ts from "typescript";
import { cacheFile } from "../project/cacheFile";
import { readText } from "../project/readText";
import { entryCache, unchangedSince, type EntryCache } from "../cache/entryCache";
import { readManifest, writeManifest } from "../cache/manifest";
import { projectState } from "../cache/projectState";
import { cacheKey, caching, traceCache, warnOnce } from "../cache/buildStamp";
import { fromStored, isStoredRewrite, toStored, type StoredRewrite } from "../rewrite/storedRewrite";
import { textSourceFile } from "../rewrite/textSourceFile";
import type { FileRewrite } from "../rewrite/Rewrite";
import type { Report } from "../diagnostics/report";
import type { EditCache, EditedOutput } from "./rewriteOutputs";

/** What `schemaof build` asks TypeScript 7 of a project before any call: kept, so that a build of hits opens nothing. */
export interface ProjectFacts {
  /** The compiler options its tsconfig gives (paths absolute). */
  readonly options: Record<string, unknown>;
  readonly rootFiles: readonly string[];
  /** The program's own files (not node_modules, not the libs), in its order. */
  readonly files: readonly string[];
}

const MANIFEST = "schemaof-build-1";

interface Manifest extends ProjectFacts {
  readonly format: typeof MANIFEST;
  readonly key: string;
  readonly project: string;
}

/** A file's rewrite and reports, read from the cache over the file's text. */
export interface CachedRewrite {
  readonly sourceFile: ts.SourceFile;
  readonly rewrite: FileRewrite | undefined;
  readonly reports: Report[];
}

/**
 * `schemaof build`'s cache on TypeScript 7, under `node_modules/.cache/schemaof`: the project's facts
 * (a manifest), and each file's rewrite with its reports, kept as plain data (rewrite/storedRewrite)
 * with the texts they were read from. A build whose files all hit never starts TypeScript 7's API
 * process; tsc alone runs, and the outputs are edited from the cache. `SCHEMAOF_CACHE=0` turns it off.
 */
export class Build7Cache {
  private readonly entries: EntryCache<StoredRewrite>;
  private readonly outputs: EntryCache<EditedOutput>;
  private readonly manifestPath: string;
  private readonly manifest: Manifest | undefined;
  private readonly key: string;
  /** projectState now; undefined until known. */
  private state: string | undefined;
  /** When TypeScript read the project: results of files written since are not kept. */
  private since = 0;
  /** The files' texts as this build first read them. */
  private readonly texts = new Map<string, string | undefined>();

  /**
   * A file's text, read once a build: the project's state, the entries' dependencies and the
   * analysis read the same files, and a build of hits was reading each of them twice.
   */
  readonly textOf = (file: string): string | undefined => {
    if (!this.texts.has(file)) this.texts.set(file, readText(file));
    return this.texts.get(file);
  };

  static open(configFile: string, typescript: string): Build7Cache | undefined {
    const root = cacheFile(configFile, "build");
    return root && caching() ? new Build7Cache(configFile, typescript, root) : undefined;
  }

  private constructor(
    private readonly configFile: string,
    typescript: string,
    root: string,
  ) {
    const key = (this.key = cacheKey("build", typescript, configFile, {}));
    const warn = warnOnce();
    this.entries = entryCache<StoredRewrite>(root, key, isStoredRewrite, warn, this.textOf);
    this.outputs = entryCache<EditedOutput>(`${root}-outputs`, key, isEdited, warn);
    this.manifestPath = cacheFile(configFile, `build-${key.slice(0, 24)}.json`)!;
    this.manifest = readManifest<Manifest>(this.manifestPath, MANIFEST, key, isFacts, warn);
  }

  /** The compiler options the manifest keeps: right whatever else changed, as the tsconfigs are in the key. */
  options(): Record<string, unknown> | undefined {
    return this.manifest?.options;
  }

  /** The project's facts, when the manifest was written for the project as it is now. */
  facts(): ProjectFacts | undefined {
    if (!this.manifest) return undefined;
    if (
      this.state === undefined &&
      projectState(this.configFile, this.manifest.files, this.textOf, outputFolders(this.manifest.options)) === this.manifest.project
    )
      this.state = this.manifest.project;
    return this.state === this.manifest.project ? this.manifest : undefined;
  }

  /** TypeScript opened the project at `since` and told these facts: kept for the next build. */
  opened(facts: ProjectFacts, since: number): void {
    this.since = since;
    // Read again, not from `textOf`: the state must be of the texts TypeScript read, not of those read before it opened.
    const state = projectState(this.configFile, facts.files, undefined, outputFolders(facts.options));
    // A file of the project written while it was opened may have been read in either state: nothing is kept.
    this.state = unchangedSince(facts.files, since) ? state : undefined;
    if (this.state && state !== this.manifest?.project) {
      writeManifest<Manifest>(this.manifestPath, { format: MANIFEST, key: this.key, project: state, ...pick(facts) });
    }
  }

  /** Files changed (--watch): the project is read again when next opened. */
  changed(): void {
    this.state = undefined;
    this.texts.clear();
    this.entries.changed();
  }

  get(file: string, text: string): CachedRewrite | undefined {
    if (this.state === undefined) return undefined;
    const stored = this.entries.get(file, text, this.state);
    traceCache?.(`${stored ? "hit" : "miss"} ${file}`);
    if (!stored) return undefined;
    const sourceFile = textSourceFile(file, text);
    const files = new Map<string, ts.SourceFile>();
    const fileOf = (name: string) => files.get(name) ?? files.set(name, textSourceFile(name, readText(name) ?? "")).get(name)!;
    return { sourceFile, ...fromStored(stored, sourceFile, fileOf) };
  }

  /** Reads the kept edits of these outputs while tsc writes them: after it, each is only compared. */
  prefetchEdits(outputs: readonly string[]): void {
    this.outputs.prefetch(outputs);
  }

  /** The edits of the outputs, kept by what each was made from (cli/rewriteOutputs). */
  readonly edits: EditCache = {
    get: (output, stamp) => this.outputs.get(output, stamp, "") ?? undefined,
    put: (output, stamp, edited) => this.outputs.put(output, stamp, "", edited, [], 0),
  };

  put(file: string, text: string, rewrite: FileRewrite | undefined, reports: readonly Report[]): void {
    if (this.state === undefined) return;
    this.entries.put(file, text, this.state, toStored(rewrite, reports), rewrite?.dependencies ?? [file], this.since);
  }
}

const pick = ({ options, rootFiles, files }: ProjectFacts): ProjectFacts => ({ options, rootFiles, files });

/** The folders a build writes its own outputs into, which the project's state does not list (cache/projectState). */
export const outputFolders = (options: Record<string, unknown>): string[] =>
  [options.outDir, options.declarationDir].filter((folder): folder is string => typeof folder === "string");

const isFacts = (manifest: Partial<Manifest>): boolean =>
  typeof manifest.options === "object" && manifest.options !== null && Array.isArray(manifest.rootFiles) && Array.isArray(manifest.files);

const isEdited = (value: unknown): boolean => typeof value === "object" && value !== null && typeof (value as EditedOutput).code === "string";
