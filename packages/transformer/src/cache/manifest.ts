import { readFileSync } from "node:fs";
import { writeWhole } from "./entryCache";

/** What a host keeps of a project beside its files' entries: what it would otherwise ask TypeScript first. */
interface Stamped {
  readonly format: string;
  readonly key: string;
  /** projectState when it was written: a project since changed is opened, and the manifest written again. */
  readonly project: string;
}

/**
 * The manifest at `path` when it is of this format and key; undefined when there is none, or (said
 * once through `warn`) when it is not one schemaof wrote for this project, or `isValid` refuses it.
 */
export function readManifest<M extends Stamped>(
  path: string,
  format: M["format"],
  key: string,
  isValid: (manifest: Partial<M>) => boolean,
  warn: (line: string) => void,
): M | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
  try {
    const manifest = JSON.parse(text) as Partial<M>;
    if (manifest.format === format && manifest.key === key && typeof manifest.project === "string" && isValid(manifest)) return manifest as M;
  } catch {
    // said below
  }
  warn(`schemaof: ignored the cache file ${path}: schemaof did not write it for this project; it will be written again`);
  return undefined;
}

export const writeManifest = <M extends Stamped>(path: string, manifest: M): boolean => writeWhole(path, JSON.stringify(manifest));
