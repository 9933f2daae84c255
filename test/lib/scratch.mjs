// Writes TypeScript sources into a scratch folder inside test/ (so @schemaof/runtime resolves) and
// compiles them with the transformer.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { compileFiles, formatDiagnostics, runModule } from "./compile.mjs";

const scratch = join(dirname(fileURLToPath(import.meta.url)), "..", ".tmp");
mkdirSync(scratch, { recursive: true });
writeShared(join(scratch, "package.json"), JSON.stringify({ type: "commonjs" }));

/**
 * Writes a file that test files running at once share (`.tmp/package.json`): through a new name
 * and a rename, so a reader never meets it half written.
 */
export function writeShared(file, text) {
  const next = `${file}.${process.pid}`;
  writeFileSync(next, text);
  renameSync(next, file);
}
let counter = 0;

/** Writes `sources` ({ "name.ts": text }) into a fresh scratch folder; returns their paths, in order. */
export function writeSources(sources) {
  const dir = join(scratch, `case${process.pid}_${counter++}`);
  mkdirSync(dir, { recursive: true });
  return Object.entries(sources).map(([name, text]) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  });
}

/** Compiles `sources` ({ "name.ts": text }); returns per file js, diagnostics text, and run(). */
export function compileSources(ts, sources, pluginConfig = {}) {
  const files = writeSources(sources);
  const dir = dirname(files[0]);
  const results = compileFiles(ts, files, pluginConfig);
  const out = {};
  for (const file of files) {
    const { js, diagnostics, warnings, typeErrors } = results.get(file);
    out[file.slice(dir.length + 1)] = {
      js,
      diagnostics: formatDiagnostics(ts, diagnostics, file),
      warnings: formatDiagnostics(ts, warnings, file),
      typeErrors: formatDiagnostics(ts, typeErrors, file),
      run: (replace) => runModule(js, file, replace),
    };
  }
  return out;
}
