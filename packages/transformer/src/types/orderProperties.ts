import type * as ts from "typescript";
import type { Compiler, CSymbol, CType } from "../compiler/Compiler";
import { writtenKeys } from "./sourceOrder";
import { symbolNamed } from "../compiler/symbolNamed";

/**
 * An object's properties in the order a reader of the source meets them, never the checker's
 * (which is not the same on every TypeScript: TypeScript 5 lists a type's own properties before
 * the inherited ones, TypeScript 7 does not, and sorts what it can):
 * - an interface's or class's: inherited ones first, in the order of `extends` (bases before the
 *   types that extend them), then its own, each in declaration order;
 * - an intersection's: member by member, in the order written;
 * - a mapped type's: in the order its keys were written (`Record<"fr" | "en", T>`), else in the
 *   order of the type it maps (`Omit<Loan, "id">`), else in declaration order when they all come
 *   from one file.
 */
export function orderProperties(
  compiler: Compiler,
  type: CType,
  properties: readonly CSymbol[],
  origin?: ts.TypeNode,
  ranks: Map<CSymbol, Map<ts.Node, number>> = new Map(),
): readonly CSymbol[] {
  if (compiler.classify(type) === "intersection") {
    const names = writtenMembers(compiler, type, origin).flatMap(({ type: member, node }) =>
      orderProperties(compiler, member, compiler.properties(member), node, ranks).map(compiler.symbolName),
    );
    return byNames(compiler, properties, names);
  }
  if (compiler.isMapped(type)) {
    const written = writtenKeys(compiler, origin);
    if (properties.every((symbol) => written.includes(compiler.symbolName(symbol)))) return byNames(compiler, properties, written);
    const source = mappedSource(compiler, origin);
    const sourceNames = source
      ? orderProperties(compiler, compiler.typeFromTypeNode(source), compiler.properties(compiler.typeFromTypeNode(source)), source, ranks).map(
          compiler.symbolName,
        )
      : [];
    if (sourceNames.length && properties.every((symbol) => sourceNames.includes(compiler.symbolName(symbol))))
      return byNames(compiler, properties, sourceNames);
    const positions = properties.map((symbol) => compiler.declarations(symbol)[0]);
    const file = positions[0]?.getSourceFile();
    if (positions.every((declaration) => declaration && declaration.getSourceFile() === file)) {
      return properties
        .map((symbol, i) => ({ symbol, at: positions[i]!.pos }))
        .sort((a, b) => a.at - b.at)
        .map((entry) => entry.symbol);
    }
    return byKeysInside(compiler, properties, written.length ? written : sourceNames);
  }
  const symbol = compiler.symbolOf(type);
  if (!symbol || !(compiler.symbolIs(symbol, "interface") || compiler.symbolIs(symbol, "class"))) return properties;
  // An interface's bases are walked once per symbol (`ranks`, the caller's memo): types share them.
  let rank = ranks.get(symbol);
  if (!rank) {
    rank = new Map<ts.Node, number>();
    collectContainers(compiler, symbol, rank, new Set());
    ranks.set(symbol, rank);
  }
  if (rank.size < 2) return properties;
  const keyed = properties.map((property, index) => {
    const declaration = compiler.valueDeclaration(property) ?? compiler.declarations(property)[0];
    const container = declaration && containerOf(compiler, declaration);
    return { property, index, rank: container ? (rank.get(container) ?? rank.size) : rank.size, at: declaration?.pos ?? 0 };
  });
  return keyed.sort((a, b) => a.rank - b.rank || (a.rank === rank.size ? a.index - b.index : a.at - b.at)).map((entry) => entry.property);
}

/**
 * The type a mapped type maps, as written: `Getters<BookPreview>`'s `BookPreview`, through aliases
 * (`type BookGetters = Getters<BookPreview>`).
 */
function mappedSource(compiler: Compiler, node: ts.TypeNode | undefined): ts.TypeNode | undefined {
  const { syntax } = compiler;
  for (let depth = 0; node && depth < 8; depth++) {
    if (syntax.isParenthesizedTypeNode(node)) node = node.type;
    else if (syntax.isTypeReferenceNode(node) && node.typeArguments?.length) return node.typeArguments[0];
    else if (syntax.isTypeReferenceNode(node)) {
      const symbol = symbolNamed(compiler, node.typeName);
      const declaration = symbol && compiler.symbolIs(symbol, "typeAlias") ? compiler.declarations(symbol).find(syntax.isTypeAliasDeclaration) : undefined;
      node = declaration?.type;
    } else return undefined;
  }
  return undefined;
}

/**
 * Keys renamed by `as` (`get${Capitalize<K>}`, `on${…}`) have no declaration, and each checker lists
 * them its own way: each goes where the key it was made from was written (the longest one its name
 * holds, case aside), the rest in code point order, so every host emits the same.
 */
function byKeysInside(compiler: Compiler, properties: readonly CSymbol[], keys: readonly string[]): readonly CSymbol[] {
  const rank = (name: string) => {
    let best = -1;
    keys.forEach((key, at) => {
      if (key && name.toLowerCase().includes(key.toLowerCase()) && (best < 0 || key.length > keys[best].length)) best = at;
    });
    return best < 0 ? keys.length : best;
  };
  const keyed = properties.map((symbol) => ({ symbol, name: compiler.symbolName(symbol) }));
  return keyed.sort((a, b) => rank(a.name) - rank(b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((entry) => entry.symbol);
}

/** Properties in the order of a list of names (first mention counts); the others after, as they came (sort is stable). */
function byNames(compiler: Compiler, properties: readonly CSymbol[], names: readonly string[]): readonly CSymbol[] {
  const rank = (symbol: CSymbol) => {
    const at = names.indexOf(compiler.symbolName(symbol));
    return at < 0 ? names.length : at;
  };
  return [...properties].sort((a, b) => rank(a) - rank(b));
}

/** The declarations a type's members can come from, bases first (`interface C extends A, B`: A's, B's, C's). */
function collectContainers(compiler: Compiler, symbol: CSymbol, rank: Map<ts.Node, number>, visited: Set<CSymbol>): void {
  if (visited.has(symbol) || visited.size > 64) return;
  visited.add(symbol);
  const { syntax } = compiler;
  for (const declaration of compiler.declarations(symbol)) {
    if (!syntax.isInterfaceDeclaration(declaration) && !syntax.isClassDeclaration(declaration)) continue;
    for (const clause of declaration.heritageClauses ?? []) {
      if (clause.token !== syntax.kind.ExtendsKeyword) continue;
      for (const base of clause.types) {
        // TypeScript 7.1's API hands an `extends` entry over as a type reference.
        const name = syntax.isTypeReferenceNode(base as ts.Node) ? (base as unknown as ts.TypeReferenceNode).typeName : base.expression;
        const target = symbolNamed(compiler, name);
        if (target && compiler.symbolIs(target, "typeAlias")) {
          // `extends Omit<Base, "code">`: what the alias is made of, as far as its arguments name interfaces.
          for (const argument of base.typeArguments ?? []) {
            const named = syntax.isTypeReferenceNode(argument) ? symbolNamed(compiler, argument.typeName) : undefined;
            if (named) collectContainers(compiler, named, rank, visited);
          }
        } else if (target) collectContainers(compiler, target, rank, visited);
      }
    }
    if (!rank.has(declaration)) rank.set(declaration, rank.size);
  }
}

/** The interface, class or object type a member is declared in. */
function containerOf(compiler: Compiler, declaration: ts.Node): ts.Node | undefined {
  const { syntax } = compiler;
  for (let node: ts.Node | undefined = declaration.parent; node; node = node.parent) {
    if (syntax.isInterfaceDeclaration(node) || syntax.isClassDeclaration(node) || syntax.isClassExpression(node) || syntax.isTypeLiteralNode(node)) return node;
  }
  return undefined;
}

/** An intersection's members in the order its type node (or its alias's) writes them, each with its node. */
function writtenMembers(compiler: Compiler, type: CType, origin: ts.TypeNode | undefined): { type: CType; node?: ts.TypeNode }[] {
  const { syntax } = compiler;
  const alias = compiler.aliasOf(type)?.symbol;
  const declared = alias && compiler.declarations(alias).find(syntax.isTypeAliasDeclaration)?.type;
  const node = [origin, declared].find((candidate) => candidate && syntax.isIntersectionTypeNode(candidate)) as ts.IntersectionTypeNode | undefined;
  const members = compiler
    .members(type)
    .map((member) => ({ type: member, node: node?.types.find((written) => compiler.typeFromTypeNode(written) === member) }));
  if (!node) return members;
  const rank = (member: { node?: ts.TypeNode }) => (member.node ? node.types.indexOf(member.node) : node.types.length);
  return members.sort((a, b) => rank(a) - rank(b)); // stable: unwritten members keep the checker's order, last
}
