import { readdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { cacheFile } from "../../project/cacheFile";
import { configChain } from "../../project/configChain";
import { readText } from "../../project/readText";
import { mentionsIntrinsic, reexportedNames } from "../../discover/mentionsIntrinsic";
import type { Modules, ModulesOptions, ModuleProblem } from "../openModules";
import type { LintLevels } from "../../lint/lintTool";
import { hashOf, moduleCache, writeWhole } from "./moduleCache";

/**
 * The project as the hosts that see one module at a time open it (the loader, the bundler plugins),
 * with each module's rewrite kept under `node_modules/.cache/schemaof`: a module whose text, and the
 * texts of the declarations its schemas read, are those of its entry is answered from the file, and
 * TypeScript (5/6 in this process, 7's API process) is opened only for a module that misses.
 * `SCHEMAOF_CACHE=0` turns it off; `SCHEMAOF_TRACE=cache` says, on stderr, each module's hit or miss
 * and when TypeScript is opened.
 */
export function cachedModules(configFile: string, options: ModulesOptions, typescript: string, open: () => Modules): Modules {
  const root = cacheFile(configFile, "modules");
  if (!root || !BUILD || process.env.SCHEMAOF_CACHE === "0") return open();
  const { tsconfig: _tsconfig, cwd = process.cwd(), ...host } = options;
  const key = hashOf(
    JSON.stringify([BUILD, typescript, configFile, cwd, sortedJson(host), configChain(configFile).map((file) => [file, readText(file) ?? ""])]),
  );
  const warned = new Set<string>();
  const warn = (line: string) => {
    if (!warned.has(line)) process.stderr.write(`${line}\n`);
    warned.add(line);
  };
  const cache = moduleCache(root, key, warn);
  const manifestPath = cacheFile(configFile, `project-${key.slice(0, 24)}.json`)!;
  const trace = process.env.SCHEMAOF_TRACE === "cache" ? (line: string) => process.stderr.write(`schemaof cache: ${line}\n`) : undefined;
  let opened: Modules | undefined;
  const real = (): Modules => {
    if (opened) return opened;
    trace?.(`opening TypeScript ${typescript} for ${configFile}`);
    opened = open();
    writeWhole(
      manifestPath,
      JSON.stringify({
        format: MANIFEST,
        key,
        files: opened.files().map((file) => file.fileName),
        project: projectNow(),
        problems: opened.problems,
        lint: opened.lint,
      } satisfies Manifest),
    );
    return opened;
  };
  const manifest = readManifest(manifestPath, key, warn);
  // The names the project's modules re-export our calls under, read off their texts as they are now.
  let aliases: ReadonlySet<string> | undefined;
  const aliasesNow = () => (aliases ??= reexportedNames(manifest!.files.map((file) => readText(file) ?? "")));
  // The project's files as they are now: what a schema reads is more than the declarations the analysis
  // notes (a `Record<Keys, …>`'s keys, an `Omit`'s names, a file that now resolves), so any edit of an own
  // file, and a file added beside them, misses every module; the entries' own dependencies cover the rest.
  let project: string | undefined;
  const ownFiles = () =>
    opened || !manifest
      ? real()
          .files()
          .map((file) => file.fileName)
      : manifest.files;
  const projectNow = () => (project ??= projectState(ownFiles()));
  const mentions = (code: string) => (manifest && !opened && manifest.project === projectNow() ? mentionsIntrinsic(code, aliasesNow()) : real().mentions(code));

  return {
    configFile,
    typescript,
    get problems() {
      return manifest && !opened ? manifest.problems : real().problems;
    },
    get lint() {
      return manifest && !opened ? manifest.lint : real().lint;
    },
    mentions,
    files: () => real().files(),
    transform(fileName, code) {
      if (!mentions(code)) return undefined;
      const hit = cache.get(fileName, code, projectNow());
      trace?.(`${hit === undefined ? "miss" : "hit"} ${fileName}`);
      if (hit !== undefined) return hit ?? undefined;
      const result = real().transform(fileName, code);
      cache.put(fileName, code, projectNow(), result);
      return result;
    },
    changed(fileName) {
      // An entry checks its own texts when it is read; the open checker has to hear of it.
      aliases = undefined;
      project = undefined;
      opened?.changed(fileName);
    },
    close: () => opened?.close(),
  };
}

const MANIFEST = "schemaof-project-1";

/** What a host reads of the project before any module: kept so a run of hits opens nothing. */
interface Manifest {
  readonly format: typeof MANIFEST;
  readonly key: string;
  /** The project's own files, where the names our calls are re-exported under are looked for. */
  readonly files: readonly string[];
  /** projectState when it was written: a project since changed is opened, its names read afresh. */
  readonly project: string;
  readonly problems: readonly ModuleProblem[];
  readonly lint?: LintLevels;
}

function readManifest(path: string, key: string, warn: (line: string) => void): Manifest | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
  try {
    const manifest = JSON.parse(text) as Partial<Manifest>;
    if (
      manifest.format === MANIFEST &&
      manifest.key === key &&
      typeof manifest.project === "string" &&
      Array.isArray(manifest.files) &&
      Array.isArray(manifest.problems)
    ) {
      return manifest as Manifest;
    }
  } catch {
    // said below
  }
  warn(`schemaof: ignored the cache file ${path}: schemaof did not write it for this project; it will be written again`);
  return undefined;
}

/**
 * This build of schemaof, written in by the bundle (scripts/bundle-entry.mjs: a hash of its sources
 * and version); undefined when running the unbundled modules, which then keep no cache.
 */
declare const __SCHEMAOF_BUILD__: string | undefined;
const BUILD = typeof __SCHEMAOF_BUILD__ === "string" ? __SCHEMAOF_BUILD__ : undefined;

function sortedJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedJson);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedJson((value as Record<string, unknown>)[key])]),
  );
}

/**
 * A hash of the project's own files (names and texts) and of the folders that hold them (every name
 * in each), so that a file added, removed or edited among them changes it.
 */
function projectState(files: readonly string[]): string {
  const folders = new Set(files.map((file) => dirname(file)));
  const parts: string[] = [];
  for (const file of [...files].sort()) parts.push(file, readText(file) ?? "\0gone");
  for (const folder of [...folders].sort()) {
    let names: string[] = [];
    try {
      names = readdirSync(folder).sort();
    } catch {
      // a folder gone: its absence is the state
    }
    parts.push(folder, names.join("/"));
  }
  return hashOf(parts.join("\0"));
}
