import type * as ts from "typescript";
import type { Compiler, CType } from "../compiler/Compiler";
import { symbolNamed } from "../compiler/symbolNamed";
import { keysOf, TYPE_PARAMETER } from "./memberKeys";
import { stableOrder } from "./stableOrder";
import { denotes, isUnion } from "./denotes";
import { expandTemplate, mapString, STRING_MAPPINGS } from "./typeOperations";

/**
 * What the type parameters of the generic alias being read stand for: the node a reference wrote
 * for each (`X` of `type G<X> = X | { wrapped: X }` read for `G<{ x: string }>`), itself read in
 * the scope it was written in.
 */
export type Scope = ReadonlyMap<string, { readonly node: ts.TypeNode; readonly scope: Scope }>;

const NO_SCOPE: Scope = new Map();
/** Generic aliases read inside one another, at most: `type Flat<T> = T extends (infer U)[] ? Flat<U> : T` would go on. */
const MAX_DEPTH = 8;

/**
 * The members a type node spells, in order, as keys (see keysOf): through parentheses, unions,
 * intersections, aliases (a generic one with what its reference wrote for its parameters), enums
 * and `keyof`; and the members a type operation makes, in the order it makes them from what the
 * source wrote: a template literal type's strings hole by hole (`` `${"a" | "b"}${1 | 2}` `` is
 * a1, a2, b1, b2), `Uppercase` and its kin member by member, a conditional type's branches in
 * turn (`Exclude<"z" | "m" | "a", "m">` is z, a). A union the checker made that no node spells
 * goes in a stable order (see stableOrder), never the checker's own.
 */
export function collectOrder(compiler: Compiler, node: ts.Node | undefined, order: string[], visited: Set<ts.Node>): void {
  walk(compiler, node, order, { visited, budget: { left: MAX_STEPS } }, NO_SCOPE, 0);
}

/** A walk's nodes seen (outside generic bodies) and the steps it may still take, shared with the walks it starts (a template's holes). */
interface Walk {
  readonly visited: Set<ts.Node>;
  readonly budget: { left: number };
}

/** Steps one order may take: generic aliases that refer to several others each (`type A<T> = B<T> | B<T[]>`) would multiply. */
const MAX_STEPS = 5000;

function walk(compiler: Compiler, node: ts.Node | undefined, order: string[], state: Walk, scope: Scope, depth: number): void {
  const { syntax } = compiler;
  const { visited } = state;
  if (!node || state.budget.left-- <= 0) return;
  // Within a generic alias the same node means another thing for each reference: bounded by depth and budget instead.
  if (scope === NO_SCOPE) {
    if (visited.has(node)) return;
    visited.add(node);
  }
  const collect = (inner: ts.Node | undefined) => walk(compiler, inner, order, state, scope, depth);
  if (syntax.isParenthesizedTypeNode(node)) return collect(node.type);
  if (syntax.isUnionTypeNode(node) || syntax.isIntersectionTypeNode(node)) return node.types.forEach(collect);
  if (syntax.isConditionalTypeNode(node)) return [node.trueType, node.falseType].forEach(collect);
  if (syntax.isEnumDeclaration(node)) return node.members.forEach((member) => order.push(...keysOf(compiler, compiler.typeAtLocation(member))));
  if (syntax.isTypeAliasDeclaration(node)) return collect(node.type);
  const keysOfNode = (inner: ts.Node) => writtenKeysOf(compiler, inner, state, scope, depth);
  if (syntax.isTemplateLiteralTypeNode(node)) {
    const texts = expandTemplate(node, keysOfNode);
    if (texts) return void order.push(...texts.map((text) => `string:${text}`));
  }
  if (syntax.isTypeReferenceNode(node)) {
    const bound = boundTo(compiler, node, scope);
    if (bound) {
      // A member the written order names by no key came in through this parameter: it takes the parameter's place.
      order.push(TYPE_PARAMETER);
      return walk(compiler, bound.node, order, state, bound.scope, depth);
    }
    // Outside a generic alias's body, only a reference that is a union has members to order.
    const union = isUnion(compiler, compiler.typeFromTypeNode(node));
    const symbol = union || scope !== NO_SCOPE ? symbolNamed(compiler, node.typeName) : undefined;
    const alias = symbol && compiler.symbolIs(symbol, "typeAlias") ? compiler.declarations(symbol).find(syntax.isTypeAliasDeclaration) : undefined;
    const mapping = alias && compiler.isPlatformFile(alias.getSourceFile()) ? STRING_MAPPINGS[alias.name.text] : undefined;
    if (mapping && node.typeArguments?.length === 1) return void order.push(...mapString(keysOfNode(node.typeArguments[0]), mapping));
    if (alias?.typeParameters?.length && depth < MAX_DEPTH) return walk(compiler, alias.type, order, state, scopeOf(alias, node, scope), depth + 1);
    // `K` where `type K = …`: the alias's own text, though the type the checker gives may not carry its name.
    if (alias && union && !visited.has(alias)) return collect(alias);
  }
  if (syntax.isIndexedAccessTypeNode(node) && indexedOrder(compiler, node, order, state, scope, depth)) return;
  if (syntax.isTypeOperatorNode(node) && node.operator === syntax.kind.KeyOfKeyword) return keyofOrder(compiler, resolved(compiler, node.type, scope), order);
  if (syntax.isTypeNode(node)) {
    const type = compiler.typeFromTypeNode(node);
    if (isUnion(compiler, type)) {
      const declaration = declarationOf(compiler, type, true);
      if (declaration) return collect(declaration);
      return pushStable(compiler, order, type);
    }
    order.push(...keysOf(compiler, type));
  }
}

/**
 * `T[K]`: `(typeof kinds)[number]` of a tuple (`as const`) is its elements, in order; an object's
 * `Settings[keyof Settings]` or `Settings["mode" | "size"]` the type of each property K names, in
 * K's order, each as its declaration writes it. False where neither applies.
 */
function indexedOrder(compiler: Compiler, node: ts.IndexedAccessTypeNode, order: string[], state: Walk, scope: Scope, depth: number): boolean {
  const { syntax } = compiler;
  const object = compiler.typeFromTypeNode(resolved(compiler, node.objectType, scope));
  const elements = compiler.tupleElements(object);
  if (elements) return (elements.forEach((element) => pushStable(compiler, order, element.type)), true);
  const keys = writtenKeysOf(compiler, node.indexType, state, scope, depth);
  const names = [...new Set(keys.filter((key) => key.startsWith("string:")).map((key) => key.slice("string:".length)))];
  const properties = new Map(compiler.properties(object).map((symbol) => [compiler.symbolName(symbol), symbol] as const));
  if (!names.length || !names.every((name) => properties.has(name))) return false;
  for (const name of names) {
    const symbol = properties.get(name)!;
    const declaration = compiler.valueDeclaration(symbol) ?? compiler.declarations(symbol)[0];
    const type = compiler.typeOfSymbol(symbol);
    const written = declaration && (syntax.isPropertySignature(declaration) || syntax.isPropertyDeclaration(declaration)) ? declaration.type : undefined;
    if (written && denotes(compiler, written, type)) walk(compiler, written, order, { visited: new Set(), budget: state.budget }, NO_SCOPE, depth);
    else pushStable(compiler, order, type);
  }
  return true;
}

/** A type's members no node spells (itself, if not a union), in the stable order (see stableOrder), as keys. */
function pushStable(compiler: Compiler, order: string[], type: CType): void {
  for (const member of stableOrder(compiler, isUnion(compiler, type) ? compiler.members(type) : [type])) order.push(...keysOf(compiler, member));
}

/** The scope a reference to a generic alias opens: each parameter what the reference wrote, else its default (read in this new scope). */
function scopeOf(alias: ts.TypeAliasDeclaration, reference: ts.TypeReferenceNode, outer: Scope): Scope {
  const scope = new Map<string, { node: ts.TypeNode; scope: Scope }>();
  alias.typeParameters!.forEach((parameter, i) => {
    const written = reference.typeArguments?.[i];
    const node = written ?? parameter.default;
    if (node) scope.set(parameter.name.text, { node, scope: written ? outer : scope });
  });
  return scope;
}

/** The keys a node spells on its own (a template's hole, `Uppercase`'s argument, an index). */
function writtenKeysOf(compiler: Compiler, node: ts.Node, state: Walk, scope: Scope, depth: number): string[] {
  const keys: string[] = [];
  walk(compiler, node, keys, { visited: new Set(), budget: state.budget }, scope, depth);
  return keys;
}

/** What a reference to a parameter of the generic alias being read stands for, and the scope it was written in. */
function boundTo(compiler: Compiler, node: ts.TypeReferenceNode, scope: Scope) {
  return !node.typeArguments && compiler.syntax.isIdentifier(node.typeName) ? scope.get(node.typeName.text) : undefined;
}

/** A node, or what it stands for where it names a parameter bound in the scope (`keyof X`, `X[K]`). */
function resolved(compiler: Compiler, node: ts.TypeNode, scope: Scope): ts.TypeNode {
  for (let depth = 0; depth < MAX_DEPTH && compiler.syntax.isTypeReferenceNode(node); depth++) {
    const bound = boundTo(compiler, node, scope);
    if (!bound) break;
    ({ node, scope } = bound);
  }
  return node;
}

/**
 * `keyof typeof Genre`, `keyof User`: the names where they are declared (TypeScript 7 sorts the
 * union), names with no declaration (a mapped type's) after, in code point order, so every host
 * agrees; a numeric name is the number key it is too.
 */
function keyofOrder(compiler: Compiler, operand: ts.TypeNode, order: string[]): void {
  const names = compiler
    .properties(compiler.typeFromTypeNode(operand))
    .map((symbol) => ({ name: compiler.symbolName(symbol), at: compiler.declarations(symbol)[0] }));
  const position = (at: ts.Node | undefined) => (at ? `0${at.getSourceFile().fileName}\u0000${String(at.pos).padStart(10, "0")}` : "1");
  const rank = (entry: { name: string; at?: ts.Node }) => position(entry.at) + "\u0000" + entry.name;
  names.sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0));
  for (const { name } of names) order.push(`string:${name}`, ...(String(Number(name)) === name ? [`number:${name}`] : []));
}

/**
 * Where a union was declared as a whole: its type alias, or the enum whose members it is. A
 * generic alias's members are matched by what they name (`Box<T>` is any `Box`), and only where
 * the caller can do with that.
 */
export function declarationOf(compiler: Compiler, type: CType, generic = false): ts.TypeAliasDeclaration | ts.EnumDeclaration | undefined {
  const { syntax } = compiler;
  const aliasSymbol = compiler.aliasOf(type)?.symbol;
  const alias = aliasSymbol && compiler.declarations(aliasSymbol).find(syntax.isTypeAliasDeclaration);
  if (alias && (generic || !alias.typeParameters)) return alias;
  const symbol = compiler.symbolOf(type);
  if (symbol && compiler.symbolIs(symbol, "enum")) return compiler.declarations(symbol).find(syntax.isEnumDeclaration);
  return undefined;
}
