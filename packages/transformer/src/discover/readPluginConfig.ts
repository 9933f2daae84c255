import { PROJECT_KEYS, checkOption, type CallOptions } from "./readOptions";
import { Code } from "../diagnostics/messages";

/**
 * The options every host takes, the plugin entry's keys: the project's defaults for the calls
 * (ts-patch's entry, `schemaof build`, a bundler plugin, the loader, the editor plugin).
 */
export type ProjectOptions = Readonly<CallOptions>;

/** ts-patch's own keys in a plugin entry; every other key is one of ours. */
const HOST_KEYS = new Set(["transform", "after", "afterDeclarations", "type", "import", "name", "transformProgram", "resolvePathAliases", "tsConfig", "isEsm"]);

/** The `@schemaof/transformer` entry of a program's compilerOptions.plugins, as TypeScript 5/6 parse it. */
export function pluginEntry(options: object): Record<string, unknown> | undefined {
  const plugins = (options as { plugins?: readonly unknown[] }).plugins ?? [];
  return plugins.find((plugin): plugin is Record<string, unknown> => (plugin as { transform?: unknown } | undefined)?.transform === "@schemaof/transformer");
}

/**
 * The `@schemaof/transformer` entry of compilerOptions.plugins -> the project's call options, and a
 * message for each key that is not one.
 */
export function readPluginConfig(config: Record<string, unknown> | undefined): { defaults: CallOptions; problems: { code: Code; message: string }[] } {
  const defaults: CallOptions = {};
  const problems: { code: Code; message: string }[] = [];
  for (const [key, value] of Object.entries(config ?? {})) {
    if (HOST_KEYS.has(key)) continue;
    const problem = checkOption(key, value, PROJECT_KEYS);
    if (problem) problems.push({ code: Code.NonLiteralOptions, message: `The @schemaof/transformer entry in tsconfig.json is invalid: ${problem}.` });
    else (defaults as Record<string, unknown>)[key] = value;
  }
  return { defaults, problems };
}
