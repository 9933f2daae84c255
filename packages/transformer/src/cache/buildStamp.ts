import { configChain } from "../project/configChain";
import { readText } from "../project/readText";
import { hashOf } from "./entryCache";
import { BUILD } from "./build";

export { BUILD, caching } from "./build";

/**
 * What every entry of a project's cache is made under: schemaof's build, the project's TypeScript, the
 * tsconfig and every tsconfig it extends (their texts), the host and its options.
 */
export function cacheKey(host: string, typescript: string, configFile: string, options: unknown): string {
  return hashOf(
    JSON.stringify([BUILD, host, typescript, configFile, sortedJson(options), configChain(configFile).map((file) => [file, readText(file) ?? ""])]),
  );
}

/** `SCHEMAOF_TRACE=cache`: each file's hit or miss, and when TypeScript is opened, on stderr. */
export const traceCache: ((line: string) => void) | undefined =
  process.env.SCHEMAOF_TRACE === "cache" ? (line) => process.stderr.write(`schemaof cache: ${line}\n`) : undefined;

/** Each line once, on stderr: a corrupt cache file is said once, not at every read. */
export function warnOnce(): (line: string) => void {
  const warned = new Set<string>();
  return (line) => {
    if (!warned.has(line)) process.stderr.write(`${line}\n`);
    warned.add(line);
  };
}

function sortedJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedJson);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedJson((value as Record<string, unknown>)[key])]),
  );
}
