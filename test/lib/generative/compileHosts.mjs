// Compiles the generated files on both hosts at once: TypeScript 5.9 with the transformer in memory
// (compileWorker.mjs) and TypeScript 7.0 with the real `schemaof build`. Each host's result per file
// is what build7's buildFiles gives (js, our diagnostics and TypeScript's own, in tsc's format), read
// into each call's outcome: the constant it became, or the codes of the diagnostics on its line.
import { Worker } from "node:worker_threads";
import { buildFiles, ts7Lines } from "../build7.mjs";

export const HOSTS = ["TypeScript 5.9", "TypeScript 7.0, schemaof build"];

/** Both hosts' results: `[{ label, files: Map(file -> result), crash?, unplaced? }]`. */
export async function compileHosts(files) {
  const worker = new Worker(new URL("./compileWorker.mjs", import.meta.url), { workerData: files });
  const five = new Promise((resolve, reject) => (worker.once("message", resolve), worker.once("error", reject)));
  let seven;
  try {
    const built = await buildFiles(ts7Lines[0].packageDir, files);
    seven = { label: HOSTS[1], files: built.results, unplaced: built.unplaced };
  } catch (error) {
    seven = { label: HOSTS[1], files: new Map(), crash: String(error?.stack ?? error) };
  }
  const { results, crash } = await five.catch((error) => ({ crash: String(error?.stack ?? error) }));
  await worker.terminate();
  return [{ label: HOSTS[0], files: new Map(results ?? []), crash }, seven].map((host) => ({ ...host, calls: readCalls(host.files) }));
}

/**
 * Every call of every file: `Map("file:line" -> { constant, codes, text })`, and `exports` (the
 * export name of each call line -> its constant's text, where it became one).
 */
function readCalls(files) {
  const byLine = new Map();
  const byExport = new Map();
  for (const [file, { js, diagnostics }] of files) {
    const constants = new Map([...js.matchAll(/^const ((?:schema|plan)_\d+) = (.*);$/gm)].map(([, name, text]) => [name, text]));
    for (const [, name, body] of js.matchAll(/^const (T\d+_[a-z]+) = (.*);$/gm)) {
      const used = body.match(/\b(?:schema|plan)_\d+\b/)?.[0];
      byExport.set(name, used ? constants.get(used) : undefined);
    }
    for (const block of diagnostics.split(/\n(?=\S)/)) {
      const at = /^[^\n(]*\((\d+),\d+\): error (TS\d+):/.exec(block);
      if (!at) continue;
      const key = `${file}:${at[1]}`;
      const entry = byLine.get(key) ?? { codes: [], text: "" };
      entry.codes.push(at[2]);
      entry.text += `${block.trimEnd()}\n`;
      byLine.set(key, entry);
    }
  }
  return { byLine, byExport };
}
