import type * as ts from "typescript";
import type { JsonValue } from "../model/Json";
import type { Report } from "../diagnostics/report";
import type { CallRewrite, Constant, FileRewrite, Piece, ToolFacts } from "./Rewrite";

/**
 * A file's rewrite and its reports as plain JSON, for the cache: every node becomes its place in the
 * file's text (`[pos, start, end]`), every constant an index. Read back over the same text, it renders
 * as the rewrite it was made from (render/toEdits asks the nodes for their places and nothing else),
 * so a build that reads it asks TypeScript nothing.
 *
 *   { call: CallExpression@120, kind: "replace", by: { constant: schema_1 } }
 *   <->
 *   { call: [118, 120, 142, 120, 128], kind: "replace", by: { constant: 0 } }
 */
export interface StoredRewrite {
  /** False for a file that names calls of ours but has none to rewrite (rewriteFile's undefined). */
  readonly rewritten: boolean;
  readonly calls: readonly StoredCall[];
  readonly constants: readonly StoredConstant[];
  readonly helpers?: string;
  readonly dependencies: readonly string[];
  readonly reports: readonly StoredReport[];
}

/** pos (with leading trivia), start, end. */
export type Place = readonly [number, number, number];
/** A call: its place and its callee's (`call.expression`). */
type CallPlace = readonly [number, number, number, number, number];

type StoredCall =
  | { readonly call: CallPlace; readonly kind: "replace"; readonly by: StoredPiece }
  | {
      readonly call: CallPlace;
      readonly kind: "arguments";
      readonly keep: number;
      readonly add: readonly StoredPiece[];
      readonly tool?: ToolFacts;
      readonly callee?: string;
    };

type StoredPiece =
  | { readonly constant: number }
  | { readonly json: JsonValue }
  | { readonly object: readonly (readonly [string, StoredPiece])[] }
  | { readonly receiver: Place };

interface StoredConstant {
  readonly kind: "schema" | "plan";
  readonly key: string;
  readonly entries: readonly (readonly [string | null, string])[];
  readonly value?: object;
  /** The class reference's place and its name. */
  readonly classRef?: readonly [number, number, number, string];
  readonly classDeclaredHere?: boolean;
  readonly origin?: Place;
}

/** A report, its file by name (undefined: a problem of the configuration). */
type StoredReport = Omit<Report, "file"> & { readonly file?: string };

export function toStored(rewrite: FileRewrite | undefined, reports: readonly Report[]): StoredRewrite {
  const file = (node: ts.Node) => node.getSourceFile();
  const place = (node: ts.Node): Place => [node.pos, node.getStart(file(node)), node.end];
  const index = new Map(rewrite?.constants.map((constant, i) => [constant, i]));
  const piece = (part: Piece): StoredPiece => {
    if ("constant" in part) return { constant: index.get(part.constant)! };
    if ("json" in part) return part;
    if ("object" in part) return { object: part.object.map(([key, value]) => [key, piece(value)]) };
    return { receiver: place(part.receiver) };
  };
  const call = (node: ts.CallExpression): CallPlace => [...place(node), node.expression.getStart(file(node)), node.expression.end];
  return {
    rewritten: rewrite !== undefined,
    calls: (rewrite?.calls ?? []).map((found) =>
      found.kind === "replace"
        ? { call: call(found.call), kind: found.kind, by: piece(found.by) }
        : { ...found, call: call(found.call), add: found.add.map(piece) },
    ),
    constants: (rewrite?.constants ?? []).map(({ classRef, origin, entries, ...rest }) => ({
      ...rest,
      entries: entries.map(([key, text]) => [key ?? null, text] as const),
      ...(classRef ? { classRef: [...place(classRef), classRef.text] as const } : {}),
      ...(origin ? { origin: place(origin) } : {}),
    })),
    ...(rewrite?.helpers ? { helpers: rewrite.helpers } : {}),
    dependencies: rewrite?.dependencies ?? [],
    reports: reports.map(({ file, ...rest }) => ({ ...rest, ...(file ? { file: file.fileName } : {}) })),
  };
}

/**
 * What a host that renders nodes (the ts-patch host prints and maps them) finds of the file's own
 * nodes, by place: a call, the receiver of a `toolOf`, a class reference. Undefined when the file
 * has no such node there: the entry is then not the file's, and the file is analysed again.
 */
export type FindNode = (place: Place, what: "call" | "receiver" | "classRef") => ts.Node | undefined;

/** Thrown by fromStored when `find` finds no node at a place the entry names. */
export class NotInFile extends Error {}

/**
 * The rewrite back, over the file's text (`fileOf` gives a report's file by name). Its nodes are
 * stand-ins that know their place, or with `find` the file's own nodes where a host needs them.
 */
export function fromStored(
  stored: StoredRewrite,
  sourceFile: ts.SourceFile,
  fileOf: (name: string) => ts.SourceFile,
  find?: FindNode,
): { rewrite: FileRewrite | undefined; reports: Report[] } {
  const placed = (at: Place, extra: object = {}) => placedNode(sourceFile, at, extra);
  const node = (at: Place, extra: object = {}, what?: "call" | "receiver" | "classRef") => {
    if (!find || !what) return placed(at, extra);
    const found = find(at, what);
    if (!found) throw new NotInFile();
    return found;
  };
  const constants: Constant[] = stored.constants.map(({ classRef, origin, entries, ...rest }) => ({
    ...rest,
    entries: entries.map(([key, text]) => [key ?? undefined, text] as const),
    ...(classRef ? { classRef: node([classRef[0], classRef[1], classRef[2]], { text: classRef[3] }, "classRef") as ts.Identifier } : {}),
    ...(origin ? { origin: node(origin) } : {}),
  }));
  const piece = (part: StoredPiece): Piece => {
    if ("constant" in part) return { constant: constants[part.constant] };
    if ("json" in part) return part;
    if ("object" in part) return { object: part.object.map(([key, value]) => [key, piece(value)] as const) };
    return { receiver: node(part.receiver, {}, "receiver") as ts.Expression };
  };
  const call = ([pos, start, end, calleeStart, calleeEnd]: CallPlace) =>
    node([pos, start, end], { expression: placed([calleeStart, calleeStart, calleeEnd]) }, "call") as ts.CallExpression;
  const calls: CallRewrite[] = stored.calls.map((found) =>
    found.kind === "replace"
      ? { call: call(found.call), kind: found.kind, by: piece(found.by) }
      : { ...found, call: call(found.call), add: found.add.map(piece) },
  );
  const rewrite = stored.rewritten
    ? { calls, constants, ...(stored.helpers ? { helpers: stored.helpers } : {}), dependencies: stored.dependencies }
    : undefined;
  const reports = stored.reports.map(({ file, ...rest }) => ({ ...rest, ...(file ? { file: file === sourceFile.fileName ? sourceFile : fileOf(file) } : {}) }));
  return { rewrite, reports };
}

/** A node as the renderers see it: its place in its file, and (a call) its callee or (a name) its text. */
function placedNode(sourceFile: ts.SourceFile, [pos, start, end]: Place, extra: object): ts.Node {
  const node = {
    pos,
    end,
    getSourceFile: () => sourceFile,
    getStart: () => start,
    getEnd: () => end,
    getText: () => sourceFile.text.slice(start, end),
    ...extra,
  };
  return node as unknown as ts.Node;
}

/** Whether a value read from a cache file has the shape of a StoredRewrite. */
export const isStoredRewrite = (value: unknown): boolean =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as StoredRewrite).rewritten === "boolean" &&
  Array.isArray((value as StoredRewrite).calls) &&
  Array.isArray((value as StoredRewrite).constants) &&
  Array.isArray((value as StoredRewrite).dependencies) &&
  Array.isArray((value as StoredRewrite).reports);
