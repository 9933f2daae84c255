import { BUILD, caching } from "../cache/build";
import { finishFromSnapshot, readSnapshot, snapshotHolds, snapshotPath } from "./buildSnapshot";
import { hashOf } from "../cache/entryCache";
import { launchPath, readLaunch } from "./launchRecord";
import { spawnTsc, type RunningTsc } from "./spawnTsc";

/** A tsc started early, and the hash of the launch record it was started from (the snapshot must name it). */
export interface EarlyStart extends RunningTsc {
  readonly launch: string;
}

/**
 * `dist/early.js`, which bin/schemaof.js loads before the rest of schemaof: for `schemaof build` or
 * `check` (not --watch), it starts tsc 7 as the last run of the same command line in the same folder
 * started it (cli/launchRecord.ts), when every file that command was worked out from is as it was.
 * tsc then runs while the rest of schemaof loads, which was a fifth of a build whose every file is
 * in the cache. The build takes this tsc only if it would start the very same command
 * (cli/runTsc.ts), so a wrong guess costs time, never a wrong build. Where nothing changed since,
 * `finishEarly` ends the build from its snapshot and the rest of schemaof is never loaded. Neither
 * throws: whatever goes wrong here, the build goes the usual way.
 */
export function startEarly(argv: readonly string[], cwd: string): EarlyStart | undefined {
  if ((argv[0] !== "build" && argv[0] !== "check") || argv.includes("--watch") || argv.includes("-w")) return undefined;
  if (!caching()) return undefined;
  try {
    const path = launchPath(argv, cwd);
    const read = path && readLaunch(path, BUILD!);
    if (!read || read.record.cwd !== cwd) return undefined;
    return { ...spawnTsc(read.record.command, read.record.args, read.record.cwd), launch: hashOf(read.text) };
  } catch {
    return undefined;
  }
}

/**
 * The build finished from the last one's snapshot (cli/buildSnapshot.ts), without loading the rest
 * of schemaof: what it prints and its exit code. Undefined at once when the project is not as the
 * snapshot saw it, so that schemaof loads while tsc still runs; undefined after tsc when it wrote
 * anything otherwise than last time. Either way the build then goes on with the same tsc.
 */
export function finishEarly(
  argv: readonly string[],
  cwd: string,
  tsc: EarlyStart,
): Promise<{ printed: string; error?: string; code: number } | undefined> | undefined {
  let snapshot;
  try {
    const path = launchPath(argv, cwd);
    snapshot = path && readSnapshot(snapshotPath(path), BUILD!);
    if (!snapshot || snapshot.launch !== tsc.launch || !snapshotHolds(snapshot)) return undefined;
  } catch {
    return undefined;
  }
  const kept = snapshot;
  return tsc.finish().then(
    (run) => {
      let done;
      try {
        done = finishFromSnapshot(kept, run);
      } catch {
        return undefined;
      }
      if (done && !done.error && process.env.SCHEMAOF_TRACE === "cache") {
        process.stderr.write("schemaof cache: tsc: took the one started early; the build is the last one's (its snapshot)\n");
      }
      return done;
    },
    () => undefined,
  );
}
