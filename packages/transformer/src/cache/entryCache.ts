import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { readText } from "../project/readText";

/** The layout of an entry; a file of another layout is foreign. */
const FORMAT = "schemaof-entry-1";

/** What a file that is gone reads as: no hash of a file that was there matches it. */
const GONE = "\0gone";

export const hashOf = (text: string): string => createHash("sha256").update(text).digest("hex");

/** A hash of a file's text as it is now; undefined when it cannot be read. */
export function textHash(file: string): string | undefined {
  const text = readText(file);
  return text === undefined ? undefined : hashOf(text);
}

/**
 * One file's result, kept on disk with what it was made from: the file's text (with the state of the
 * project, see projectState), and the text of every file whose declarations its schemas read. `key`
 * holds the rest (schemaof's build, the project's TypeScript, the tsconfigs, the host's options): an
 * entry is trusted only when all of it is the same, so a changed declaration anywhere a schema read misses.
 */
interface Entry<R> {
  readonly format: typeof FORMAT;
  readonly key: string;
  readonly file: string;
  /** The hash of the project's state and the file's text. */
  readonly code: string;
  readonly dependencies: readonly (readonly [file: string, hash: string])[];
  /** null: the file has no call of ours to rewrite. */
  readonly result: R | null;
}

export interface EntryCache<R> {
  /** The file's result as last made (null: nothing to rewrite), or undefined when anything it read has changed. */
  get(file: string, code: string, project: string): R | null | undefined;
  /**
   * Keeps a result made from the files as they were at `since` (ms, when the compiler read them): a
   * file it read that was written since then may have been read in either state, so nothing is kept.
   * Without `since`, the texts hashed are the compiler's own (`textOf`), and nothing can come between.
   */
  put(file: string, code: string, project: string, result: R | undefined, dependencies: readonly string[], since?: number): void;
  /** Files may have changed: their hashes are read again. */
  changed(): void;
  /** Reads the entries of these files now, while the caller waits on something else: `get` then only compares. */
  prefetch(files: readonly string[]): void;
}

/**
 * The results of a project's files under `dir`, one cache file each, named after the key and the
 * source file. Written through a new name and a rename, so two builds at once never leave half a
 * file; a cache file that does not parse as an entry of this key (or whose result `isResult` refuses)
 * is ignored with one line through `warn`, then written again. The texts of the files a result read are
 * those on disk, or `textOf`'s (a host that holds the program's own).
 */
export function entryCache<R>(
  dir: string,
  key: string,
  isResult: (value: unknown) => boolean,
  warn: (line: string) => void,
  textOf: (file: string) => string | undefined = readText,
): EntryCache<R> {
  // One folder per key: what an older schemaof, tsconfig or TypeScript left is let go as a whole (pruneOld).
  const folder = join(dir, key.slice(0, 24));
  const pathOf = (file: string) => join(folder, `${hashOf(`${key}\0${file}`).slice(0, 40)}.json`);
  let pruned = false;
  // A file read by many files' schemas (a shared types module, a lib) is hashed once per run.
  const hashes = new Map<string, string>();
  const hashOfFile = (file: string) => {
    let hash = hashes.get(file);
    if (hash === undefined) hashes.set(file, (hash = hashOf(textOf(file) ?? GONE)));
    return hash;
  };
  let made = false;
  /** A file's entry as read, when it is one of this key's for this file (a foreign or corrupt one said once). */
  const load = (file: string): Entry<R> | undefined => {
    const path = pathOf(file);
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch {
      return undefined;
    }
    const entry = parseEntry<R>(text, isResult);
    if (entry && entry.key === key && entry.file === file) return entry;
    warn(`schemaof: ignored the cache file ${path}: schemaof did not write it for this file; it will be written again`);
    return undefined;
  };
  const prefetched = new Map<string, Entry<R> | undefined>();
  return {
    get(file, code, project) {
      const entry = prefetched.has(file) ? prefetched.get(file) : load(file);
      prefetched.delete(file);
      if (!entry) return undefined;
      if (entry.code !== hashOf(`${project}\0${code}`)) return undefined;
      for (const [dependency, hash] of entry.dependencies) if (hashOfFile(dependency) !== hash) return undefined;
      return entry.result;
    },
    put(file, code, project, result, dependencies, since) {
      if (since !== undefined && !unchangedSince(dependencies, since)) return;
      const entry: Entry<R> = {
        format: FORMAT,
        key,
        file,
        code: hashOf(`${project}\0${code}`),
        dependencies: dependencies.map((dependency) => [dependency, hashOfFile(dependency)]),
        result: result ?? null,
      };
      if (writeWhole(pathOf(file), JSON.stringify(entry), made)) made = true;
      if (!pruned) pruneOld(dir, folder);
      pruned = true;
    },
    changed: () => {
      hashes.clear();
      prefetched.clear();
    },
    prefetch(files) {
      for (const file of files) if (!prefetched.has(file)) prefetched.set(file, load(file));
    },
  };
}

/** A week: a key's folder nothing was written to for longer is of a project's past. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The folders of other keys under `dir` that nothing was written to for a week are removed: a new
 * schemaof, TypeScript or tsconfig makes a new key, and the old entries would otherwise stay. (A host
 * with other options keeps a key of its own beside this one; a week keeps it while it is in use.)
 */
function pruneOld(dir: string, current: string): void {
  try {
    const now = Date.now();
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (path !== current && now - statSync(path).mtimeMs > KEEP_MS) rmSync(path, { recursive: true, force: true });
    }
  } catch {
    // another build pruning at the same time, or a read-only cache: left for the next build
  }
}

/** Whether none of `files` was written at or after `since` (ms): what a compiler opened then read is what is on disk. */
export const unchangedSince = (files: readonly string[], since: number): boolean => !files.some((file) => writtenSince(file, since));

function writtenSince(file: string, since: number): boolean {
  try {
    return statSync(file).mtimeMs >= since;
  } catch {
    return false;
  }
}

function parseEntry<R>(text: string, isResult: (value: unknown) => boolean): Entry<R> | undefined {
  try {
    const entry = JSON.parse(text) as Partial<Entry<R>>;
    const wellFormed =
      entry.format === FORMAT &&
      typeof entry.key === "string" &&
      typeof entry.file === "string" &&
      typeof entry.code === "string" &&
      Array.isArray(entry.dependencies) &&
      entry.dependencies.every((pair) => Array.isArray(pair) && typeof pair[0] === "string" && typeof pair[1] === "string") &&
      (entry.result === null || isResult(entry.result));
    return wellFormed ? (entry as Entry<R>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes a file whole, through a new name and a rename, so a reader (another build at the same
 * time) never meets half of it; `made` false makes its folder first. False when it cannot be written
 * (a read-only node_modules): that costs speed, never the build.
 */
export function writeWhole(path: string, text: string, made = false): boolean {
  try {
    if (!made) mkdirSync(dirname(path), { recursive: true });
    const next = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(next, text);
    renameSync(next, path);
    return true;
  } catch {
    return false;
  }
}
