import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

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

/** A tsc process under way: the command line it was started with, and its run once it ends. */
export interface RunningTsc {
  readonly command: string;
  /** The executable's own arguments (a launcher's script), then tsc's. */
  readonly args: readonly string[];
  readonly cwd: string;
  readonly finish: () => Promise<TscRun>;
}

/**
 * Starts tsc 7 while the caller goes on: its output goes to files, so a busy caller never stalls it.
 * Only Node's own modules here: bin/schemaof.js starts tsc through it (cli/early.ts) before loading
 * the rest of schemaof.
 */
export function spawnTsc(command: string, args: readonly string[], cwd: string): RunningTsc {
  const dir = mkdtempSync(join(tmpdir(), "schemaof-tsc-"));
  const outFile = join(dir, "out.txt");
  const errFile = join(dir, "err.txt");
  const out = openSync(outFile, "w");
  const err = openSync(errFile, "w");
  const child = spawn(command, args, { cwd, stdio: ["ignore", out, err] });
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>((resolve) => {
    child.on("error", (error) => resolve({ code: null, signal: null, error }));
    child.on("exit", (code, signal) => resolve({ code, signal }));
  });
  let run: Promise<TscRun> | undefined;
  const finish = async (): Promise<TscRun> => {
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
  // Read once, whoever asks first.
  return { command, args, cwd, finish: () => (run ??= finish()) };
}
