import { existsSync, watch, type FSWatcher } from "node:fs";
import { join, sep } from "node:path";
import type { BuildRequest, Console } from "./BuildRequest";

/** Which files changed since the last build. */
export interface Changes {
  changed: string[];
  created: string[];
  deleted: string[];
}

const SOURCE = /\.(?:ts|tsx|mts|cts)$/;

/**
 * `--watch`: rebuilds after each change to a TypeScript file under the project's folders (edits
 * that come together, as an editor's save of several files, make one rebuild), printing tsc's
 * status lines. Runs until the process is stopped or `request.signal` aborts; returns 0 then.
 */
export function watchProject(request: BuildRequest, roots: readonly string[], known: Set<string>, errors: number, rebuild: (changes: Changes) => Promise<number>, console: Console): Promise<number> {
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
        const errors = await rebuild(changes);
        console.out(status(watching(errors)));
      });
    };
    const watchers: FSWatcher[] = outermost(roots).map((root) =>
      watch(root, { recursive: true }, (_event, name) => {
        if (!name) return;
        const file = join(root, name.toString());
        if (!SOURCE.test(file) || file.includes(`${sep}node_modules${sep}`)) return;
        pending.set(file, true);
        timer ??= setTimeout(flush, 20);
      }),
    );
    // Said once the watchers are in place, so that an edit made on reading it is seen.
    console.out(status(watching(errors)));
    const stop = () => {
      for (const watcher of watchers) watcher.close();
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
