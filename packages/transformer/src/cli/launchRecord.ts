import { createHash } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { findTypeScript } from "../project/findTypeScript";
import { textHash, writeWhole } from "../cache/entryCache";
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
  readonly configFile: string;
  /** The TypeScript the project resolved to (its folder, as findTypeScript gives it): a link moved to another is another compiler. */
  readonly typescript: string;
  /** The tsconfigs and TypeScript's manifest as the build began, and tsc's executable, each with a stamp of what it was. */
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

/**
 * The record at `path` and its text, when there is one of this build of schemaof whose every guard
 * still holds, and the project's tsconfig still finds the same TypeScript. Anything else, a record
 * that does not read as one included, is no record: the build starts tsc itself.
 */
export function readLaunch(path: string, build: string): { record: LaunchRecord; text: string } | undefined {
  const text = readText(path);
  let record: LaunchRecord;
  try {
    record = JSON.parse(text ?? "") as LaunchRecord;
  } catch {
    return undefined;
  }
  const strings = (list: unknown): boolean => Array.isArray(list) && list.every((item) => typeof item === "string");
  const wellFormed =
    record?.format === FORMAT &&
    record.build === build &&
    [record.command, record.cwd, record.configFile, record.typescript, record.tscEnv].every((field) => typeof field === "string") &&
    strings(record.args) &&
    Array.isArray(record.guards) &&
    record.guards.every((guard) => Array.isArray(guard) && guard.length === 2 && strings(guard));
  if (!wellFormed || record.tscEnv !== (process.env.SCHEMAOF_TSC ?? "")) return undefined;
  if (!record.guards.every(([file, stamp]) => stampOf(file, stamp.startsWith("stat:")) === stamp)) return undefined;
  try {
    if (findTypeScript(dirname(record.configFile)).packageDir !== record.typescript) return undefined;
  } catch {
    return undefined;
  }
  return { record, text: text! };
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
    return textHash(file) ?? "gone";
  } catch {
    return "gone";
  }
}

/**
 * Keeps the record, unless the same one is there; through a new name and a rename, as the cache
 * writes (a folder that cannot be written keeps no record: the next build starts tsc later). Its
 * text, which the build's snapshot names (cli/buildSnapshot.ts).
 */
export function writeLaunch(path: string, record: Omit<LaunchRecord, "format">): string {
  const text = JSON.stringify({ format: FORMAT, ...record });
  if (readText(path) !== text) writeWhole(path, text);
  return text;
}
