import { readFileSync } from "node:fs";
import { schemaof } from "./index.js";
import type { Options } from "./index.js";

/** The parts of esbuild's plugin API this touches, written structurally (esbuild is not a dependency). */
interface Location {
  file?: string;
  line?: number;
  lineText?: string;
}
interface Message {
  location?: Location | null;
}
interface LoadResult {
  errors?: Message[];
  warnings?: Message[];
}
interface Build {
  onLoad(options: object, callback: (args: object) => unknown): void;
}

/**
 * `schemaof()` as an esbuild plugin. esbuild prints a message's code frame from its location's
 * `lineText`, which unplugin leaves out (the frame showed an empty line under our error): each
 * placed message of a load gets the line it points at.
 */
export default function esbuildPlugin(options?: Options): ReturnType<typeof schemaof.esbuild> {
  const plugin = schemaof.esbuild(options);
  const setup = plugin.setup as unknown as (build: Build) => void | Promise<void>;
  const placed = (build: Build) => {
    // A copy, not a child (unplugin spreads the build object, which drops what a prototype holds).
    const placing: Build = {
      ...build,
      onLoad: (filter, callback) => build.onLoad(filter, async (args) => withLineTexts((await callback(args)) as LoadResult | undefined)),
    };
    return setup(placing);
  };
  return { ...plugin, setup: placed as unknown as typeof plugin.setup };
}

function withLineTexts(result: LoadResult | undefined): LoadResult | undefined {
  const lines = new Map<string, string[]>();
  for (const message of [...(result?.errors ?? []), ...(result?.warnings ?? [])]) {
    const location = message.location;
    if (!location?.file || location.line === undefined || location.lineText !== undefined) continue;
    if (!lines.has(location.file)) lines.set(location.file, readLines(location.file));
    location.lineText = lines.get(location.file)![location.line - 1] ?? "";
  }
  return result;
}

function readLines(file: string): string[] {
  try {
    return readFileSync(file, "utf8").split(/\r?\n/);
  } catch {
    return [];
  }
}
