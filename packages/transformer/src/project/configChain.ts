import { dirname } from "node:path";
import { readJsonc } from "./readJsonc";
import { resolveExtends } from "./readPluginEntry";

/** A tsconfig and every tsconfig it extends, near to far: what the project's options are read from. */
export function configChain(configFile: string, seen = new Set<string>()): string[] {
  if (seen.has(configFile)) return [];
  seen.add(configFile);
  let config: { extends?: string | string[] };
  try {
    config = readJsonc(configFile) as typeof config;
  } catch {
    return [configFile];
  }
  const bases = typeof config.extends === "string" ? [config.extends] : Array.isArray(config.extends) ? config.extends : [];
  const files = bases.flatMap((base) => {
    const file = resolveExtends(base, dirname(configFile));
    return file ? configChain(file, seen) : [];
  });
  return [configFile, ...files];
}
