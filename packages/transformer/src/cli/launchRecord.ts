import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { writeWhole } from "../cache/entryCache";
import { readText } from "../project/readText";
import { dirname, join } from "node:path";

const FORMAT = "schemaof-launch-1";

/**
 * How the last `schemaof build` of one command line, in one folder, started tsc 7, and what that
 * command was worked out from. The next run of the same command line starts tsc from it at once
 * (cli/early.ts), before loading the rest of schemaof, when everything it rested on is as it was.
 */
export interface LaunchRecord {
  readonly format: typeof FORMAT;
  /** The build of schemaof that wrote it (cache/build.ts). */
  readonly build: string;
  /** `SCHEMAOF_TSC` as it was ("" when unset). */
  readonly tscEnv: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  /** The tsconfigs, TypeScript's manifest and tsc's executable, each with a stamp of what it was. */
  readonly guards: readonly (readonly [file: string, stamp: string])[];
}

/** Where the record of a command line run in `cwd` is kept: under the nearest node_modules/.cache/schemaof. */
export function launchPath(argv: readonly string[], cwd: string): string | undefined {
  const name = createHash("sha1")
    .update([cwd, ...argv].join("\0"))
    .digest("hex")
    .slice(0, 20);
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "node_modules"))) return join(dir, "node_modules", ".cache", "schemaof", "launch", `${name}.json`);
    if (dirname(dir) === dir) return undefined;
  }
}

/** The record at `path`, when there is one of this build of schemaof whose every guard still holds. */
export function readLaunch(path: string, build: string): LaunchRecord | undefined {
  let record: LaunchRecord;
  try {
    record = JSON.parse(readFileSync(path, "utf8")) as LaunchRecord;
  } catch {
    return undefined;
  }
  if (record?.format !== FORMAT || record.build !== build || !Array.isArray(record.args) || !Array.isArray(record.guards)) return undefined;
  if (record.tscEnv !== (process.env.SCHEMAOF_TSC ?? "")) return undefined;
  return record.guards.every(([file, stamp]) => stampOf(file, stamp.startsWith("stat:")) === stamp) ? record : undefined;
}

/**
 * What a guarded file is now: a text file (a tsconfig, a manifest) by a hash of its text, so an
 * edit that keeps its size and time still counts; an executable by its size and times.
 */
export function stampOf(file: string, byStat: boolean): string {
  try {
    if (byStat) {
      const stat = statSync(file);
      return `stat:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
    }
    return createHash("sha1").update(readFileSync(file)).digest("hex");
  } catch {
    return "gone";
  }
}

/**
 * Keeps the record, unless the same one is there; through a new name and a rename, as the cache
 * writes (a folder that cannot be written keeps no record: the next build starts tsc later).
 */
export function writeLaunch(path: string, record: Omit<LaunchRecord, "format">): void {
  const text = JSON.stringify({ format: FORMAT, ...record });
  if (readText(path) !== text) writeWhole(path, text);
}
