import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findExecutable } from "../compiler/loadTs7";

/** What one run of tsc printed and did. */
export interface TscRun {
  /** tsc's exit code: 0, 1 (errors, nothing emitted) or 2 (errors, outputs emitted); undefined when it crashed. */
  readonly code: number | undefined;
  /** Its diagnostics, as it printed them. */
  readonly output: string;
  /** The files it wrote (`--listEmittedFiles`). */
  readonly emitted: string[];
  /** Why it did not finish, when it crashed. */
  readonly crash?: string;
}

/**
 * Runs the project's own tsc 7 (its native executable, found the way its own launcher finds it)
 * while the caller goes on: its output goes to a file, so a busy caller never stalls it.
 */
export async function startTsc(packageDir: string, args: readonly string[], cwd: string): Promise<() => Promise<TscRun>> {
  // SCHEMAOF_TSC names another tsc 7 executable (a local build of the compiler, say).
  const executable = process.env.SCHEMAOF_TSC ? { command: process.env.SCHEMAOF_TSC, args: [] } : await findExecutable(packageDir);
  const dir = mkdtempSync(join(tmpdir(), "schemaof-tsc-"));
  const outFile = join(dir, "out.txt");
  const errFile = join(dir, "err.txt");
  const out = openSync(outFile, "w");
  const err = openSync(errFile, "w");
  const child = spawn(executable.command, [...executable.args, ...args], { cwd, stdio: ["ignore", out, err] });
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>((resolve) => {
    child.on("error", (error) => resolve({ code: null, signal: null, error }));
    child.on("exit", (code, signal) => resolve({ code, signal }));
  });
  return async () => {
    const { code, signal, error } = await done;
    closeSync(out);
    closeSync(err);
    const printed = readFileSync(outFile, "utf8");
    const errors = readFileSync(errFile, "utf8");
    rmSync(dir, { recursive: true, force: true });
    const emitted: string[] = [];
    const lines = printed.split(/\r?\n/).filter((line) => {
      const file = /^TSFILE: (.*)$/.exec(line)?.[1];
      if (file) emitted.push(file);
      return !file && line !== "";
    });
    const output = lines.map((line) => `${line}\n`).join("");
    if (error || signal || code === null || code > 2) {
      const why = error ? error.message : signal ? `it was stopped by ${signal}` : `it exited with code ${code}`;
      return { code: undefined, output, emitted, crash: `${why}${errors.trim() ? `:\n${errors.trim()}` : ""}` };
    }
    return { code, output: output + errors, emitted };
  };
}
