import { rmSync } from "node:fs";
import { findExecutable } from "../compiler/loadTs7";
import { spawnTsc, type RunningTsc, type TscRun } from "./spawnTsc";
import { traceCache } from "../cache/buildStamp";

export type { RunningTsc, TscRun };

/**
 * Runs the project's own tsc 7 (its native executable, found the way its own launcher finds it)
 * while the caller goes on. `early` is the tsc bin/schemaof.js started before schemaof was loaded
 * (cli/early.ts): taken when it runs this very command line; else what it wrote is removed once it
 * ends, so that only the right command's outputs stand.
 */
export async function startTsc(packageDir: string, args: readonly string[], cwd: string, early?: RunningTsc): Promise<RunningTsc> {
  // SCHEMAOF_TSC names another tsc 7 executable (a local build of the compiler, say).
  const executable = process.env.SCHEMAOF_TSC ? { command: process.env.SCHEMAOF_TSC, args: [] } : await findExecutable(packageDir);
  const command = [executable.command, ...executable.args, ...args];
  if (early && sameLine([early.command, ...early.args], command) && early.cwd === cwd) {
    traceCache?.("tsc: took the one started early");
    return early;
  }
  if (early) await discardTsc(early, "ran another command");
  return spawnTsc(command[0], command.slice(1), cwd);
}

/** A tsc started early that no build takes (`why`): once it ends, what it wrote goes, before anything else writes there. */
export async function discardTsc(tsc: RunningTsc, why: string): Promise<void> {
  for (const file of (await tsc.finish()).emitted) rmSync(file, { force: true });
  traceCache?.(`tsc: the one started early ${why}; what it wrote is removed`);
}

const sameLine = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((arg, i) => arg === b[i]);
