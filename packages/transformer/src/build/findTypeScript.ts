import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** The TypeScript a project has installed: where, and which version. */
export interface InstalledTypeScript {
  readonly packageDir: string;
  readonly version: string;
  readonly major: number;
}

/** Thrown when the project has no TypeScript of its own to build with. */
export class NoTypeScript extends Error {}

/** The `typescript` package the project at `from` resolves, never a copy of schemaof's own. */
export function findTypeScript(from: string): InstalledTypeScript {
  let manifest: string;
  try {
    manifest = createRequire(join(from, "tsconfig.json")).resolve("typescript/package.json");
  } catch {
    throw new NoTypeScript(`no 'typescript' package is installed for '${from}'; install it: npm i -D typescript`);
  }
  const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version: string };
  return { packageDir: dirname(manifest), version, major: Number(version.split(".")[0]) };
}
