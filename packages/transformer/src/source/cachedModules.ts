import { cacheFile } from "../project/cacheFile";
import { readText } from "../project/readText";
import { mentionsIntrinsic, reexportedNames } from "../discover/mentionsIntrinsic";
import { Code } from "../diagnostics/messages";
import { entryCache, unchangedSince } from "../cache/entryCache";
import { readManifest, writeManifest } from "../cache/manifest";
import { projectState } from "../cache/projectState";
import { cacheKey, caching, traceCache, warnOnce } from "../cache/buildStamp";
import type { Modules, ModulesOptions, ModuleProblem, ModuleResult } from "./openModules";
import type { LintLevels } from "../lint/lintTool";

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
  if (!root || !caching()) return open();
  const { tsconfig: _tsconfig, cwd = process.cwd(), ...host } = options;
  const key = cacheKey("modules", typescript, configFile, [cwd, host]);
  const warn = warnOnce();
  const cache = entryCache<ModuleResult>(root, key, isModuleResult, warn);
  const manifestPath = cacheFile(configFile, `project-${key.slice(0, 24)}.json`)!;
  let opened: Modules | undefined;
  let openedAt = 0;
  const real = (): Modules => {
    if (opened) return opened;
    traceCache?.(`opening TypeScript ${typescript} for ${configFile}`);
    openedAt = Date.now();
    opened = open();
    const files = opened.files().map((file) => file.fileName);
    // A file of the project written while it was opened may have been read in either state: no manifest of it.
    if (unchangedSince(files, openedAt)) {
      writeManifest<Manifest>(manifestPath, { format: MANIFEST, key, files, project: projectNow(), problems: opened.problems, lint: opened.lint });
    }
    return opened;
  };
  const manifest = readManifest<Manifest>(manifestPath, MANIFEST, key, (read) => Array.isArray(read.files) && Array.isArray(read.problems), warn);
  // Whether the manifest, not TypeScript, answers: written for the project as it is now, and nothing opened.
  const fromManifest = () => manifest !== undefined && !opened && manifest.project === projectNow();
  // The project's files read once for the state and the names below, until a change is heard of.
  const texts = new Map<string, string | undefined>();
  const textOf = (file: string) => (texts.has(file) ? texts.get(file) : texts.set(file, readText(file)).get(file));
  // The names the project's modules re-export our calls under, read off their texts as they are now.
  let aliases: ReadonlySet<string> | undefined;
  const aliasesNow = () => (aliases ??= reexportedNames(manifest!.files.map((file) => textOf(file) ?? "")));
  let project: string | undefined;
  const ownFiles = () =>
    opened || !manifest
      ? real()
          .files()
          .map((file) => file.fileName)
      : manifest.files;
  const projectNow = () => (project ??= projectState(configFile, ownFiles(), textOf));
  const mentions = (code: string) => (fromManifest() ? mentionsIntrinsic(code, aliasesNow()) : real().mentions(code));

  return {
    configFile,
    typescript,
    get problems() {
      return fromManifest() ? manifest!.problems : real().problems;
    },
    get lint() {
      return fromManifest() ? manifest!.lint : real().lint;
    },
    mentions,
    files: () => real().files(),
    transform(fileName, code) {
      if (!mentions(code)) return undefined;
      const hit = cache.get(fileName, code, projectNow());
      traceCache?.(`${hit === undefined ? "miss" : "hit"} ${fileName}`);
      if (hit !== undefined) return hit ?? undefined;
      const result = real().transform(fileName, code);
      // A problem of the host's (a module another plugin compiled first) says nothing of the module itself.
      if (!result?.problems.some((problem) => problem.code === Code.Internal)) {
        cache.put(fileName, code, projectNow(), result, [fileName, ...(result?.dependencies ?? [])], openedAt);
      }
      return result;
    },
    changed(fileName) {
      // An entry checks its own texts when it is read; the open checker has to hear of it.
      aliases = undefined;
      project = undefined;
      texts.clear();
      cache.changed();
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
  readonly project: string;
  /** The project's own files, where the names our calls are re-exported under are looked for. */
  readonly files: readonly string[];
  readonly problems: readonly ModuleProblem[];
  readonly lint?: LintLevels;
}

const isModuleResult = (value: unknown): boolean =>
  typeof value === "object" && value !== null && Array.isArray((value as ModuleResult).problems) && Array.isArray((value as ModuleResult).dependencies);
