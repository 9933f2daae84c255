import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import type * as ts from "typescript";
import type { EncodedSourceMap } from "@jridgewell/trace-mapping";
import type { FileRewrite } from "../project";
import { NotFoundInOutput, toEdits } from "../render/toEdits";
import { toReports, type Report } from "../diagnostics/report";
import { Code } from "../diagnostics/messages";
import type { OutputState, RawOutput } from "./outputState";

const JS = /\.(?:js|mjs|cjs|jsx)$/;
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

/** One output: its code as tsc wrote it -> the code with our calls rewritten, written over it. */
function editOutput(file: string, raw: RawOutput, known: string | undefined, job: OutputJob, written: ReadonlySet<string>): void {
  let code = raw.code;
  const comment = MAP_COMMENT.exec(code);
  const inline = comment !== null && INLINE.test(comment[1]);
  const map = readMap(inline ? comment[1] : undefined, raw.map);
  const source = known ?? (map && sourceOf(map, file, job.rewrites));
  const entry = source ? job.rewrites.get(source) : undefined;
  if (!entry && !job.dropMaps) return;
  let newMap: EncodedSourceMap | undefined;
  if (entry?.rewrite && map) {
    try {
      if (job.dropMaps) code = toEdits({ code, map }, entry.sourceFile, entry.rewrite, { map: false }).code;
      else ({ code, map: newMap } = toEdits({ code, map }, entry.sourceFile, entry.rewrite));
    } catch (error) {
      if (!(error instanceof NotFoundInOutput)) throw error;
      const detail = `${error.message} (${basename(file)}); please report this with the file.`;
      for (const found of toReports(error.node, error.node.getText(entry.sourceFile), [{ code: Code.Internal, path: "(root)", detail }])) job.report(found);
    }
  }
  const mapFile = `${file}.map`;
  if (job.dropMaps && comment) {
    code = code.replace(MAP_COMMENT, "\n");
    if (written.has(mapFile)) rmSync(mapFile, { force: true });
  } else if (newMap && inline) {
    code = code.replace(MAP_COMMENT, `\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(newMap)).toString("base64")}`);
  } else if (newMap && raw.map !== undefined) {
    writeFileSync(mapFile, JSON.stringify(newMap));
  }
  // Written over the file tsc wrote, as tsc writes it (a rename per file cost more than the rest of the edit).
  writeFileSync(file, code);
  if (entry && source) job.state?.set(file, { source, fingerprint: entry.fingerprint, raw });
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
