import { BUILD, caching } from "../cache/build";
import { launchPath, readLaunch } from "./launchRecord";
import { spawnTsc, type RunningTsc } from "./spawnTsc";

/**
 * `dist/early.js`, which bin/schemaof.js loads before the rest of schemaof: for `schemaof build` or
 * `check` (not --watch), it starts tsc 7 as the last run of the same command line in the same folder
 * started it (cli/launchRecord.ts), when every file that command was worked out from is as it was.
 * tsc then runs while the 700 KB of schemaof load, which was a fifth of a build whose every file is
 * in the cache. The build takes this tsc only if it would start the very same command
 * (cli/runTsc.ts), so a wrong guess costs time, never a wrong build.
 */
export function startEarly(argv: readonly string[], cwd: string): RunningTsc | undefined {
  if ((argv[0] !== "build" && argv[0] !== "check") || argv.includes("--watch") || argv.includes("-w")) return undefined;
  if (!caching()) return undefined;
  const path = launchPath(argv, cwd);
  const record = path && readLaunch(path, BUILD!);
  if (!record || record.cwd !== cwd) return undefined;
  return spawnTsc(record.command, record.args, record.cwd);
}
