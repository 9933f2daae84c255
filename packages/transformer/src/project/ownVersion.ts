import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** The version, written in by the bundle (scripts/bundle-entry.mjs); undefined in the unbundled modules. */
declare const __SCHEMAOF_VERSION__: string | undefined;

let version: string | null | undefined;

/**
 * The transformer's version: the bundle's, else from its package.json, the nearest one above the
 * running module (the unbundled modules' folders); undefined where none names the package.
 */
export function ownVersion(): string | undefined {
  if (version === undefined) version = typeof __SCHEMAOF_VERSION__ === "string" ? __SCHEMAOF_VERSION__ : find();
  return version ?? undefined;
}

function find(): string | null {
  if (typeof __dirname === "undefined") return null;
  for (let dir = __dirname; dirname(dir) !== dir; dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string; version?: string };
      if (manifest.name === "@schemaof/transformer" && manifest.version) return manifest.version;
    } catch {
      // no package.json here: the folder above
    }
  }
  return null;
}
