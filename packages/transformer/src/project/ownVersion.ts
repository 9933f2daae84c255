import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

let version: string | null | undefined;

/**
 * The transformer's version, from its package.json: the nearest one above the running file (dist/,
 * dist/cli/, or the unbundled modules' folders); undefined where none names the package.
 */
export function ownVersion(): string | undefined {
  if (version === undefined) version = find();
  return version ?? undefined;
}

function find(): string | null {
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
