import type * as ts from "typescript";
import type { SymbolKind, Syntax } from "./Compiler";

/** The predicates the Syntax interface names, each found in a compiler's module by that name (or a renamed one). */
const PREDICATES = [
  "isArrayLiteralExpression",
  "isArrayTypeNode",
  "isArrowFunction",
  "isAsExpression",
  "isBindingElement",
  "isCallExpression",
  "isClassDeclaration",
  "isConditionalTypeNode",
  "isElementAccessExpression",
  "isEnumDeclaration",
  "isExpressionStatement",
  "isFunctionDeclaration",
  "isFunctionExpression",
  "isMethodDeclaration",
  "isIdentifier",
  "isImportClause",
  "isImportDeclaration",
  "isImportEqualsDeclaration",
  "isImportSpecifier",
  "isInterfaceDeclaration",
  "isIndexedAccessTypeNode",
  "isClassExpression",
  "isTypeLiteralNode",
  "isIntersectionTypeNode",
  "isMappedTypeNode",
  "isNamedTupleMember",
  "isNamespaceImport",
  "isNoSubstitutionTemplateLiteral",
  "isNumericLiteral",
  "isObjectBindingPattern",
  "isObjectLiteralExpression",
  "isOmittedExpression",
  "isOptionalTypeNode",
  "isParameter",
  "isParenthesizedExpression",
  "isParenthesizedTypeNode",
  "isPrefixUnaryExpression",
  "isPropertyAccessExpression",
  "isPropertyAssignment",
  "isPropertyDeclaration",
  "isPropertySignature",
  "isRestTypeNode",
  "isSatisfiesExpression",
  "isSpreadAssignment",
  "isSpreadElement",
  "isStringLiteral",
  "isTemplateLiteralTypeNode",
  "isTupleTypeNode",
  "isTypeAliasDeclaration",
  "isTypeAssertionExpression",
  "isTypeNode",
  "isTypeOperatorNode",
  "isTypeReferenceNode",
  "isUnionTypeNode",
  "isVariableDeclaration",
  "isVariableDeclarationList",
] as const satisfies readonly (keyof Syntax)[];

const KINDS = [
  "TrueKeyword",
  "FalseKeyword",
  "NullKeyword",
  "ThisKeyword",
  "MinusToken",
  "PlusToken",
  "PrivateKeyword",
  "ProtectedKeyword",
  "TypeKeyword",
  "ExtendsKeyword",
  "KeyOfKeyword",
] as const;

// Every predicate and kind of the interface is listed above: a new one is a compile error here until it is.
type Unlisted = Exclude<Exclude<keyof Syntax, "forEachChild" | "kind">, (typeof PREDICATES)[number]> | Exclude<keyof Syntax["kind"], (typeof KINDS)[number]>;
const everyOneListed: Record<Unlisted, never> = {};
void everyOneListed;

/**
 * A compiler's syntax module as the Syntax interface: TypeScript 5/6's `ts`, or TypeScript 7's
 * `ast` with its few other names (`renamed`: ours -> its).
 */
export function syntaxOf(
  module: Record<string, unknown>,
  SyntaxKind: Record<string, number>,
  forEachChild: Syntax["forEachChild"],
  renamed: Partial<Record<(typeof PREDICATES)[number], string>> = {},
): Syntax {
  const syntax: Record<string, unknown> = { forEachChild, kind: Object.fromEntries(KINDS.map((name) => [name, SyntaxKind[name]])) };
  for (const name of PREDICATES) {
    const predicate = module[renamed[name] ?? name];
    if (typeof predicate !== "function") throw new Error(`this TypeScript has no '${renamed[name] ?? name}'`);
    syntax[name] = predicate as (node: ts.Node) => boolean;
  }
  return syntax as unknown as Syntax;
}

/** The symbol flags schemaof asks about, by the names every TypeScript gives them. */
export function symbolKinds(SymbolFlags: { readonly [name: string]: number | string }): Record<SymbolKind, number> {
  const flag = (name: string) => SymbolFlags[name] as number;
  return {
    optional: flag("Optional"),
    method: flag("Method"),
    accessor: flag("Accessor"),
    alias: flag("Alias"),
    typeAlias: flag("TypeAlias"),
    class: flag("Class"),
    interface: flag("Interface"),
    enum: flag("Enum"),
    enumMember: flag("EnumMember"),
    function: flag("Function"),
  };
}
