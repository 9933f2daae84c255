import { rmSync } from "node:fs";
import { projectState } from "../cache/projectState";
import { readText } from "../project/readText";
import { overwrite } from "../project/overwrite";
import { textHash, writeWhole } from "../cache/entryCache";
import type { EditedOutput } from "./rewriteOutputs";
import type { TscRun } from "./spawnTsc";

const FORMAT = "schemaof-snapshot-1";

/**
 * What the last `schemaof build` of a command line ended with, when every input of its analysis can
 * be checked without schemaof's compiler core: the project's state (its own files' texts and the
 * names of its TypeScript sources), the text of every other file a schema read, each output as tsc
 * wrote it (a hash) and as schemaof edited it, and what schemaof printed. Beside the launch record
 * (cli/launchRecord.ts), whose guards cover the rest of the key (schemaof's build, the tsconfigs,
 * the project's TypeScript). The next run of the command line (cli/early.ts) checks it while tsc
 * runs; if it holds and tsc wrote each output as before, the build is done without loading the rest
 * of schemaof, which on a 2-core machine was taking the CPU tsc needed.
 */
export interface BuildSnapshot {
  readonly format: typeof FORMAT;
  /** The build of schemaof that wrote it (cache/build.ts). */
  readonly build: string;
  /** A hash of the launch record the same build wrote: a snapshot is used only with its own record. */
  readonly launch: string;
  readonly configFile: string;
  /** The program's own files, as projectState reads them. */
  readonly files: readonly string[];
  /** The folders the build writes into, which projectState does not list. */
  readonly outputFolders: readonly string[];
  readonly state: string;
  /** Files outside the project whose declarations a schema read, with a hash of their texts. */
  readonly dependencies: readonly (readonly [file: string, hash: string])[];
  /** Each file tsc wrote: a hash of what it wrote, and what schemaof made of it (none: left as written). */
  readonly outputs: Readonly<Record<string, { readonly raw: string; readonly edited?: EditedOutput }>>;
  /** Our diagnostics as printed, and how many of them are errors. */
  readonly printed: string;
  readonly failing: number;
}

export const snapshotPath = (launchPath: string): string => launchPath.replace(/\.json$/, ".snapshot.json");

/** The snapshot at `path`; one that does not parse as one is ignored with a line on stderr (the build writes it again). */
export function readSnapshot(path: string, build: string): BuildSnapshot | undefined {
  const text = readText(path);
  if (text === undefined) return undefined;
  try {
    const snapshot = JSON.parse(text) as BuildSnapshot;
    // Another build of schemaof's: its own, not to be trusted, written again by this one.
    if (isSnapshot(snapshot)) return snapshot.build === build ? snapshot : undefined;
  } catch {
    // said below
  }
  process.stderr.write(`schemaof: ignored the cache file ${path}: schemaof did not write it; it will be written again\n`);
  return undefined;
}

export function writeSnapshot(path: string, snapshot: Omit<BuildSnapshot, "format">): void {
  writeWhole(path, JSON.stringify({ format: FORMAT, ...snapshot }));
}

const isString = (value: unknown): value is string => typeof value === "string";

/** Every part of a snapshot of the shape this build writes: what the fast path reads is never taken on trust. */
function isSnapshot(snapshot: BuildSnapshot): boolean {
  if (snapshot?.format !== FORMAT || ![snapshot.build, snapshot.launch, snapshot.configFile, snapshot.state, snapshot.printed].every(isString)) return false;
  if (typeof snapshot.failing !== "number" || !Array.isArray(snapshot.files) || !snapshot.files.every(isString)) return false;
  if (!Array.isArray(snapshot.outputFolders) || !snapshot.outputFolders.every(isString)) return false;
  if (!Array.isArray(snapshot.dependencies) || !snapshot.dependencies.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every(isString)))
    return false;
  if (typeof snapshot.outputs !== "object" || snapshot.outputs === null) return false;
  return Object.values(snapshot.outputs).every((output) => {
    if (typeof output !== "object" || output === null || !isString(output.raw)) return false;
    const { edited } = output;
    return (
      edited === undefined || (typeof edited === "object" && edited !== null && isString(edited.code) && (edited.map === undefined || isString(edited.map)))
    );
  });
}

/** Whether the project is as the snapshot saw it: its own files and every file outside it a schema read. */
export function snapshotHolds(snapshot: BuildSnapshot): boolean {
  if (projectState(snapshot.configFile, snapshot.files, undefined, snapshot.outputFolders) !== snapshot.state) return false;
  return snapshot.dependencies.every(([file, hash]) => (textHash(file) ?? "gone") === hash);
}

/**
 * The build, finished from the snapshot after tsc ran: when tsc wrote exactly the files it wrote
 * last time, each as it was, each output is written as schemaof edited it then, and what the build
 * prints and its exit code are returned. Undefined when anything differs (nothing is written then):
 * the build goes on the usual way, with this run of tsc.
 */
export function finishFromSnapshot(snapshot: BuildSnapshot, run: TscRun): { printed: string; error?: string; code: number } | undefined {
  if (run.crash !== undefined || run.code === undefined) return undefined;
  const emitted = run.emitted.filter((file) => !file.endsWith(".tsbuildinfo"));
  if (emitted.length !== Object.keys(snapshot.outputs).length) return undefined;
  for (const file of emitted) {
    const kept = Object.prototype.hasOwnProperty.call(snapshot.outputs, file) ? snapshot.outputs[file] : undefined;
    if (!kept || textHash(file) !== kept.raw) return undefined;
  }
  try {
    for (const file of emitted) {
      const { edited } = snapshot.outputs[file];
      if (!edited) continue;
      if (edited.dropMapFile) rmSync(`${file}.map`, { force: true });
      else if (edited.map !== undefined) overwrite(`${file}.map`, edited.map);
      overwrite(file, edited.code);
    }
  } catch (error) {
    // Some written, some not: none of it passes for a build (as when tsc's outputs cannot be edited).
    for (const file of run.emitted) {
      try {
        rmSync(file, { force: true });
      } catch {
        // the folder refuses it too: the message says what to do
      }
    }
    const why = error instanceof Error ? error.message : String(error);
    return {
      printed: run.output,
      error: `error: schemaof could not write the build's outputs (${why}); nothing tsc wrote was kept: run 'schemaof build' again.\n`,
      code: 1,
    };
  }
  // As the build ends (cli/buildTs7.ts): tsc's code, unless our errors make it 1 (or 2, outputs written).
  const code = snapshot.failing === 0 ? run.code : Math.max(run.code, emitted.length > 0 ? 2 : 1);
  return { printed: run.output + snapshot.printed, code };
}
