import type * as ts from "typescript";
import { decode, encode, type SourceMapMappings } from "@jridgewell/sourcemap-codec";
import type { RawOutput } from "./outputState";
import { lineEnd } from "../compiler/commentRanges";

/** A source file's text and its syntax tree (TypeScript 5/6's or 7's: only what both have is read). */
export interface SourceSide {
  readonly text: string;
  readonly sourceFile: ts.SourceFile;
}

/** The syntax kinds of the declarations tsc erases (and of a computed property name), in the compiler's own numbering. */
export interface ErasedKinds {
  readonly interface: number;
  readonly typeAlias: number;
  readonly computedName: number;
}

/** A place in a source file, as source maps give it: line and column (UTF-16) from 0. */
export interface SourcePlace {
  readonly line: number;
  readonly column: number;
}

/**
 * An edit whose JavaScript is known without tsc: `types`, where tsc writes what it wrote before;
 * `comment`, where one comment's text changed from `was` to `now` (tsc copies comments as written).
 * tsc maps a comment's start (`start`, in the source before) and its end: `end` is where the end
 * was, and how far the edit moves it along its line (an edit on the comment's last line).
 */
export type SourceEdit =
  | { readonly kind: "types" }
  | {
      readonly kind: "comment";
      readonly was: string;
      readonly now: string;
      readonly start: SourcePlace;
      readonly end?: SourcePlace & { readonly shift: number };
    };

const LINE_BREAK = /\r\n?|\n|\u2028|\u2029/g;
/** A pragma in a comment that changes how tsc emits the file's JSX (`@jsx`, `@jsxFrag`, `@jsxImportSource`, `@jsxRuntime`). */
const JSX_PRAGMA = /@jsx/i;
const HAS_LINE_BREAK = /[\r\n\u2028\u2029]/;

/**
 * What an edit is, when its JavaScript can be told without tsc: every changed character lies inside
 * one top-level interface or type alias (or the JSDoc right above it), which tsc erases with its
 * comments; or inside one comment, which tsc copies (an edit on its last line moves its end, which
 * tsc maps: then nothing may follow it on that line). In both, no line moves. Another
 * file's JavaScript never reads either (decorator metadata aside, which the caller rules out).
 * An edit of a tool's input type or of its description, the usual ones under --watch, is one.
 * Not one: an edit of a declaration's head (`export` makes a file a module, and changes what it
 * exports), of a declaration with a computed property name (`[k]: string` uses the value `k`, so
 * its import is kept), one after which the statements do not line up (an unterminated template
 * swallows the code after it), and one that touches a JSX pragma (`@jsx h` above the code changes
 * what tsc makes of its JSX).
 */
export function sourceEdit(before: SourceSide, after: SourceSide, kinds: ErasedKinds): SourceEdit | undefined {
  if (before.text === after.text) return { kind: "types" };
  if (lineCount(before.text) !== lineCount(after.text)) return undefined;
  const shortest = Math.min(before.text.length, after.text.length);
  let from = 0;
  while (from < shortest && before.text.charCodeAt(from) === after.text.charCodeAt(from)) from++;
  let tail = 0;
  while (tail < shortest - from && before.text.charCodeAt(before.text.length - 1 - tail) === after.text.charCodeAt(after.text.length - 1 - tail)) tail++;
  const spans = [
    { side: before, to: before.text.length - tail },
    { side: after, to: after.text.length - tail },
  ] as const;
  const delta = after.text.length - before.text.length;
  if (!aligned(before.sourceFile.statements, after.sourceFile.statements, from, spans[0].to, delta)) return undefined;
  const [wasType, nowType] = spans.map(({ side, to }) => erasedAround(side, from, to, kinds));
  if (wasType && nowType) {
    const same =
      wasType.kind === nowType.kind &&
      wasType.start === nowType.start &&
      spans.every(({ side, to }, i) => clearOfHead(side, [wasType, nowType][i].node, from, to)) &&
      !hasComputedName(wasType.node, kinds) &&
      !hasComputedName(nowType.node, kinds) &&
      !JSX_PRAGMA.test(before.text.slice(wasType.start, wasType.node.end) + after.text.slice(nowType.start, nowType.node.end));
    // Code after the declaration on its last line would move along the line.
    return same && /^[ \t]*(?:\/\/[^\r\n\u2028\u2029]*)?(?:[\r\n\u2028\u2029]|$)/.test(after.text.slice(nowType.node.end)) ? { kind: "types" } : undefined;
  }
  const [was, now] = spans.map(({ side, to }) => commentAround(side, from, to));
  if (!was || !now || was.pos !== now.pos || now.end - was.end !== delta) return undefined;
  // On the comment's last line (no line break between the edit and the comment's end), its end moves:
  // then nothing but spaces may follow it on that line, which would move along it.
  const onLastLine = !HAS_LINE_BREAK.test(before.text.slice(spans[0].to, was.end));
  const restBlank = (text: string, end: number) => /^[ \t]*(?:[\r\n\u2028\u2029]|$)/.test(text.slice(end));
  if (onLastLine && !(restBlank(before.text, was.end) && restBlank(after.text, now.end))) return undefined;
  const [wasText, nowText] = [before.text.slice(was.pos, was.end), after.text.slice(now.pos, now.end)];
  // The end moves by what the comment's last line grew (the edit may begin on an earlier line).
  const shift = lastLine(nowText).length - lastLine(wasText).length;
  const end = onLastLine && shift !== 0 ? { ...placeOf(before.text, was.end), shift } : undefined;
  const edit = { kind: "comment", was: wasText, now: nowText, start: placeOf(before.text, was.pos), ...(end && { end }) } as const;
  // It stands once in the file too (as outputAfter looks for it).
  return commentsIn(before.text, wasText).length === 1 && !JSX_PRAGMA.test(wasText + nowText) ? edit : undefined;
}

/**
 * The JavaScript tsc writes for the edited file, from what it wrote before: the same for `types`;
 * for `comment`, the comment's new text where the old stood. tsc writes a `//` comment as it is, and
 * a block comment's lines trimmed, each after the indentation the output needs (the writer's, plus
 * the line's own beyond the comment's first): so a block comment is looked for line by line, whatever
 * its indentation, and a changed line keeps the output's. A changed line must keep its own
 * indentation and have words before and after (an empty line is written bare), and every line must
 * end in spaces or tabs alone (what counts as white space differs between compilers). The comment
 * found must be the one tsc mapped from the edited one (const enums write comments of their own),
 * and found once; its end's mapping moves with it.
 */
export function outputAfter(edit: SourceEdit, raw: RawOutput): RawOutput | undefined {
  if (edit.kind === "types") return raw;
  const found = commentsIn(raw.code, edit.was);
  if (found.length !== 1) return undefined;
  const [text] = found[0];
  const at = found[0].index!;
  const written = rewritten(edit, text);
  if (written === undefined) return undefined;
  const code = raw.code.slice(0, at) + written + raw.code.slice(at + text.length);
  const inline = INLINE_MAP.exec(raw.code);
  const map = inline ? Buffer.from(inline[1], "base64").toString("utf8") : raw.map;
  if (map === undefined) return undefined;
  const decoded = decode(mappingsOf(map));
  const start = placeOf(raw.code, at);
  if (!decoded[start.line]?.some((segment) => segment[0] === start.column && segment[2] === edit.start.line && segment[3] === edit.start.column))
    return undefined;
  if (!edit.end) return { ...raw, code };
  // The comment's end, as mapped: in the output, the end of its text, which moves by what its last line grew.
  const generated = placeOf(raw.code, at + text.length);
  const moved = withMappings(map, encode(movedEnd(decoded, generated, lastLine(written).length - lastLine(text).length, edit.end)));
  if (!inline) return { code, map: moved };
  const url = code.lastIndexOf(inline[1]);
  return { ...raw, code: code.slice(0, url) + Buffer.from(moved, "utf8").toString("base64") + code.slice(url + inline[1].length) };
}

/** The output's text of the comment, found as `text`, with the edit's new words: undefined when tsc would write it otherwise. */
function rewritten(edit: Extract<SourceEdit, { kind: "comment" }>, text: string): string | undefined {
  if (edit.was.startsWith("//")) return edit.now;
  const was = edit.was.split(LINE_BREAK);
  const now = edit.now.split(LINE_BREAK);
  if (was.length !== now.length || ![...was, ...now].every((line) => line.trim() === trimmed(line))) return undefined;
  const changed = was.map((line, i) => line !== now[i]);
  const kept = (i: number) => i === 0 || (indentation(was[i]) === indentation(now[i]) && trimmed(was[i]) !== "" && trimmed(now[i]) !== "");
  if (!changed.every((change, i) => !change || kept(i))) return undefined;
  // The output's lines with their breaks, each changed one given its new words after the output's indentation.
  return text
    .split(/(\r\n|\n)/)
    .map((part, j) => (j % 2 === 1 || !changed[j / 2] ? part : indentation(part) + trimmed(now[j / 2])))
    .join("");
}

const INLINE_MAP = /\/\/# sourceMappingURL=data:application\/json;(?:charset=utf-8;)?base64,([A-Za-z0-9+/=]+)\s*$/;

/** Where a map's text holds its `mappings` string (read and replaced in the text, the rest as tsc wrote it: its JSON escapes are not JavaScript's). */
function mappingsSpan(json: string): { start: number; end: number } {
  const start = json.indexOf('"mappings":"') + '"mappings":"'.length;
  return { start, end: json.indexOf('"', start) };
}

const mappingsOf = (json: string): string => {
  const { start, end } = mappingsSpan(json);
  return json.slice(start, end);
};

function withMappings(json: string, mappings: string): string {
  const { start, end } = mappingsSpan(json);
  return json.slice(0, start) + mappings + json.slice(end);
}

/**
 * Mappings with a comment's end moved: on its generated line, what is mapped at or after the old end
 * moves by `generatedShift`; what maps to its source line at or after the old end, by `source.shift`.
 */
function movedEnd(decoded: SourceMapMappings, generated: SourcePlace, generatedShift: number, source: SourcePlace & { shift: number }): SourceMapMappings {
  decoded.forEach((segments, line) => {
    for (const segment of segments) {
      if (line === generated.line && segment[0] >= generated.column) segment[0] += generatedShift;
      if (segment.length >= 4 && segment[2] === source.line && segment[3]! >= source.column) segment[3]! += source.shift;
    }
  });
  return decoded;
}

/** Where an offset of a text stands as a source map counts: lines broken as TypeScript breaks them, columns in UTF-16. */
function placeOf(text: string, at: number): SourcePlace {
  const line = lastLine(text.slice(0, at));
  return { line: (text.slice(0, at).match(LINE_BREAK) ?? []).length, column: line.length };
}

const lastLine = (text: string): string => {
  const lines = text.split(LINE_BREAK);
  return lines[lines.length - 1];
};

/**
 * Where a comment with this text stands in a text: a `//` comment as it is; a block comment line by
 * line, whatever its lines' indentation and the spaces and tabs at their ends (which tsc trims; so
 * a line that differs by them alone is the same line to it), its last line ending where it does.
 */
function commentsIn(text: string, comment: string): RegExpMatchArray[] {
  if (comment.startsWith("//")) return [...text.matchAll(new RegExp(escape(comment), "g"))];
  const lines = comment.split(LINE_BREAK);
  const last = lines.length - 1;
  const pattern = lines.map((line, i) => (i === 0 ? "" : "(?:\\r\\n|\\n)[ \\t]*") + escape(trimmed(line)) + (i < last ? "[ \\t]*" : "")).join("");
  return [...text.matchAll(new RegExp(pattern, "g"))];
}

const trimmed = (line: string): string => line.replace(/^[ \t]+|[ \t]+$/g, "");
const indentation = (line: string): string => /^[ \t]*/.exec(line)![0];
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** The top-level erased declaration whose span (its JSDoc included) holds [from, to), if any. */
function erasedAround(side: SourceSide, from: number, to: number, kinds: ErasedKinds) {
  for (const node of side.sourceFile.statements) {
    if (node.kind !== kinds.interface && node.kind !== kinds.typeAlias) continue;
    const start = docStart(side.text, node, side.sourceFile);
    if (start <= from && to <= node.end) return { node, kind: node.kind, start };
  }
  return undefined;
}

/**
 * Where a declaration's own text begins: its JSDoc when one sits alone on the lines right above it
 * (tsc drops it with the declaration; one that a blank line detaches, or that ends a line of code,
 * tsc keeps), else its first token.
 */
function docStart(text: string, node: ts.Node, sourceFile: ts.SourceFile): number {
  const token = node.getStart(sourceFile);
  let end = token;
  while (end > node.pos && /\s/.test(text[end - 1])) end--;
  const gap = text.slice(end, token);
  if (!text.startsWith("*/", end - 2) || (gap.match(LINE_BREAK)?.length ?? 0) > 1) return token;
  const open = text.lastIndexOf("/**", end - 3);
  if (open < node.pos || text.indexOf("*/", open + 2) !== end - 2) return token;
  const lineStart = Math.max(text.lastIndexOf("\n", open - 1), text.lastIndexOf("\r", open - 1)) + 1;
  return text.slice(lineStart, open).trim() === "" ? open : token;
}

/**
 * The comment that holds [from, to) within it (its delimiters left alone), if any. Found in the
 * text of the innermost node holding the span, its children's text skipped: string, template and
 * regular expression literals are nodes of their own, so there `//` and `/*` only ever open comments.
 */
function commentAround(side: SourceSide, from: number, to: number): { pos: number; end: number } | undefined {
  const { text } = side;
  let node: ts.Node = side.sourceFile;
  let children = childrenOf(node);
  for (let inner = holding(children, from, to); inner; inner = holding(children, from, to)) {
    node = inner;
    children = childrenOf(node);
  }
  // A node without children is a token, and a literal's text may hold `/*`: only its leading trivia is read.
  const end = children.length > 0 ? node.end : node.getStart(side.sourceFile);
  let at = node.pos;
  for (const child of [...children, { pos: end, end }]) {
    while (at < child.pos) {
      if (text.startsWith("//", at) || text.startsWith("/*", at)) {
        const line = text.startsWith("//", at);
        const close = line ? lineEnd(text, at) : text.indexOf("*/", at + 2);
        const end = line ? close : close < 0 ? text.length : close + 2;
        if (at + 2 <= from && to <= (line ? end : end - 2)) return { pos: at, end };
        at = end;
      } else at++;
    }
    at = Math.max(at, child.end);
  }
  return undefined;
}

const childrenOf = (node: ts.Node): ts.Node[] => {
  const children: ts.Node[] = [];
  node.forEachChild((child) => void children.push(child));
  return children;
};

const holding = (children: readonly ts.Node[], from: number, to: number) => children.find((child) => child.pos <= from && to <= child.end);

/**
 * Whether the top-level statements are the same before and after, but for the one that holds the
 * edit, which grows by `delta`: those before it in place, those after it moved by `delta`.
 */
function aligned(before: readonly ts.Statement[], after: readonly ts.Statement[], from: number, to: number, delta: number): boolean {
  return (
    before.length === after.length &&
    before.every((was, i) => {
      const now = after[i];
      if (was.kind !== now.kind) return false;
      if (was.pos <= from && to <= was.end) return now.pos === was.pos && now.end === was.end + delta;
      if (was.end <= from) return now.pos === was.pos && now.end === was.end;
      return was.pos >= to && now.pos === was.pos + delta && now.end === was.end + delta;
    })
  );
}

/** Whether the edit leaves the declaration's head alone: it lies in the JSDoc above it, or after its name. */
function clearOfHead(side: SourceSide, node: ts.Statement, from: number, to: number): boolean {
  const name = (node as { name?: ts.Node }).name;
  return to <= node.getStart(side.sourceFile) || (name !== undefined && from >= name.end);
}

function hasComputedName(node: ts.Node, kinds: ErasedKinds): boolean {
  return node.kind === kinds.computedName || childrenOf(node).some((child) => hasComputedName(child, kinds));
}

const lineCount = (text: string): number => text.match(LINE_BREAK)?.length ?? 0;
