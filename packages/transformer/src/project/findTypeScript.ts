import { existsSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";

/** The TypeScript a project has installed: where, and which version. */
export interface InstalledTypeScript {
  readonly packageDir: string;
  readonly version: string;
  readonly major: number;
}

/** Thrown when the project has no TypeScript of its own to build with. */
export class NoTypeScript extends Error {}

/**
 * The `typescript` package the project at `from` has: the nearest `node_modules/typescript` above
 * it, as Node finds packages (read without its `exports`, which may not list package.json).
 */
export function findTypeScript(from: string): InstalledTypeScript {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, "node_modules", "typescript", "package.json");
    if (existsSync(manifest)) {
      const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version: string };
      return { packageDir: realpathSync(dirname(manifest)), version, major: Number(version.split(".")[0]) };
    }
    if (dirname(dir) === dir) throw new NoTypeScript(`no 'typescript' package is installed for '${from}'; install it: npm i -D typescript`);
  }
}
