import type * as ts from "typescript";

/**
 * Union members in the order the source wrote them. The checker orders a union by type identity
 * (TypeScript 7 sorts it outright), so `"b" | "a"` may come back as `"a" | "b"`; the emitted enum
 * must not depend on that. The order is read off the type node where the type was written, the
 * declaration of its alias, or its enum; what none of them mentions keeps the checker's order, last.
 */
export function orderUnion(tsi: typeof ts, checker: ts.TypeChecker, union: ts.UnionType, origin: ts.TypeNode | undefined): ts.Type[] {
  const order: string[] = [];
  const visited = new Set<ts.Node>();
  const collect = (node: ts.Node | undefined): void => {
    if (!node || visited.has(node)) return;
    visited.add(node);
    if (tsi.isParenthesizedTypeNode(node)) return collect(node.type);
    if (tsi.isUnionTypeNode(node)) return node.types.forEach(collect);
    if (tsi.isEnumDeclaration(node)) return node.members.forEach((member) => order.push(keyOf(tsi, checker.getTypeAtLocation(member))));
    if (tsi.isTypeAliasDeclaration(node)) return collect(node.type);
    if (tsi.isTypeNode(node)) {
      const type = checker.getTypeFromTypeNode(node);
      if (type.flags & tsi.TypeFlags.Union) {
        const declaration = declarationOf(tsi, type);
        if (declaration) return collect(declaration);
        (type as ts.UnionType).types.forEach((member) => order.push(keyOf(tsi, member)));
        return;
      }
      order.push(keyOf(tsi, type));
    }
  };
  if (origin && denotes(tsi, checker, origin, union)) collect(origin);
  collect(declarationOf(tsi, union));
  const first = new Map<string, number>();
  order.forEach((key, at) => first.has(key) || first.set(key, at));
  const ranked = union.types.map((type, index) => ({ type, index, rank: first.get(keyOf(tsi, type)) ?? Number.MAX_SAFE_INTEGER }));
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map((entry) => entry.type);
}

/**
 * Whether a type node still denotes a type: the very type, or the type less the `undefined` that
 * an optional property or parameter adds to it (`sort?: "a" | "b"` is `"a" | "b" | undefined`).
 */
export function denotes(tsi: typeof ts, checker: ts.TypeChecker, node: ts.TypeNode, type: ts.Type): boolean {
  const written = checker.getTypeFromTypeNode(node);
  if (written === type) return true;
  if (!(type.flags & tsi.TypeFlags.Union)) return false;
  const members = (type as ts.UnionType).types.filter((member) => !(member.flags & tsi.TypeFlags.Undefined));
  const writtenMembers = written.flags & tsi.TypeFlags.Union ? (written as ts.UnionType).types : [written];
  return members.length === writtenMembers.length && members.every((member) => writtenMembers.includes(member));
}

/** Where a union was declared as a whole: its type alias, or the enum whose members it is. */
function declarationOf(tsi: typeof ts, type: ts.Type): ts.Node | undefined {
  const alias = type.aliasSymbol?.declarations?.find(tsi.isTypeAliasDeclaration);
  if (alias && !alias.typeParameters) return alias;
  const symbol = type.symbol;
  if (symbol && symbol.flags & tsi.SymbolFlags.Enum) return symbol.declarations?.find(tsi.isEnumDeclaration);
  return undefined;
}

/** Literal types by value (fresh and regular literals are distinct objects), others by identity. */
const identities = new WeakMap<ts.Type, string>();
let next = 0;
function keyOf(tsi: typeof ts, type: ts.Type): string {
  if (type.isStringLiteral()) return `s:${type.value}`;
  if (type.isNumberLiteral()) return `n:${type.value}`;
  if (type.flags & tsi.TypeFlags.BooleanLiteral) return `b:${(type as { intrinsicName?: string }).intrinsicName}`;
  let key = identities.get(type);
  if (!key) identities.set(type, (key = `t:${next++}`));
  return key;
}
