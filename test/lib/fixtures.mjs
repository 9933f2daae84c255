// Fixture folders: test/fixtures/<group>/<case>/ with input.ts and either a golden schema.json
// (plus samples.json) or a golden diagnostics.txt.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

export const fixturesRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures");
export const updating = process.env.UPDATE === "1";

export function listFixtures() {
  const out = [];
  for (const group of readdirSync(fixturesRoot, { withFileTypes: true })) {
    if (!group.isDirectory()) continue;
    for (const entry of readdirSync(join(fixturesRoot, group.name), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const dir = join(fixturesRoot, group.name, entry.name);
      if (!existsSync(join(dir, "input.ts"))) continue;
      out.push({
        name: `${group.name}/${entry.name}`,
        dir,
        input: join(dir, "input.ts"),
        expectsDiagnostics: existsSync(join(dir, "diagnostics.txt")) || group.name === "diagnostics",
      });
    }
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

export const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

/** Compares with a golden file; under UPDATE=1 writes it instead. */
export function golden(file, actual) {
  if (updating || !existsSync(file)) {
    if (!updating) throw new Error(`missing golden ${file}; run with UPDATE=1 and read the diff`);
    writeFileSync(file, actual);
    return actual;
  }
  return readFileSync(file, "utf8");
}
