import type * as ts from "typescript";
import type { Compiler, CType } from "../compiler/Compiler";
import { symbolNamed } from "../compiler/symbolNamed";
import { collectOrder, declarationOf } from "./collectOrder";
import { denotes, isUnion } from "./denotes";
import { keysOf, TYPE_PARAMETER } from "./memberKeys";
import { shapeNode } from "./shapeNode";
import { stableOrder } from "./stableOrder";

/**
 * Union members in the order the source wrote them. The checker orders a union by type identity
 * (TypeScript 7 sorts it outright), so `"b" | "a"` may come back as `"a" | "b"`; the emitted enum
 * must not depend on that. The order is read off the type node where the type was written, the
 * declaration of its alias, or its enum (see collectOrder, which also follows the type operations
 * that make members); then a union written with the same members in the call's type; what none of
 * them places goes in a stable order (see stableOrder), last.
 */
export function orderUnion(compiler: Compiler, union: CType, origin: ts.TypeNode | undefined): readonly CType[] {
  const order: string[] = [];
  const visited = new Set<ts.Node>();
  const written = origin && denotes(compiler, origin, union) ? origin : undefined;
  const members = compiler.members(union);
  const direct = written && writtenOneByOne(compiler, written, members);
  if (direct) return direct;
  collectOrder(compiler, written, order, visited);
  collectOrder(compiler, declarationOf(compiler, union, true), order, visited);
  const first = new Map<string, number>();
  order.forEach((key, at) => first.has(key) || first.set(key, at));
  // A member the written order names by no key came in through a type parameter (`type Maybe<T> = T | null`): it takes T's place.
  const unnamed = first.get(TYPE_PARAMETER) ?? Number.MAX_SAFE_INTEGER;
  const rankOf = (type: CType) => positionIn(compiler, first, type) ?? unnamed;
  // Members no written node placed (`sort: T` of `Page<"z" | "b">`) follow a union written with these
  // very members in the call's type or the aliases it names; else a stable order.
  const ranks = members.map((type) => ({ type, rank: rankOf(type) }));
  // Where `undefined` goes never shows in a schema: `{ max: 5 } | undefined` (an optional tag) looks no further.
  const placed = ranks.filter((entry) => compiler.classify(entry.type) !== "undefined");
  if (new Set(placed.map((entry) => entry.rank)).size === placed.length) return ranks.sort((a, b) => a.rank - b.rank).map((entry) => entry.type);
  const elsewhere = new Map<string, number>();
  writtenOrder(compiler, setKey(compiler, members)).forEach((key, at) => elsewhere.has(key) || elsewhere.set(key, at));
  const stable = stableOrder(compiler, members);
  const next = (type: CType) => positionIn(compiler, elsewhere, type) ?? elsewhere.size + stable.indexOf(type);
  const ranked = ranks.map(({ type, rank }) => ({ type, rank, next: next(type) }));
  return ranked.sort((a, b) => a.rank - b.rank || a.next - b.next).map((entry) => entry.type);
}

/** Where an order names a member first, by any of its keys. */
function positionIn(compiler: Compiler, first: ReadonlyMap<string, number>, type: CType): number | undefined {
  let best: number | undefined;
  for (const key of keysOf(compiler, type)) {
    const at = first.get(key);
    if (at !== undefined && (best === undefined || at < best)) best = at;
  }
  return best;
}

/**
 * The common case, cheaply: each member (but an unwritten `undefined`) is the type of one member
 * node of the written union (`"relevance" | "title"`, `Date | null`), and goes where it was written.
 */
function writtenOneByOne(compiler: Compiler, node: ts.TypeNode, members: readonly CType[]): CType[] | undefined {
  const written = shapeNode(compiler, node);
  if (!written || !compiler.syntax.isUnionTypeNode(written)) return undefined;
  const at = new Map<CType, number>();
  written.types.forEach((node, index) => {
    const type = compiler.typeFromTypeNode(node);
    if (!at.has(type)) at.set(type, index);
  });
  const rank = (member: CType) => at.get(member) ?? (compiler.classify(member) === "undefined" ? Number.MAX_SAFE_INTEGER : -1);
  if (members.some((member) => rank(member) < 0)) return undefined;
  return [...members].sort((a, b) => rank(a) - rank(b));
}

/**
 * The keys of a mapped type in the order the source wrote them: `Record<"fr" | "en", T>` and
 * `{ [K in "fr" | "en"]: T }` have `fr` then `en`, whatever order the checker keeps (TypeScript 7
 * sorts them). Read through aliases of the mapped type (`type Labels = Record<…>`).
 */
export function writtenKeys(compiler: Compiler, node: ts.TypeNode | undefined): string[] {
  const { syntax } = compiler;
  const order: string[] = [];
  for (let depth = 0; node && depth < 8; depth++) {
    if (syntax.isParenthesizedTypeNode(node)) node = node.type;
    else if (syntax.isMappedTypeNode(node)) {
      collectOrder(compiler, node.typeParameter.constraint, order, new Set());
      break;
    } else if (syntax.isTypeReferenceNode(node) && node.typeArguments?.length) {
      collectOrder(compiler, node.typeArguments[0], order, new Set());
      break;
    } else if (syntax.isTypeReferenceNode(node)) {
      const declaration = declarationOf(compiler, compiler.typeFromTypeNode(node));
      node = declaration && syntax.isTypeAliasDeclaration(declaration) ? declaration.type : undefined;
    } else break;
  }
  return order.filter((key) => key.startsWith("string:") || key.startsWith("number:")).map((key) => key.slice(key.indexOf(":") + 1));
}

type Written = Map<string, { order: string[]; at: string }>;

/**
 * What ordering knows of the call being analysed: the orders of the unions written in its type
 * (noteWrittenUnions), by the set of their members, the one written first where two disagree;
 * nothing of other calls, so that what was analysed before changes nothing.
 */
interface OrderState {
  readonly call: Written;
  /** Where the call's unions are written, until a union with no written order of its own asks for their scan. */
  pending?: { readonly root?: ts.Node; readonly type?: CType };
}

const states = new WeakMap<Compiler, OrderState>();

function stateOf(compiler: Compiler): OrderState {
  let state = states.get(compiler);
  if (!state) states.set(compiler, (state = { call: new Map() }));
  return state;
}

function note(compiler: Compiler, key: string, order: string[], node: ts.Node): void {
  const { call } = stateOf(compiler);
  const at = `${node.getSourceFile().fileName}\u0000${String(node.pos).padStart(10, "0")}`;
  const known = call.get(key);
  if (key && (!known || at < known.at)) call.set(key, { order, at });
}

/** The order written in the call for a set of members (see setKey), scanned on this first need. */
function writtenOrder(compiler: Compiler, key: string): string[] {
  const state = stateOf(compiler);
  const pending = state.pending;
  if (pending) {
    state.pending = undefined;
    if (pending.root) scanWrittenUnions(compiler, [pending.root], false);
    if (pending.type) scanWrittenUnions(compiler, contextOf(compiler, pending.type), true);
  }
  return state.call.get(key)?.order ?? [];
}

/** The members' keys, nulls and undefined left out, sorted: the same set written anywhere gives the same key. */
function setKey(compiler: Compiler, members: readonly CType[]): string {
  const keys = members.filter((member) => !["null", "undefined"].includes(compiler.classify(member))).map((member) => keysOf(compiler, member)[0]);
  return [...new Set(keys)].sort().join("\u0000");
}

/**
 * Starts the analysis of a call of type `type`, written at `root` when it is written: the unions
 * written in it are noted (see scanWrittenUnions) when the first union that needs them is met, as
 * most calls have none. A type written nowhere (a function's, what it returns) is read in its
 * function's context: the unions its parameters' types write.
 */
export function noteWrittenUnions(compiler: Compiler, root: ts.Node | undefined, type: CType): void {
  const state = stateOf(compiler);
  state.call.clear();
  state.pending = root ? { root } : { type };
}

/**
 * The function a type written nowhere comes from: the function of a function type (`toolOf(orderBook)`),
 * or the function whose body writes the object literal it is the type of (what `orderBook`
 * returns, `{ title, binding }`, whose `binding` has the parameter's union); its parameters' type nodes.
 */
function contextOf(compiler: Compiler, type: CType): ts.Node[] {
  const signature = compiler.signatures(type, "call")[0];
  let node: ts.Node | undefined = signature ? compiler.signatureDeclaration(signature) : undefined;
  if (!node) {
    const symbol = compiler.symbolOf(type);
    const declaration = symbol && compiler.declarations(symbol)[0];
    if (declaration && compiler.syntax.isObjectLiteralExpression(declaration)) node = declaration;
  }
  for (let depth = 0; node && depth < 64; depth++, node = node.parent) {
    const parameters = (node as Partial<ts.SignatureDeclarationBase>).parameters;
    if (parameters) return parameters.flatMap((parameter) => (parameter.type ? [parameter.type] : []));
  }
  return [];
}

/**
 * Notes the order of every union written as a type argument in the nodes (or, with `every`, every
 * union they write) and in the aliases and interfaces they name (a few levels down, the project's
 * own), for the unions the analysis meets with no type node of their own: `Page<"z" | "b" | "a">`
 * instantiates `sort: T` with a union the checker orders its own way. (A union written anywhere
 * else has a node of its own where it is met.)
 */
function scanWrittenUnions(compiler: Compiler, roots: readonly ts.Node[], every: boolean): void {
  const { syntax } = compiler;
  const seen = new Set<ts.Node>();
  const visit = (node: ts.Node, depth: number, argument: boolean): undefined => {
    if (seen.has(node) || seen.size > 2000) return;
    seen.add(node);
    if (argument && syntax.isUnionTypeNode(node)) {
      const type = compiler.typeFromTypeNode(node);
      if (isUnion(compiler, type)) {
        const order: string[] = [];
        collectOrder(compiler, node, order, new Set());
        note(compiler, setKey(compiler, compiler.members(type)), order, node);
      }
    }
    if (syntax.isTypeReferenceNode(node)) {
      node.typeArguments?.forEach((typeArgument) => visit(typeArgument, depth, true));
      if (depth < 3) {
        const symbol = symbolNamed(compiler, node.typeName);
        for (const declaration of symbol && !compiler.symbolIs(symbol, "enum") ? compiler.declarations(symbol) : []) {
          if (!EXTERNAL.test(declaration.getSourceFile().fileName)) visit(declaration, depth + 1, false);
        }
      }
      return undefined;
    }
    syntax.forEachChild(node, (child) => visit(child, depth, argument));
    return undefined;
  };
  roots.forEach((root) => visit(root, 0, every));
}

/** Declarations in packages (the platform's, the runtime's tags, libraries) are not searched for written unions. */
const EXTERNAL = /[\\/]node_modules[\\/]|[\\/]lib\.[^\\/]*\.d\.ts$/;
