import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { createRequire } from "node:module";
import { readJsonc } from "./readJsonc";

/**
 * The `@schemaof/transformer` entry of `compilerOptions.plugins`, looked up through `extends`
 * (TypeScript 7's API leaves plugins out of the options it parses).
 */
export function readPluginEntry(configFile: string, seen = new Set<string>()): Record<string, unknown> | undefined {
  if (seen.has(configFile)) return undefined;
  seen.add(configFile);
  let config: { extends?: string | string[]; compilerOptions?: { plugins?: unknown } };
  try {
    config = readJsonc(configFile) as typeof config;
  } catch {
    return undefined; // tsc reports a tsconfig that does not parse, in its own words
  }
  const plugins = config.compilerOptions?.plugins;
  if (Array.isArray(plugins)) {
    return plugins.find(
      (entry): entry is Record<string, unknown> =>
        typeof entry === "object" && entry !== null && (entry as { transform?: unknown }).transform === "@schemaof/transformer",
    );
  }
  const bases = typeof config.extends === "string" ? [config.extends] : Array.isArray(config.extends) ? config.extends : [];
  for (const base of [...bases].reverse()) {
    const file = resolveExtends(base, dirname(configFile));
    const entry = file && readPluginEntry(file, seen);
    if (entry) return entry;
  }
  return undefined;
}

/** The file a tsconfig's `extends` names, as TypeScript finds it. */
export function resolveExtends(base: string, from: string): string | undefined {
  if (base.startsWith(".") || base.startsWith("/")) {
    const path = resolve(from, base);
    return [path, `${path}.json`].find((file) => existsSync(file) && statSync(file).isFile());
  }
  const require = createRequire(join(from, "tsconfig.json"));
  for (const candidate of [base, `${base}.json`, `${base}/tsconfig.json`]) {
    try {
      return require.resolve(candidate);
    } catch {
      // the next form
    }
  }
  return undefined;
}
