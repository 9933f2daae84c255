import { readdirSync, type Dirent } from "node:fs";
import { dirname, sep } from "node:path";
import { readText } from "../project/readText";
import { DECLARATION, SOURCE } from "../project/fileKinds";
import { hashOf } from "./entryCache";

/**
 * A hash of the project as a schema may read it: its own files (names and texts), and the name of
 * every TypeScript file under the tsconfig's folder (node_modules and dot-folders aside) and in the
 * folders of its own files outside it. What a schema reads is more than the declarations the analysis
 * notes (a `Record<Keys, …>`'s keys, an `Omit`'s names, a file that now resolves), and a file added
 * may be a new root of the program, so any change here misses every cached file; the entries' own
 * dependencies cover the files outside (node_modules, libs) and the declaration files a schema read.
 * Declaration files are not listed: a build writes them (`declaration`), and its own outputs must not
 * make the next build miss.
 */
export function projectState(configFile: string, files: readonly string[], textOf: (file: string) => string | undefined = readText): string {
  const top = dirname(configFile);
  const names = new Set<string>();
  walk(top, names);
  for (const folder of new Set(files.map((file) => dirname(file)))) if (!folder.startsWith(top)) list(folder, names, false);
  const parts: string[] = [];
  for (const file of [...files].sort()) parts.push(file, textOf(file) ?? "\0gone");
  parts.push(...[...names].sort());
  return hashOf(parts.join("\0"));
}

function walk(folder: string, names: Set<string>): void {
  for (const sub of list(folder, names, true)) walk(sub, names);
}

/** The TypeScript files of a folder into `names`; its subfolders (not node_modules, not hidden) returned. */
function list(folder: string, names: Set<string>, deep: boolean): string[] {
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
    } else if (SOURCE.test(entry.name) && !DECLARATION.test(entry.name)) names.add(prefix + entry.name);
  }
  return folders;
}
