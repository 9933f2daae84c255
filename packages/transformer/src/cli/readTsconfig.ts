import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { createRequire } from "node:module";

/** A problem with the project's tsconfig, told as tsc tells it (TS5057, TS5083, …). */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

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

function resolveExtends(base: string, from: string): string | undefined {
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

/** JSON with comments and trailing commas, as tsconfig files are written. */
export function readJsonc(file: string): unknown {
  const withoutComments = outsideStrings(readFileSync(file, "utf8").replace(/^\uFEFF/, ""), (text, i) => {
    if (text.startsWith("//", i)) return { skip: Math.max(text.indexOf("\n", i), i) - i || text.length - i, put: "" };
    if (text.startsWith("/*", i)) return { skip: (text.indexOf("*/", i + 2) + 1 || text.length - 1) - i + 1, put: " " };
    return undefined;
  });
  const json = outsideStrings(withoutComments, (text, i) =>
    text[i] === "," && /^\s*[}\]]/.test(text.slice(i + 1, i + 200)) ? { skip: 1, put: "" } : undefined,
  );
  try {
    return JSON.parse(json);
  } catch (error) {
    throw new ConfigError(`'${file}' is not valid JSON: ${(error as Error).message}.`, 5083);
  }
}

/** The text with `change` applied wherever it applies outside string literals. */
function outsideStrings(text: string, change: (text: string, at: number) => { skip: number; put: string } | undefined): string {
  let out = "";
  for (let i = 0; i < text.length;) {
    if (text[i] === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      out += text.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    const changed = change(text, i);
    if (changed) {
      out += changed.put;
      i += changed.skip;
    } else out += text[i++];
  }
  return out;
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
