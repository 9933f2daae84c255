import type * as ts from "typescript";
import type { Compiler, CType } from "../compiler/Compiler";
import { symbolNamed } from "../compiler/symbolNamed";

/**
 * Union members in the order the source wrote them. The checker orders a union by type identity
 * (TypeScript 7 sorts it outright), so `"b" | "a"` may come back as `"a" | "b"`; the emitted enum
 * must not depend on that. The order is read off the type node where the type was written, the
 * declaration of its alias, or its enum; what none of them mentions keeps the checker's order, last.
 */
export function orderUnion(compiler: Compiler, union: CType, origin: ts.TypeNode | undefined): readonly CType[] {
  const order: string[] = [];
  const visited = new Set<ts.Node>();
  const written = origin && denotes(compiler, origin, union) ? origin : undefined;
  const direct = written && writtenOneByOne(compiler, written, compiler.members(union));
  if (direct) return remember(compiler, direct, written);
  const declaration = declarationOf(compiler, union, true);
  collectOrder(compiler, written, order, visited);
  collectOrder(compiler, declaration, order, visited);
  const first = new Map<string, number>();
  order.forEach((key, at) => first.has(key) || first.set(key, at));
  // A member the written order names by no key came in through a type parameter (`type Maybe<T> = T | null`): it takes T's place.
  const unnamed = first.get(TYPE_PARAMETER) ?? Number.MAX_SAFE_INTEGER;
  const rankOf = (type: CType) => {
    for (const key of keysOf(compiler, type)) if (first.has(key)) return first.get(key)!;
    return unnamed;
  };
  // Members no written node placed (`sort: T` of `Page<"z" | "b">`) follow a union written with these
  // very members in the call's type or the aliases it names; else the checker's order.
  const ranks = compiler.members(union).map((type) => ({ type, rank: rankOf(type) }));
  // Where `undefined` goes never shows in a schema: `{ max: 5 } | undefined` (an optional tag) looks no further.
  const placed = ranks.filter((entry) => compiler.classify(entry.type) !== "undefined");
  const tied = new Set(placed.map((entry) => entry.rank)).size < placed.length;
  const elsewhere = tied ? writtenOrder(compiler, setKey(compiler, compiler.members(union))) : [];
  const fallback = (type: CType, index: number) => {
    const at = elsewhere.indexOf(keysOf(compiler, type)[0]);
    return at < 0 ? elsewhere.length + index : at;
  };
  const ranked = ranks.map(({ type, rank }, index) => ({ type, rank, next: fallback(type, index) }));
  const ordered = ranked.sort((a, b) => a.rank - b.rank || a.next - b.next).map((entry) => entry.type);
  const where = written ?? declaration;
  return where ? remember(compiler, ordered, where) : ordered;
}

/**
 * The common case, cheaply: each member (but an unwritten `undefined`) is the type of one member
 * node of the written union (`"relevance" | "title"`, `Date | null`), and goes where it was written.
 */
function writtenOneByOne(compiler: Compiler, written: ts.TypeNode, members: readonly CType[]): CType[] | undefined {
  if (!compiler.syntax.isUnionTypeNode(written)) return undefined;
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
 * What the source wrote is remembered for the same members met with nothing written where they
 * are (a tool's result `{ binding }`, typed by the parameter's union).
 */
function remember(compiler: Compiler, ordered: CType[], where: ts.Node): CType[] {
  note(
    compiler,
    "seen",
    setKey(compiler, ordered),
    ordered.map((member) => keysOf(compiler, member)[0]),
    where,
  );
  return ordered;
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

/** The members a type node spells, in order, as keys (see keysOf), through parentheses, unions, aliases and enums. */
function collectOrder(compiler: Compiler, node: ts.Node | undefined, order: string[], visited: Set<ts.Node>): void {
  const { syntax } = compiler;
  if (!node || visited.has(node)) return;
  visited.add(node);
  const collect = (inner: ts.Node | undefined) => collectOrder(compiler, inner, order, visited);
  if (syntax.isParenthesizedTypeNode(node)) return collect(node.type);
  if (syntax.isUnionTypeNode(node)) return node.types.forEach(collect);
  if (syntax.isEnumDeclaration(node)) return node.members.forEach((member) => order.push(...keysOf(compiler, compiler.typeAtLocation(member))));
  if (syntax.isTypeAliasDeclaration(node)) return collect(node.type);
  if (syntax.isTypeReferenceNode(node) && isUnion(compiler, compiler.typeFromTypeNode(node))) {
    // `K` where `type K = …`: the alias's own text, though the type the checker gives may not carry its name.
    const symbol = symbolNamed(compiler, node.typeName);
    const alias = symbol && compiler.symbolIs(symbol, "typeAlias") ? compiler.declarations(symbol).find(syntax.isTypeAliasDeclaration) : undefined;
    if (alias && !visited.has(alias)) return collect(alias);
  }
  if (syntax.isIndexedAccessTypeNode(node)) {
    // `(typeof kinds)[number]` of a tuple (`as const`): its elements, in order.
    const elements = compiler.tupleElements(compiler.typeFromTypeNode(node.objectType));
    if (elements)
      return elements.forEach((element) =>
        (isUnion(compiler, element.type) ? compiler.members(element.type) : [element.type]).forEach((member) => order.push(...keysOf(compiler, member))),
      );
  }
  if (syntax.isTypeOperatorNode(node) && node.operator === syntax.kind.KeyOfKeyword) {
    // `keyof typeof Genre`, `keyof User`: the names where they are declared (TypeScript 7 sorts the
    // union), names with no declaration (a mapped type's) after, in code point order, so every host
    // agrees; a numeric name is the number key it is too.
    const names = compiler
      .properties(compiler.typeFromTypeNode(node.type))
      .map((symbol) => ({ name: compiler.symbolName(symbol), at: compiler.declarations(symbol)[0] }));
    const position = (at: ts.Node | undefined) => (at ? `0${at.getSourceFile().fileName}\u0000${String(at.pos).padStart(10, "0")}` : "1");
    const rank = (entry: { name: string; at?: ts.Node }) => position(entry.at) + "\u0000" + entry.name;
    names.sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0));
    for (const { name } of names) order.push(`string:${name}`, ...(String(Number(name)) === name ? [`number:${name}`] : []));
  }
  if (syntax.isTypeNode(node)) {
    const type = compiler.typeFromTypeNode(node);
    if (isUnion(compiler, type)) {
      const declaration = declarationOf(compiler, type, true);
      if (declaration) return collect(declaration);
      compiler.members(type).forEach((member) => order.push(...keysOf(compiler, member)));
      return;
    }
    order.push(...keysOf(compiler, type));
  }
}

/**
 * Whether a type node still denotes a type: the very type, or the type less the `undefined` that
 * an optional property or parameter adds to it (`sort?: "a" | "b"` is `"a" | "b" | undefined`).
 */
export function denotes(compiler: Compiler, node: ts.TypeNode, type: CType): boolean {
  const written = compiler.typeFromTypeNode(node);
  if (written === type) return true;
  if (!isUnion(compiler, type)) return false;
  const members = compiler.members(type).filter((member) => compiler.classify(member) !== "undefined");
  const writtenMembers = isUnion(compiler, written) ? compiler.members(written) : [written];
  return members.length === writtenMembers.length && members.every((member) => writtenMembers.includes(member));
}

/** `boolean` is the union `false | true` to the checker, and ordered as one. */
const isUnion = (compiler: Compiler, type: CType) => ["union", "boolean"].includes(compiler.classify(type));

/**
 * Where a union was declared as a whole: its type alias, or the enum whose members it is. A
 * generic alias's members are matched by what they name (`Box<T>` is any `Box`), and only where
 * the caller can do with that.
 */
function declarationOf(compiler: Compiler, type: CType, generic = false): ts.TypeAliasDeclaration | ts.EnumDeclaration | undefined {
  const { syntax } = compiler;
  const aliasSymbol = compiler.aliasOf(type)?.symbol;
  const alias = aliasSymbol && compiler.declarations(aliasSymbol).find(syntax.isTypeAliasDeclaration);
  if (alias && (generic || !alias.typeParameters)) return alias;
  const symbol = compiler.symbolOf(type);
  if (symbol && compiler.symbolIs(symbol, "enum")) return compiler.declarations(symbol).find(syntax.isEnumDeclaration);
  return undefined;
}

const TYPE_PARAMETER = "param";

/**
 * The keys a written member and a union member meet by, the first that meets counting: a literal
 * by its value (fresh and regular literals are distinct objects), a type parameter as such, any
 * other type by identity, else an interface's or class's instance by its declaration (`Box<T>`
 * written, `Box<string>` met).
 */
function keysOf(compiler: Compiler, type: CType): string[] {
  // Asked of the same types over and over (each written member, each union member, each set).
  const { keys } = stateOf(compiler);
  let found = keys.get(type);
  if (!found) keys.set(type, (found = readKeys(compiler, type)));
  return found;
}

function readKeys(compiler: Compiler, type: CType): string[] {
  const kind = compiler.classify(type);
  if (kind === "literal") {
    const value = compiler.literalValue(type);
    if (typeof value !== "bigint") return [`${typeof value}:${value}`];
  }
  if (kind === "typeParameter") return [TYPE_PARAMETER];
  const keys = [`t:${compiler.idOf(type)}`];
  const symbol = kind === "object" ? compiler.symbolOf(type) : undefined;
  const declaration = symbol && (compiler.symbolIs(symbol, "interface") || compiler.symbolIs(symbol, "class")) ? compiler.declarations(symbol)[0] : undefined;
  if (declaration) keys.push(`d:${declaration.getSourceFile().fileName}:${declaration.pos}`);
  return keys;
}

type Written = Map<string, { order: string[]; at: string }>;

/** What ordering remembers of one program. */
interface OrderState {
  readonly keys: WeakMap<CType, string[]>;
  /**
   * Written orders of unions, by the set of their members: `call`, those in the type of the call
   * being analysed (noteWrittenUnions), first; then `seen`, those any written node ordered, the one
   * written first in the project where two disagree, so that the order files are analysed in changes nothing.
   */
  readonly call: Written;
  readonly seen: Written;
  /** The type node of the call being analysed, until a union with no written order of its own asks for its scan. */
  pending?: ts.Node;
}

const states = new WeakMap<Compiler, OrderState>();

function stateOf(compiler: Compiler): OrderState {
  let state = states.get(compiler);
  if (!state) states.set(compiler, (state = { keys: new WeakMap(), call: new Map(), seen: new Map() }));
  return state;
}

function note(compiler: Compiler, kind: "call" | "seen", key: string, order: string[], node: ts.Node): void {
  const written = stateOf(compiler);
  const at = `${node.getSourceFile().fileName}\u0000${String(node.pos).padStart(10, "0")}`;
  const known = written[kind].get(key);
  if (key && (!known || at < known.at)) written[kind].set(key, { order, at });
}

/** The order written elsewhere for a set of members (see setKey): the call's type first, scanned on this first need, then any seen. */
function writtenOrder(compiler: Compiler, key: string): string[] {
  const state = stateOf(compiler);
  const root = state.pending;
  if (root) {
    state.pending = undefined;
    scanWrittenUnions(compiler, root);
  }
  return (state.call.get(key) ?? state.seen.get(key))?.order ?? [];
}

/** The members' keys, nulls and undefined left out, sorted: the same set written anywhere gives the same key. */
function setKey(compiler: Compiler, members: readonly CType[]): string {
  const keys = members.filter((member) => !["null", "undefined"].includes(compiler.classify(member))).map((member) => keysOf(compiler, member)[0]);
  return [...new Set(keys)].sort().join("\u0000");
}

/**
 * Starts the analysis of a call whose type is written at `root`: the unions written in it are
 * noted (see scanWrittenUnions) when the first union that needs them is met, as most calls have none.
 */
export function noteWrittenUnions(compiler: Compiler, root: ts.Node): void {
  const state = stateOf(compiler);
  state.call.clear();
  state.pending = root;
}

/**
 * Notes the order of every union written as a type argument in a type node and in the aliases and
 * interfaces it names (a few levels down, the project's own), for the unions the analysis meets
 * with no type node of their own: `Page<"z" | "b" | "a">` instantiates `sort: T` with a union the
 * checker orders its own way. (A union written anywhere else has a node of its own where it is met.)
 */
function scanWrittenUnions(compiler: Compiler, root: ts.Node): void {
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
        note(compiler, "call", setKey(compiler, compiler.members(type)), order, node);
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
  visit(root, 0, false);
}

/** Declarations in packages (the platform's, the runtime's tags, libraries) are not searched for written unions. */
const EXTERNAL = /[\\/]node_modules[\\/]|[\\/]lib\.[^\\/]*\.d\.ts$/;
