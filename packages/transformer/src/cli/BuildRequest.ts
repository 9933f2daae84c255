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
}

/** Where a build prints: tsc prints diagnostics to stdout, and so does schemaof. */
export interface Console {
  out(text: string): void;
  error(text: string): void;
}
