import { existsSync, readFileSync, rmSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type * as ts from "typescript";
import type { EncodedSourceMap } from "@jridgewell/trace-mapping";
import type { FileRewrite } from "../project";
import { toReports, type Report } from "../diagnostics/report";
import { Code } from "../diagnostics/messages";
import type { OutputState, RawOutput } from "./outputState";
import { createHash } from "node:crypto";
import { overwrite } from "../project/overwrite";
import { BUILD } from "../cache/build";

const JS = /\.(?:js|mjs|cjs|jsx)$/;

type OutputEditor = typeof import("../render/toEdits");
let editor: OutputEditor | undefined;
/**
 * The output editor (render/toEdits: acorn, magic-string, the source maps), loaded at the first
 * output the cache cannot answer: two fifths of the command's code, which a build of hits never runs.
 * In the package it is a bundle of its own (dist/output-edits.js); unbundled, its module.
 */
const outputEditor = (): OutputEditor =>
  (editor ??= require(BUILD ? join(__dirname, "output-edits.js") : join(__dirname, "..", "render", "toEdits.js")) as OutputEditor);
const MAP_COMMENT = /\n?\/\/# sourceMappingURL=(\S+)\s*$/;
const INLINE = /^data:application\/json;(?:charset=utf-8;)?base64,/;

/** A file that names one of our calls: its rewrite (undefined when it has none to make) and that rewrite's fingerprint. */
export interface RewriteEntry {
  readonly sourceFile: ts.SourceFile;
  readonly rewrite: FileRewrite | undefined;
  readonly fingerprint: string;
}

/** The files of a program that name one of our calls, by file name. */
export type Rewrites = ReadonlyMap<string, RewriteEntry>;

export interface OutputJob {
  readonly rewrites: Rewrites;
  /** Where tsc writes a source's JavaScript (outDir, rootDir and extension applied), as the tsconfig says. */
  readonly outputOf: (source: string) => readonly string[];
  /** The maps schemaof asked for only to find the calls: removed from every emitted file, as the tsconfig asked for none. */
  readonly dropMaps: boolean;
  /** Where incremental builds and --watch keep what each output was edited from. */
  readonly state?: OutputState;
  readonly report: (report: Report) => void;
  /** Edits made before, for outputs tsc writes again as they were. */
  readonly edits?: EditCache;
  /** Told of each output edited, with what tsc wrote (the build's snapshot keeps both: cli/buildSnapshot). */
  readonly edited?: (file: string, raw: RawOutput, edited: EditedOutput) => void;
}

/**
 * Applies each file's rewrite to the JavaScript the compiler just wrote for it (render/toEdits),
 * in place, its source map updated; then, with a state, edits again the outputs tsc did not write
 * this time whose rewrite changed since (their schemas read a declaration edited elsewhere).
 */
export function rewriteOutputs(emitted: readonly string[], job: OutputJob): void {
  const written = new Set(emitted);
  const sources = new Map<string, string>();
  for (const source of job.rewrites.keys()) for (const output of job.outputOf(source)) sources.set(output, source);
  for (const file of emitted) {
    if (!JS.test(file)) continue;
    // tsc writes a map beside its file; `mapRoot` only changes the URL the comment gives.
    const mapFile = `${file}.map`;
    const raw = { code: readFileSync(file, "utf8"), map: written.has(mapFile) && existsSync(mapFile) ? readFileSync(mapFile, "utf8") : undefined };
    editOutput(file, raw, sources.get(file), job, written);
  }
  if (!job.state) return;
  for (const [output, entry] of [...job.state.all()]) {
    if (written.has(output)) continue;
    const now = job.rewrites.get(entry.source);
    if (!now) job.state.forget(output);
    else if (now.fingerprint !== entry.fingerprint) editOutput(output, entry.raw, entry.source, job, written);
  }
}

/** What becomes of an output: its code, its map file's new text, and whether the map file goes. */
export interface EditedOutput {
  readonly code: string;
  readonly map?: string;
  readonly dropMapFile?: boolean;
}

/**
 * The edits of outputs already made, by output file and `stamp` (what an edit is made from: the raw
 * output, the rewrite's fingerprint, the source's text, where the constants' names must not clash, and the maps' fate): an output tsc wrote again as it was is edited
 * from the cache, not parsed and mapped again.
 */
export interface EditCache {
  get(output: string, stamp: string): EditedOutput | undefined;
  put(output: string, stamp: string, edited: EditedOutput): void;
}

/** One output: its code as tsc wrote it -> the code with our calls rewritten, written over it. */
function editOutput(file: string, raw: RawOutput, known: string | undefined, job: OutputJob, written: ReadonlySet<string>): void {
  const source = known ?? sourceFromMap(raw, job.rewrites, file);
  const entry = source ? job.rewrites.get(source) : undefined;
  if (!entry && !job.dropMaps) return;
  const mapFile = `${file}.map`;
  const hasMapFile = written.has(mapFile);
  const stamp = job.edits && editStamp([raw.code, raw.map, entry?.fingerprint, entry?.sourceFile.text, `${job.dropMaps},${hasMapFile}`]);
  let edited = stamp ? job.edits!.get(file, stamp) : undefined;
  if (!edited) {
    const reports: Report[] = [];
    edited = editedOutput(file, raw, entry, job.dropMaps, hasMapFile, (report) => void reports.push(report));
    reports.forEach(job.report);
    if (stamp && reports.length === 0) job.edits!.put(file, stamp, edited);
  }
  if (edited.dropMapFile) rmSync(mapFile, { force: true });
  else if (edited.map !== undefined) overwrite(mapFile, edited.map);
  // Written over the file tsc wrote, in place (a rename per file cost more than the rest of the edit).
  overwrite(file, edited.code);
  job.edited?.(file, raw, edited);
  if (entry && source) job.state?.set(file, { source, fingerprint: entry.fingerprint, raw });
}

/**
 * A hash of what an edit is made from, each part after its length (so no two lists run together),
 * fed to the hash one by one: a JSON text of them all copied the 200 outputs and their sources again.
 */
function editStamp(parts: readonly (string | undefined)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part === undefined ? "-" : `${part.length}:`).update(part ?? "");
  return hash.digest("hex");
}

/** The source an output was emitted from, by its source map, when the output is not where the tsconfig says. */
function sourceFromMap(raw: RawOutput, rewrites: Rewrites, file: string): string | undefined {
  const comment = MAP_COMMENT.exec(raw.code);
  const map = readMap(comment && INLINE.test(comment[1]) ? comment[1] : undefined, raw.map);
  return map && sourceOf(map, file, rewrites);
}

/** The edit itself: the calls rewritten through the map, the map updated (or dropped, when the tsconfig asked for none). */
function editedOutput(
  file: string,
  raw: RawOutput,
  entry: RewriteEntry | undefined,
  dropMaps: boolean,
  hasMapFile: boolean,
  report: (report: Report) => void,
): EditedOutput {
  let code = raw.code;
  const comment = MAP_COMMENT.exec(code);
  const inline = comment !== null && INLINE.test(comment[1]);
  const map = readMap(inline ? comment[1] : undefined, raw.map);
  let newMap: EncodedSourceMap | undefined;
  if (entry?.rewrite && map) {
    const { NotFoundInOutput, toEdits } = outputEditor();
    try {
      if (dropMaps) code = toEdits({ code, map }, entry.sourceFile, entry.rewrite, { map: false }).code;
      else ({ code, map: newMap } = toEdits({ code, map }, entry.sourceFile, entry.rewrite));
    } catch (error) {
      // JavaScript that does not parse: tsc emitted it from a source with a syntax error, which it reports.
      const unreadable = error instanceof SyntaxError && entry.rewrite.calls.length > 0;
      if (!(error instanceof NotFoundInOutput) && !unreadable) throw error;
      const node = error instanceof NotFoundInOutput ? error.node : entry.rewrite.calls[0].call;
      const detail =
        error instanceof NotFoundInOutput
          ? `${error.message} (${basename(file)}); please report this with the file.`
          : `the JavaScript tsc emitted (${basename(file)}) does not parse (${error.message}), so the calls in it were left as written: fix the syntax error tsc reports in this file, and build again.`;
      for (const found of toReports(node, node.getText(entry.sourceFile), [{ code: Code.Internal, path: "(root)", detail }])) report(found);
    }
  }
  if (dropMaps && comment) return { code: code.replace(MAP_COMMENT, "\n"), dropMapFile: hasMapFile };
  if (newMap && inline) {
    return { code: code.replace(MAP_COMMENT, `\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(newMap)).toString("base64")}`) };
  }
  if (newMap && raw.map !== undefined) return { code, map: JSON.stringify(newMap) };
  return { code };
}

function readMap(inlineUrl: string | undefined, text: string | undefined): EncodedSourceMap | undefined {
  try {
    if (inlineUrl) return JSON.parse(Buffer.from(inlineUrl.replace(INLINE, ""), "base64").toString("utf8")) as EncodedSourceMap;
    return text === undefined ? undefined : (JSON.parse(text) as EncodedSourceMap);
  } catch {
    return undefined;
  }
}

/**
 * The source a map names, among the program's files with calls, when the output is not where the
 * tsconfig says (`sources` are relative to the map and its sourceRoot): the one file whose path
 * ends like it, or none when two do.
 */
function sourceOf(map: EncodedSourceMap, file: string, rewrites: Rewrites): string | undefined {
  const source = map.sources[0];
  if (source == null) return undefined;
  const direct = resolve(dirname(file), source);
  if (rewrites.has(direct)) return direct;
  const root = map.sourceRoot ? map.sourceRoot.replace(/^[a-z]+:\/\/[^/]*/i, "") : "";
  const tail = ("/" + [root, source].filter(Boolean).join("/"))
    .replace(/\\/g, "/")
    .replace(/\/(?:\.\.?\/)+/g, "/")
    .replace(/\/+/g, "/");
  const matches = [...rewrites.keys()].filter((candidate) => candidate.replace(/\\/g, "/").endsWith(tail));
  return matches.length === 1 ? matches[0] : undefined;
}
