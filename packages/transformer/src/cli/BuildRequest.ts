import type { RunningTsc } from "./spawnTsc";

/** What `schemaof build` / `schemaof check` was asked to do. */
export interface BuildRequest {
  /** The tsconfig file, absolute. */
  readonly configFile: string;
  /** The folder the command runs in: paths in messages are relative to it, as tsc's are. */
  readonly cwd: string;
  /** `schemaof check` or `--noEmit`: the diagnostics alone. */
  readonly noEmit: boolean;
  readonly watch: boolean;
  /** Ends `--watch` (the command itself runs until the process is stopped). */
  readonly signal?: AbortSignal;
  /**
   * A build of one project, not --watch: where it keeps how it started tsc 7 (cli/launchRecord.ts),
   * and the tsc bin/schemaof.js started from that record before schemaof was loaded, to take.
   */
  readonly launch?: { readonly path: string | undefined; readonly early: EarlyTsc };
}

/** The slot of a tsc started early: the build that takes it leaves it empty. */
export interface EarlyTsc {
  tsc: RunningTsc | undefined;
}

/** Where a build prints: tsc prints diagnostics to stdout, and so does schemaof. */
export interface Console {
  out(text: string): void;
  error(text: string): void;
}
