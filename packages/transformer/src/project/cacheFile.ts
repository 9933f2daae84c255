import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * A file of schemaof's own for a project, where tools keep theirs: the nearest
 * `node_modules/.cache/schemaof/<project>/`; undefined when the project has no node_modules.
 */
export function cacheFile(configFile: string, name: string): string | undefined {
  const project = createHash("sha1").update(configFile).digest("hex").slice(0, 12);
  for (let dir = dirname(configFile); ; dir = dirname(dir)) {
    if (existsSync(join(dir, "node_modules"))) return join(dir, "node_modules", ".cache", "schemaof", project, name);
    if (dirname(dir) === dir) return undefined;
  }
}
