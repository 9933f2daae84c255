import { SOURCE } from "../project/fileKinds";
import { existsSync, readdirSync, statSync, watch, type FSWatcher } from "node:fs";
import { join, sep } from "node:path";
import type { BuildRequest, Console } from "./BuildRequest";

/** What --watch looks at: folders, the files the project has, and what to leave alone. */
export interface WatchedProject {
  readonly roots: readonly string[];
  readonly known: Set<string>;
  readonly ignored: (path: string) => boolean;
}

/** A path as TypeScript writes file names, with forward slashes on every system. */
const portable = (path: string) => (sep === "\\" ? path.split(sep).join("/") : path);

/** Which files changed since the last build. */
export interface Changes {
  changed: string[];
  created: string[];
  deleted: string[];
}

/**
 * `--watch`: rebuilds after each change to a TypeScript file under the project's folders (edits
 * that come together, as an editor's save of several files, make one rebuild), printing tsc's
 * status lines. Runs until the process is stopped or `request.signal` aborts; returns 0 then.
 */
export function watchProject(
  request: BuildRequest,
  project: WatchedProject,
  errors: number,
  rebuild: (changes: Changes) => Promise<number>,
  console: Console,
): Promise<number> {
  const { roots, known, ignored } = project;
  return new Promise((resolve) => {
    const pending = new Map<string, boolean>();
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    const flush = () => {
      timer = undefined;
      const changes: Changes = { changed: [], created: [], deleted: [] };
      for (const [file] of pending) {
        const exists = existsSync(file);
        if (exists && known.has(file)) changes.changed.push(file);
        else if (exists) (changes.created.push(file), known.add(file));
        else if (known.has(file)) (changes.deleted.push(file), known.delete(file));
      }
      pending.clear();
      if (!changes.changed.length && !changes.created.length && !changes.deleted.length) return;
      running = running.then(async () => {
        console.out(status("File change detected. Starting incremental compilation..."));
        try {
          console.out(status(watching(await rebuild(changes))));
        } catch (error) {
          // A failed rebuild is said, and the watch goes on: the next edit may mend it.
          console.error(`error: schemaof failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}\n`);
          console.out(status(watching(1)));
        }
      });
    };
    // One watcher per folder, not a recursive one: Node 20's recursive watch on Linux follows files,
    // and loses one an editor saves by replacing it (a new file renamed over the old).
    const watchers = new Map<string, FSWatcher>();
    const watchFolder = (folder: string) => {
      if (watchers.has(folder) || folder.split(sep).includes("node_modules")) return;
      try {
        watchers.set(
          folder,
          watch(folder, (_event, name) => {
            if (!name) return;
            const path = portable(join(folder, name.toString()));
            if (ignored(path)) return;
            // A new folder: it and what is already in it (written before its watcher was in place).
            const paths = isFolder(path) ? foldersUnder(path).flatMap((folder) => (watchFolder(folder), filesIn(folder))) : [path];
            for (const file of paths.filter((file) => SOURCE.test(file) && !ignored(file))) pending.set(file, true);
            if (pending.size) timer ??= setTimeout(flush, 20);
          }),
        );
      } catch {
        // a folder gone before it could be watched
      }
    };
    for (const root of outermost(roots)) for (const folder of foldersUnder(root)) watchFolder(folder);
    // Said once the watchers are in place, so that an edit made on reading it is seen.
    console.out(status(watching(errors)));
    const stop = () => {
      for (const watcher of watchers.values()) watcher.close();
      if (timer) clearTimeout(timer);
      void running.then(() => resolve(0));
    };
    request.signal?.addEventListener("abort", stop, { once: true });
  });
}

/** tsc's status line: `12:00:00 PM - Found 0 errors. Watching for file changes.` */
export function status(text: string): string {
  return `${new Date().toLocaleTimeString("en-US")} - ${text}\n`;
}

export function watching(errors: number): string {
  return `Found ${errors} error${errors === 1 ? "" : "s"}. Watching for file changes.`;
}

/** The folders of the list that no other folder of it contains. */
function outermost(folders: readonly string[]): string[] {
  const sorted = [...new Set(folders)].sort();
  return sorted.filter((folder) => !sorted.some((other) => other !== folder && folder.startsWith(other + sep)));
}

const isFolder = (path: string) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** The files of a folder, with forward slashes. */
function filesIn(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => portable(join(folder, entry.name)));
  } catch {
    return [];
  }
}

/** A folder and every folder below it, but node_modules. */
function foldersUnder(root: string): string[] {
  const found = [root];
  for (let i = 0; i < found.length && found.length < 10_000; i++) {
    for (const entry of readdirSync(found[i], { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== "node_modules" && !entry.name.startsWith(".")) found.push(join(found[i], entry.name));
    }
  }
  return found;
}
