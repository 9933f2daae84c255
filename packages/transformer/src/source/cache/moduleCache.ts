import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { Code } from "../../diagnostics/messages";
import { readText } from "../../project/readText";
import type { ModuleResult } from "../openModules";

/** The layout of an entry; a file of another layout is foreign. */
const FORMAT = "schemaof-module-1";

/** What a file that is gone reads as: no hash of a file that was there matches it. */
const GONE = "\0gone";

export const hashOf = (text: string): string => createHash("sha256").update(text).digest("hex");

/**
 * One module's rewrite, kept on disk with what it was made from: the module's text, and the text of
 * every file whose declarations its schemas read. `key` holds the rest (schemaof's build, the
 * project's TypeScript, the tsconfigs, the host's options): an entry is trusted only when all of it
 * is the same, so a changed declaration anywhere a schema read misses.
 */
interface Entry {
  readonly format: typeof FORMAT;
  readonly key: string;
  readonly file: string;
  /** The hash of the module's text and of the project's files as they were (cachedModules' projectState). */
  readonly code: string;
  readonly dependencies: readonly (readonly [file: string, hash: string])[];
  /** null: the module has no call of ours to rewrite. */
  readonly result: ModuleResult | null;
}

export interface ModuleCache {
  /** The module's rewrite as last made (null: nothing to rewrite), or undefined when anything it read has changed. */
  get(file: string, code: string, project: string): ModuleResult | null | undefined;
  put(file: string, code: string, project: string, result: ModuleResult | undefined): void;
}

/**
 * The rewrites of a project's modules under `dir`, one file each, named after the key and the module.
 * Written through a new name and a rename, so two builds at once never leave half a file; a file that
 * does not parse as an entry of this key is ignored with one line through `warn`, then rewritten.
 */
export function moduleCache(dir: string, key: string, warn: (line: string) => void): ModuleCache {
  const pathOf = (file: string) => join(dir, `${hashOf(`${key}\0${file}`).slice(0, 40)}.json`);
  let made = false;
  return {
    get(file, code, project) {
      const path = pathOf(file);
      let text: string;
      try {
        text = readFileSync(path, "utf8");
      } catch {
        return undefined;
      }
      const entry = parseEntry(text);
      if (!entry || entry.key !== key || entry.file !== file) {
        warn(`schemaof: ignored the cache file ${path}: schemaof did not write it for this module; it will be written again`);
        return undefined;
      }
      if (entry.code !== hashOf(`${project}\0${code}`)) return undefined;
      for (const [dependency, hash] of entry.dependencies) if (hashOf(readText(dependency) ?? GONE) !== hash) return undefined;
      return entry.result;
    },
    put(file, code, project, result) {
      // A problem of the host's (a module another plugin compiled first) says nothing of the module itself.
      if (result?.problems.some((problem) => problem.code === Code.Internal)) return;
      const entry: Entry = {
        format: FORMAT,
        key,
        file,
        code: hashOf(`${project}\0${code}`),
        dependencies: (result?.dependencies ?? []).map((dependency) => [dependency, hashOf(readText(dependency) ?? GONE)]),
        result: result ?? null,
      };
      if (writeWhole(pathOf(file), JSON.stringify(entry), made)) made = true;
    },
  };
}

function parseEntry(text: string): Entry | undefined {
  try {
    const entry = JSON.parse(text) as Partial<Entry>;
    const wellFormed =
      entry.format === FORMAT &&
      typeof entry.key === "string" &&
      typeof entry.file === "string" &&
      typeof entry.code === "string" &&
      Array.isArray(entry.dependencies) &&
      entry.dependencies.every((pair) => Array.isArray(pair) && typeof pair[0] === "string" && typeof pair[1] === "string") &&
      (entry.result === null || (typeof entry.result === "object" && Array.isArray(entry.result?.problems) && Array.isArray(entry.result?.dependencies)));
    return wellFormed ? (entry as Entry) : undefined;
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
