import { existsSync, statSync } from "node:fs";
import { ConfigError, readJsonc } from "../project/readJsonc";
import { dirname, join, resolve } from "node:path";

/**
 * `-p` as tsc reads it: a tsconfig file, or a folder holding `tsconfig.json`; the current folder's
 * `tsconfig.json` when there is no `-p`.
 */
export function findTsconfig(project: string | undefined, cwd: string): string {
  const path = resolve(cwd, project ?? ".");
  if (existsSync(path) && statSync(path).isDirectory()) {
    const file = join(path, "tsconfig.json");
    if (!existsSync(file)) throw new ConfigError(`Cannot find a tsconfig.json file at the specified directory: '${project ?? "."}'.`, 5057);
    return file;
  }
  if (!existsSync(path)) throw new ConfigError(`The specified path does not exist: '${project}'.`, 5058);
  return path;
}

/**
 * The projects a build must build before this one, as `tsc -b` would: those its `references` name,
 * theirs first (`references: [{ "path": "../lib" }]`), then the project itself. A cycle is TS6202.
 */
export function buildOrder(configFile: string): string[] {
  const order: string[] = [];
  const visiting: string[] = [];
  const visit = (file: string) => {
    if (order.includes(file)) return;
    if (visiting.includes(file))
      throw new ConfigError(
        `Project references may not form a circular graph. Cycle detected: ${[...visiting.slice(visiting.indexOf(file)), file].join(" -> ")}`,
        6202,
      );
    visiting.push(file);
    let references: unknown = undefined;
    try {
      references = (readJsonc(file) as { references?: unknown }).references;
    } catch {
      // tsc reports a tsconfig that does not parse, in its own words
    }
    for (const reference of Array.isArray(references) ? references : []) {
      const path = (reference as { path?: unknown })?.path;
      if (typeof path !== "string") continue;
      const target = resolve(dirname(file), path);
      visit(existsSync(target) && statSync(target).isDirectory() ? join(target, "tsconfig.json") : target);
    }
    visiting.pop();
    order.push(file);
  };
  visit(configFile);
  return order;
}
