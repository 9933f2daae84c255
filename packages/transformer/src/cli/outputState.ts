import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** An output file as tsc wrote it, before our edits: its code, and its map's text when the map is a file. */
export interface RawOutput {
  readonly code: string;
  readonly map?: string;
}

interface Entry {
  /** The source the output was emitted from. */
  readonly source: string;
  /** The fingerprint of the rewrite its current content was edited with. */
  readonly fingerprint: string;
  readonly raw: RawOutput;
}

/**
 * What each edited output was edited from and with, so that an output tsc does not emit again
 * (an incremental build, a rebuild under --watch) can be edited again when its schemas read a
 * declaration that changed elsewhere: tsc re-emits a file only when the declarations it imports
 * change, and a default, a JSDoc text or a constraint is not one of them. Kept in memory under
 * --watch, in a file beside the project's (node_modules/.cache/schemaof) for incremental builds.
 */
export class OutputState {
  private readonly entries = new Map<string, Entry>();

  private constructor(private readonly file: string | undefined) {}

  static inMemory(): OutputState {
    return new OutputState(undefined);
  }

  /** The state an earlier build left in `file`; undefined when there is none (or it cannot be read). */
  static load(file: string): OutputState | undefined {
    try {
      const state = new OutputState(file);
      const saved = JSON.parse(readFileSync(file, "utf8")) as { version: number; entries: [string, Entry][] };
      if (saved.version !== 1) return undefined;
      for (const [output, entry] of saved.entries) state.entries.set(output, entry);
      return state;
    } catch {
      return undefined;
    }
  }

  /** A new, empty state that will be saved to `file`. */
  static empty(file: string): OutputState {
    return new OutputState(file);
  }

  set(output: string, entry: Entry): void {
    this.entries.set(output, entry);
  }

  get(output: string): Entry | undefined {
    return this.entries.get(output);
  }

  forget(output: string): void {
    this.entries.delete(output);
  }

  /** Every output edited so far, with what it was edited from. */
  all(): IterableIterator<[string, Entry]> {
    return this.entries.entries();
  }

  save(): void {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(this.file, JSON.stringify({ version: 1, entries: [...this.entries] }));
  }
}
