import { readFileSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequire } from "node:module";
import type { classifyFlags } from "./classifyFlags";

/** The two modules of TypeScript 7's API that schemaof uses, loaded from the project's own copy. */
export interface Ts7 {
  readonly version: string;
  /** `7.0` answers `updateSnapshot`, `7.1` `createSnapshot` and `snapshot.update`. */
  readonly layout: "7.0" | "7.1";
  readonly packageDir: string;
  /** The folder of the compiler's executable, which holds the lib.*.d.ts files (undefined when it cannot be found). */
  readonly libDir?: string;
  readonly api: {
    readonly API: new (options: { cwd: string }) => Ts7Api;
    readonly TypeFlags: Parameters<typeof classifyFlags>[1];
    readonly SymbolFlags: Record<string, number>;
    readonly ObjectFlags: Record<string, number>;
    readonly ElementFlags: Record<string, number>;
    readonly SignatureKind: Record<string, number>;
  };
  /** Its `ast` module: the `is…` predicates of TypeScript 5's names (some renamed) and SyntaxKind. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly ast: { readonly SyntaxKind: Record<string, number>; readonly [name: string]: any };
}

export interface Ts7Api {
  close(): void;
  updateSnapshot?(params?: object): Ts7Snapshot;
  createSnapshot?(params?: object): Ts7Snapshot;
}

export interface Ts7Snapshot {
  getProject?(configFileName: string): Ts7Project | undefined;
  getConfiguredProject?(configFileName: string): Ts7Project | undefined;
  update?(params: object): Ts7Snapshot;
  dispose(): void;
}

export interface Ts7Project {
  readonly program: unknown;
  readonly checker: unknown;
  readonly rootFiles?: readonly string[];
  readonly compilerOptions?: Record<string, unknown>;
  readonly parsedCommandLine?: { readonly fileNames: readonly string[]; readonly options: Record<string, unknown> };
}

/** The entry points of each API layout, by the export they are published under. */
const LAYOUTS = [
  { layout: "7.1", api: "./sync", ast: "./ast" },
  { layout: "7.0", api: "./unstable/sync", ast: "./unstable/ast" },
] as const;

/** Thrown when the installed TypeScript 7 has an API layout schemaof does not know. */
export class UnsupportedTypeScript extends Error {}

/** Loads TypeScript 7's API from a `typescript` package folder (the project's, never a copy of ours). */
export async function loadTs7(packageDir: string): Promise<Ts7> {
  const { manifest, found } = layoutOf(packageDir);
  const load = (entry: string) => import(pathToFileURL(join(packageDir, manifest.exports[entry] as string)).href);
  const [api, ast, executable] = await Promise.all([load(found.api), load(found.ast), findExecutable(packageDir)]);
  return ts7Of(manifest.version, found.layout, packageDir, api, ast, executable);
}

/**
 * The same, synchronously, for hosts that cannot wait (a `require` hook): the API's modules are
 * ECMAScript modules without top-level await, which Node 20.19 and later `require`.
 */
export function loadTs7Sync(packageDir: string): Ts7 {
  const { manifest, found } = layoutOf(packageDir);
  const requireHere = createRequire(join(packageDir, "package.json"));
  const load = (entry: string) => requireHere(join(packageDir, manifest.exports[entry] as string));
  let executable: { command: string; args: string[] };
  try {
    executable = { command: (requireHere(join(packageDir, "lib", "getExePath.js")) as { default: () => string }).default(), args: [] };
  } catch {
    executable = launcher(packageDir);
  }
  return ts7Of(manifest.version, found.layout, packageDir, load(found.api), load(found.ast), executable);
}

/** The version of the TypeScript 7 in a `typescript` package folder, read off its manifest (no API loaded). */
export const ts7Version = (packageDir: string): string => (JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { version: string }).version;

function layoutOf(packageDir: string) {
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { version: string; exports: Record<string, unknown> };
  manifest.exports ??= {};
  const found = LAYOUTS.find((entry) => typeof manifest.exports[entry.api] === "string" && typeof manifest.exports[entry.ast] === "string");
  if (!found) {
    throw new UnsupportedTypeScript(
      `TypeScript ${manifest.version} (${packageDir}) has no API that schemaof knows (it looks for 'typescript/sync' or 'typescript/unstable/sync'); install typescript@7.0 or 7.1, or report the version.`,
    );
  }
  return { manifest, found };
}

function ts7Of(
  version: string,
  layout: Ts7["layout"],
  packageDir: string,
  api: Ts7["api"],
  ast: Ts7["ast"],
  executable: { command: string; args: string[] },
): Ts7 {
  const libDir = executable.args.length === 0 ? dirname(executable.command) + sep : undefined;
  return { version, layout, packageDir, libDir, api, ast };
}

/** tsc 7's native executable (its `lib/getExePath.js` knows where the platform package put it), else its launcher under Node. */
export async function findExecutable(packageDir: string): Promise<{ command: string; args: string[] }> {
  try {
    const module = (await import(pathToFileURL(join(packageDir, "lib", "getExePath.js")).href)) as { default: () => string };
    return { command: module.default(), args: [] };
  } catch {
    return launcher(packageDir);
  }
}

const launcher = (packageDir: string) => ({ command: process.execPath, args: [join(packageDir, "bin", "tsc")] });

/**
 * One open project over TypeScript 7's API, the same for both layouts: open it, read its program
 * and checker, tell it which files changed, close it.
 */
export class Ts7Session {
  private readonly api: Ts7Api;
  private snapshot: Ts7Snapshot;

  constructor(
    readonly ts7: Ts7,
    readonly configFileName: string,
    cwd: string,
  ) {
    this.api = new ts7.api.API({ cwd });
    try {
      this.snapshot =
        ts7.layout === "7.1" ? this.api.createSnapshot!({ openProjects: [configFileName] }) : this.api.updateSnapshot!({ openProject: configFileName });
    } catch (error) {
      this.api.close();
      throw error;
    }
    if (!this.project) {
      this.api.close();
      throw new Error(`TypeScript ${ts7.version} could not open '${configFileName}'`);
    }
  }

  get project(): Ts7Project | undefined {
    return this.ts7.layout === "7.1" ? this.snapshot.getConfiguredProject!(this.configFileName) : this.snapshot.getProject!(this.configFileName);
  }

  /** The project's own files, as its tsconfig lists them. */
  rootFiles(): readonly string[] {
    const project = this.project!;
    return project.parsedCommandLine?.fileNames ?? project.rootFiles ?? [];
  }

  /** The compiler options the project's tsconfig gives (paths absolute). */
  options(): Record<string, unknown> {
    const project = this.project!;
    return project.parsedCommandLine?.options ?? project.compilerOptions ?? {};
  }

  /** A new snapshot that reads these files again; the old one is let go. */
  changed(files: { changed?: string[]; created?: string[]; deleted?: string[] }): void {
    const old = this.snapshot;
    this.snapshot =
      this.ts7.layout === "7.1" ? old.update!({ fileNotifications: files, ensurePrograms: true }) : this.api.updateSnapshot!({ fileChanges: files });
    old.dispose();
  }

  close(): void {
    this.api.close();
  }
}
