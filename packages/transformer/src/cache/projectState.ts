import { readdirSync, type Dirent } from "node:fs";
import { dirname, resolve, sep } from "node:path";
import { readText } from "../project/readText";
import { SOURCE } from "../project/fileKinds";
import { hashOf } from "./entryCache";

/**
 * A hash of the project as a schema may read it: its own files (names and texts), and the name of
 * every TypeScript file under the tsconfig's folder (node_modules and dot-folders aside) and in the
 * folders of its own files outside it. What a schema reads is more than the declarations the analysis
 * notes (a `Record<Keys, …>`'s keys, an `Omit`'s names, a file that now resolves), and a file added
 * may be a new root of the program, so any change here misses every cached file; the entries' own
 * dependencies cover the files outside (node_modules, libs) and the declaration files a schema read.
 * Declaration files are listed too (a new `.d.ts` may augment a type a schema reads), but not under
 * `outputs`, the folders a build writes its own into (`outDir`, `declarationDir`), so that a build's
 * outputs do not make the next build miss.
 */
export function projectState(
  configFile: string,
  files: readonly string[],
  textOf: (file: string) => string | undefined = readText,
  outputs: readonly string[] = [],
): string {
  const top = dirname(configFile);
  const names = new Set<string>();
  const skipped = new Set(outputs.map((folder) => resolve(folder)));
  walk(top, names, skipped);
  for (const folder of new Set(files.map((file) => dirname(file)))) if (!folder.startsWith(top)) list(folder, names, false, skipped);
  const parts: string[] = [];
  for (const file of [...files].sort()) parts.push(file, textOf(file) ?? "\0gone");
  parts.push(...[...names].sort(), ...installed(top));
  return hashOf(parts.join("\0"));
}

/** What a package manager writes on each install, beside the nearest node_modules and inside it. */
const INSTALL_STATE = ["package-lock.json", "pnpm-lock.yaml", "yarn.lock", "bun.lock", "npm-shrinkwrap.json"];
const INSTALLED_STATE = [".package-lock.json", ".modules.yaml", ".yarn-state.yml"];

/**
 * The project's installed packages, as far as the package manager says: its lockfiles and the
 * record it keeps in node_modules. A schema's dependencies in a package are hashed where they are,
 * but an upgrade installs the new version at another path (pnpm's store) and leaves the old files as
 * they were: the install's records change, and so every file misses.
 */
function installed(top: string): string[] {
  for (let dir = top; ; dir = dirname(dir)) {
    const modules = dir + sep + "node_modules";
    const texts = [...INSTALL_STATE.map((name) => dir + sep + name), ...INSTALLED_STATE.map((name) => modules + sep + name)].map(
      (file) => readText(file) ?? "",
    );
    if (texts.some(Boolean)) return texts;
    if (dirname(dir) === dir) return [];
  }
}

function walk(folder: string, names: Set<string>, skipped: ReadonlySet<string>): void {
  for (const sub of list(folder, names, true, skipped)) walk(sub, names, skipped);
}

/** The TypeScript files of a folder into `names`; its subfolders (not node_modules, not hidden) returned. */
function list(folder: string, names: Set<string>, deep: boolean, skipped: ReadonlySet<string>): string[] {
  if (skipped.size > 0 && skipped.has(resolve(folder))) return [];
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  const folders: string[] = [];
  // Paths are made only for what is kept (an outDir beside the sources holds as many files again),
  // by joining strings: the folder is a path already, and path.join normalised each one again.
  const prefix = folder.endsWith(sep) ? folder : folder + sep;
  for (const entry of entries) {
    if (entry.isDirectory()) {
      if (deep && entry.name !== "node_modules" && !entry.name.startsWith(".")) folders.push(prefix + entry.name);
    } else if (SOURCE.test(entry.name)) names.add(prefix + entry.name);
  }
  return folders;
}
