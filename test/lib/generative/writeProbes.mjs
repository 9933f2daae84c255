// Writes generated types into a few TypeScript files beside test/node_modules (so
// @schemaof/runtime resolves), each type followed by its eight calls, one a line, exported as
// functions: the module runs, and a call left in place (diagnosed) throws only when called.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TAG_IMPORTS } from "./leaves.mjs";

/** The calls of every type, by the name of the export that makes each. */
export const CALLS = {
  flat: (T) => `() => schemaOf<${T}>()`,
  refs: (T) => `() => schemaOf<${T}>({ refs: true })`,
  closed: (T) => `() => schemaOf<${T}>({ additionalProperties: false })`,
  target: (T, target) => `() => schemaOf<${T}>({ target: "${target}" })`,
  drop: (T) => `(a: unknown) => validateArgs<${T}>(a)`,
  reject: (T) => `(a: unknown) => validateArgs<${T}>(a, { unknownKeys: "reject" })`,
  coerce: (T) => `(a: unknown) => validateArgs<${T}>(a, { coerce: true })`,
  map: (T) => `(a: unknown) => mapArgs<${T}>(a)`,
};

/**
 * `types` spread over `fileCount` files in `dir` (emptied first). Returns the files, and per type
 * its file, the line its source starts on (`lines.from`) and the line of each call (`lines.flat`, …).
 */
export function writeProbes(dir, types, fileCount) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "commonjs" }));
  const files = [];
  const cases = [];
  const perFile = Math.ceil(types.length / fileCount);
  for (let f = 0; f * perFile < types.length; f++) {
    const file = join(dir, `generated${f}.ts`);
    const lines = [`import { schemaOf, validateArgs, mapArgs, ${TAG_IMPORTS.map((name) => `type ${name}`).join(", ")} } from "@schemaof/runtime";`];
    for (const type of types.slice(f * perFile, (f + 1) * perFile)) {
      lines.push("");
      const at = { from: lines.length + 1 };
      lines.push(...type.source.split("\n"));
      for (const [kind, call] of Object.entries(CALLS)) at[kind] = lines.push(`export const ${type.name}_${kind} = ${call(type.name, type.target)};`);
      cases.push({ type, file, lines: at });
    }
    writeFileSync(file, lines.join("\n") + "\n");
    files.push(file);
  }
  return { files, cases };
}
