import type { TypeUse, TypeView } from "../types/TypeView";
import type { Definition, Shape } from "../model/Shape";
import { Code, type Problem } from "../diagnostics/messages";

/** A step from the root to a value: a property, the items of an array, a tuple slot, a map's values. */
export type Step = { readonly prop: string } | { readonly items: true } | { readonly index: number } | { readonly values: true };
export type Path = readonly Step[];

export interface PendingDefinition {
  shape?: Shape;
  recursive: boolean;
  uses: number;
}

/**
 * Where reading met a type again inside itself (`Comment.replies -> Comment`). A named type's cycle
 * is a `$ref` in the model; whether that is a problem is the schema's form to say (a flattened
 * schema cannot hold it), so the analysis notes it and never depends on the form asked.
 */
export interface Cycle {
  /** How many problems were found before it: where it goes among them. */
  readonly at: number;
  readonly path: string;
  /** `Comment.replies -> Comment`: each type on the cycle with the properties walked inside it. */
  readonly described: string;
  /** The type it closes at, when that has no name for `$defs` to hold it by: a problem in any form. */
  readonly nameless?: string;
}

/** Reads the type of a use, at a path: the analysis's own reader, handed to each reader of a kind. */
export type ReadChild = (ctx: Context, use: TypeUse, path: Path) => Shape;

/** What one analysis carries: the view it asks, what it found, and where it is. */
export interface Context {
  readonly view: TypeView;
  /** The reader of any type, for the readers of one kind to read what their type holds (no reader imports another's caller). */
  readonly read: ReadChild;
  readonly problems: Problem[];
  readonly cycles: Cycle[];
  /** The problems' `code|path|detail`, so one said twice is kept once without a search. */
  readonly said: Set<string>;
  readonly defs: Map<string, PendingDefinition>;
  /** Type id -> definition name. */
  readonly defNames: Map<number, string>;
  /** Named and anonymous types being read, outermost first: a repeat is a cycle. */
  readonly stack: { readonly id: number; readonly name?: string; readonly use: TypeUse; readonly path: Path }[];
  /** Anonymous object types already read, by type id: a type reached from many places is read once. */
  readonly anonymous: Map<number, Shape>;
  /** Types read so far; past the budget the analysis stops with a diagnostic. */
  steps: number;
  /** Where a type was read as what its toJSON() returns: mapArgs cannot turn that back into the type. */
  readonly serialized: { readonly path: Path; readonly type: string; readonly form: string }[];
  /**
   * The depth of a toJSON() result being read: JSON.stringify calls toJSON once on a value, so the
   * result itself is written by its fields (its properties, one step deeper, get their own toJSON).
   */
  rawDepth?: number;
}

/** Bounds on one analysis, so a pathological type (deep conditional types) ends in a diagnostic. */
export const BUDGET = { steps: 20_000, depth: 64 };

/** Thrown when a type is past the budget; caught by analyzeType and reported as TS99012. */
export class TooComplex extends Error {}

export function createContext(view: TypeView, read: ReadChild): Context {
  return {
    view,
    read,
    problems: [],
    cycles: [],
    said: new Set(),
    defs: new Map(),
    defNames: new Map(),
    stack: [],
    anonymous: new Map(),
    steps: 0,
    serialized: [],
  };
}

/** `payment.iban`, `tags[]`, `pair[1]`, `scores[string]`; the root is `(root)`. */
export function formatPath(path: Path): string {
  let out = "";
  for (const step of path) {
    if ("prop" in step) out += out ? `.${step.prop}` : step.prop;
    else if ("items" in step) out += "[]";
    else if ("index" in step) out += `[${step.index}]`;
    else out += "[string]";
  }
  return out || "(root)";
}

export function report(ctx: Context, code: Code, path: Path, detail: string): void {
  const at = formatPath(path);
  const key = `${code}|${at}|${detail}`;
  if (ctx.said.has(key)) return;
  ctx.said.add(key);
  ctx.problems.push({ code, path: at, detail });
}

export function finishedDefinitions(ctx: Context): Record<string, Definition> {
  const out: Record<string, Definition> = {};
  for (const [name, def] of ctx.defs) out[name] = { shape: def.shape ?? { kind: "any" }, recursive: def.recursive, uses: def.uses };
  return out;
}

export { Code };
