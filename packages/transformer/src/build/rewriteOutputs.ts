import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import type * as ts from "typescript";
import type { EncodedSourceMap } from "@jridgewell/trace-mapping";
import type { FileRewrite } from "../rewrite/Rewrite";
import { NotFoundInOutput, toEdits } from "../render/toEdits";
import { toReports, type Report } from "../diagnostics/report";
import { Code } from "../diagnostics/messages";

const JS = /\.(?:js|mjs|cjs|jsx)$/;
const MAP_COMMENT = /\n?\/\/# sourceMappingURL=(\S+)\s*$/;
const INLINE = /^data:application\/json;(?:charset=utf-8;)?base64,/;

/** The decided rewrites of a program's files, by file name. */
export type Rewrites = ReadonlyMap<string, { readonly sourceFile: ts.SourceFile; readonly rewrite: FileRewrite }>;

/**
 * Applies each file's rewrite to the JavaScript the compiler just wrote for it (render/toEdits),
 * in place, its source map updated. With `dropMaps`, the maps schemaof asked for only to find the
 * calls are removed again, from every emitted file, as the user's tsconfig asked for none.
 */
export function rewriteOutputs(emitted: readonly string[], rewrites: Rewrites, dropMaps: boolean, report: (report: Report) => void): void {
  const written = new Set(emitted);
  for (const file of emitted) {
    if (!JS.test(file)) continue;
    let code = readFileSync(file, "utf8");
    const comment = MAP_COMMENT.exec(code);
    const inline = comment && INLINE.test(comment[1]);
    const mapFile = comment && !inline ? resolve(dirname(file), decodeURIComponent(comment[1])) : undefined;
    const map = comment ? readMap(comment[1], mapFile) : undefined;
    const source = map && sourceOf(map, mapFile ?? file, rewrites);
    const entry = source && rewrites.get(source);
    let newMap: EncodedSourceMap | undefined;
    if (entry && map) {
      try {
        const edited = toEdits({ code, map }, entry.sourceFile, entry.rewrite);
        code = edited.code;
        newMap = edited.map;
      } catch (error) {
        if (!(error instanceof NotFoundInOutput)) throw error;
        const detail = `${error.message} (${basename(file)}); please report this with the file.`;
        for (const found of toReports(error.node, error.node.getText(entry.sourceFile), [{ code: Code.Internal, path: "(root)", detail }])) report(found);
        continue;
      }
    }
    if (dropMaps && comment) {
      code = code.replace(MAP_COMMENT, "\n");
      if (mapFile && written.has(mapFile)) rmSync(mapFile, { force: true });
    } else if (newMap && inline) {
      code = code.replace(MAP_COMMENT, `\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(newMap)).toString("base64")}`);
    } else if (newMap && mapFile) {
      replaceFile(mapFile, JSON.stringify(newMap));
    }
    if (entry || dropMaps) replaceFile(file, code);
  }
}

function readMap(url: string, mapFile: string | undefined): EncodedSourceMap | undefined {
  try {
    if (!mapFile) return JSON.parse(Buffer.from(url.replace(INLINE, ""), "base64").toString("utf8")) as EncodedSourceMap;
    return existsSync(mapFile) ? (JSON.parse(readFileSync(mapFile, "utf8")) as EncodedSourceMap) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The rewritten source a map names: `sources` are relative to the map and its sourceRoot; a
 * sourceRoot that is a URL or points elsewhere leaves the path's tail to match.
 */
function sourceOf(map: EncodedSourceMap, mapFile: string, rewrites: Rewrites): string | undefined {
  const source = map.sources[0];
  if (source == null) return undefined;
  const root = map.sourceRoot && !/^[a-z]+:/i.test(map.sourceRoot) ? map.sourceRoot : "";
  const direct = [resolve(dirname(mapFile), root, source), resolve(dirname(mapFile), source)].find((path) => rewrites.has(path));
  if (direct) return direct;
  const tail = "/" + source.replace(/\\/g, "/").replace(/^(?:\.\.?\/)+/, "");
  return [...rewrites.keys()].find((file) => file.replace(/\\/g, "/").endsWith(tail));
}

/** Writes a file over the one tsc wrote, as tsc writes it (a rename per file cost more than the rest of the edit). */
function replaceFile(file: string, text: string): void {
  writeFileSync(file, text);
}
