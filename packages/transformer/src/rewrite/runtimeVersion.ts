import { readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { ownVersion } from "../project/ownVersion";

/** The runtime's manifest each folder resolves to (null: none), and each manifest's verdict as of its last change. */
const manifests = new Map<string, string | null>();
const verdicts = new Map<string, { readonly stamp: string; readonly verdict: string | undefined }>();

/**
 * Why the checks written into a file in `dir` would not run, or undefined: the @schemaof/runtime
 * that the file imports (resolved from its folder, as the emitted `@schemaof/runtime/helpers`
 * import is) is not the transformer's version. The two are released together, and a check calls
 * the runtime's helpers by name: one of another version may lack some (`h.at is not a function` at
 * the first call), or word an issue otherwise. A runtime that does not resolve from the folder is
 * left to the module system to report (a bundler's alias or a path mapping may provide it). A
 * process that stays (--watch, an editor) sees the runtime installed anew: the verdict is kept as
 * long as the manifest's size and time are.
 */
export function runtimeMismatch(dir: string): string | undefined {
  let manifest = manifests.get(dir);
  if (manifest === undefined) {
    try {
      manifest = createRequire(join(dir, "index.js")).resolve("@schemaof/runtime/package.json");
    } catch {
      manifest = null;
    }
    manifests.set(dir, manifest);
  }
  if (manifest === null) return undefined;
  let stamp = "gone";
  try {
    const { size, mtimeMs } = statSync(manifest);
    stamp = `${size}:${mtimeMs}`;
  } catch {
    // removed since it resolved: judged below as unreadable
  }
  const known = verdicts.get(manifest);
  if (known?.stamp === stamp) return known.verdict;
  const verdict = judge(manifest);
  verdicts.set(manifest, { stamp, verdict });
  return verdict;
}

function judge(manifest: string): string | undefined {
  const wanted = ownVersion();
  if (!wanted) return undefined;
  let found: string | undefined;
  try {
    found = (JSON.parse(readFileSync(manifest, "utf8")) as { version?: string }).version;
  } catch {
    // unreadable: said below as a version unknown
  }
  if (found === wanted) return undefined;
  return (
    `the @schemaof/runtime it imports (${dirname(manifest)}) is ${found ? `version ${found}` : "of no readable version"}, and the checks of ` +
    `@schemaof/transformer ${wanted} call the helpers of @schemaof/runtime ${wanted}; install @schemaof/runtime@${wanted} (the two are released together).`
  );
}
