import type * as ts from "typescript";
import type { TypeClass } from "../types/TypeView";

/**
 * What schemaof asks of a TypeScript compiler, in one vocabulary for every version: TypeScript 5/6
 * answer in process (fromTs), TypeScript 7 over its API's pipe (fromTs7). The TypeView, the call
 * finder and the readers of defaults and JSDoc are written once against it, so every host gives
 * the same answers.
 *
 * Syntax nodes are typed with TypeScript 5's declarations: TypeScript 7's JavaScript AST has the
 * same node shapes (`call.typeArguments`, `parameter.initializer`, …), only its kind numbers differ,
 * so nodes are told apart through `syntax`, never by `node.kind`. Types, symbols and signatures are
 * opaque: only the compiler they came from reads them.
 */
export type CType = { readonly "~ctype": unique symbol };
export type CSymbol = { readonly "~csymbol": unique symbol };
export type CSignature = { readonly "~csignature": unique symbol };

/** What a symbol is, as far as schemaof cares. */
export type SymbolKind = "optional" | "method" | "accessor" | "alias" | "typeAlias" | "class" | "interface" | "enum" | "enumMember" | "function";

export interface IndexInfo {
  /** `string` for `[k: string]`, `number` for `[i: number]`, `other` for template and symbol keys. */
  readonly key: "string" | "number" | "other";
  /** The key's type (`string`, `number`, `` `prefix_${string}` ``, a union of those). */
  readonly keyType: CType;
  readonly type: CType;
  /** The index signature as written, when there is one (a mapped type's has none). */
  readonly declaration?: ts.IndexSignatureDeclaration;
}

export interface TupleElement {
  readonly type: CType;
  readonly optional: boolean;
  readonly rest: boolean;
}

export interface Compiler {
  readonly syntax: Syntax;

  // Types
  idOf(type: CType): number;
  classify(type: CType): TypeClass;
  /** The value of a string, number, boolean or bigint literal type. */
  literalValue(type: CType): string | number | boolean | bigint;
  /** Union or intersection members, in the checker's order. */
  members(type: CType): readonly CType[];
  templateParts(type: CType): { readonly texts: readonly string[]; readonly types: readonly CType[] };
  /** A mapped type (`Pick`, `Omit`, `Record`): its keys come in the checker's order. */
  isMapped(type: CType): boolean;
  symbolOf(type: CType): CSymbol | undefined;
  /** The alias the type was reached through (`type Limit = …`), with its type arguments. */
  aliasOf(type: CType): { readonly symbol: CSymbol; readonly args: readonly CType[] } | undefined;
  /** The type arguments of a generic class or interface instance (`Page<Book>`: `[Book]`); undefined when not generic. */
  genericArguments(type: CType): readonly CType[] | undefined;
  arrayElement(type: CType): CType | undefined;
  tupleElements(type: CType): readonly TupleElement[] | undefined;
  properties(type: CType): readonly CSymbol[];
  indexInfos(type: CType): readonly IndexInfo[];
  signatures(type: CType, kind: "call" | "construct"): readonly CSignature[];
  /** `Promise<Page>` is `Page`; anything else is itself. */
  awaited(type: CType): CType;
  typeToString(type: CType): string;
  typeFromTypeNode(node: ts.TypeNode): CType;
  typeAtLocation(node: ts.Node): CType;

  // Signatures
  parameters(signature: CSignature): readonly CSymbol[];
  returnType(signature: CSignature): CType;
  /** The signature's declaration; undefined for a JSDoc signature or one the checker made up. */
  signatureDeclaration(signature: CSignature): ts.SignatureDeclaration | undefined;
  /** The declaration a call resolves to (overloads resolved), if it has one. */
  resolvedDeclaration(call: ts.CallExpression): ts.Declaration | undefined;

  // Symbols
  symbolName(symbol: CSymbol): string;
  symbolIs(symbol: CSymbol, kind: SymbolKind): boolean;
  declarations(symbol: CSymbol): readonly ts.Declaration[];
  valueDeclaration(symbol: CSymbol): ts.Declaration | undefined;
  typeOfSymbol(symbol: CSymbol): CType;
  symbolAtLocation(node: ts.Node): CSymbol | undefined;
  /** The symbol an import or re-export finally names. */
  aliasedSymbol(symbol: CSymbol): CSymbol;

  // Constants and files
  /** An enum member's value at an access (`Units.Metric`). */
  constantValue(node: ts.Node): string | number | undefined;
  /** Files the platform ships: lib.*.d.ts, @types/node, undici-types. */
  isPlatformFile(file: ts.SourceFile): boolean;
}

/**
 * The syntax questions, by TypeScript 5's names. TypeScript 5/6 hand in their own functions;
 * TypeScript 7's are its `ast` module's, a few under other names.
 */
export interface Syntax {
  readonly isArrayLiteralExpression: (node: ts.Node) => node is ts.ArrayLiteralExpression;
  readonly isArrayTypeNode: (node: ts.Node) => node is ts.ArrayTypeNode;
  readonly isArrowFunction: (node: ts.Node) => node is ts.ArrowFunction;
  readonly isAsExpression: (node: ts.Node) => node is ts.AsExpression;
  readonly isBindingElement: (node: ts.Node) => node is ts.BindingElement;
  readonly isCallExpression: (node: ts.Node) => node is ts.CallExpression;
  readonly isClassDeclaration: (node: ts.Node) => node is ts.ClassDeclaration;
  readonly isConditionalTypeNode: (node: ts.Node) => node is ts.ConditionalTypeNode;
  readonly isElementAccessExpression: (node: ts.Node) => node is ts.ElementAccessExpression;
  readonly isEnumDeclaration: (node: ts.Node) => node is ts.EnumDeclaration;
  readonly isExpressionStatement: (node: ts.Node) => node is ts.ExpressionStatement;
  readonly isFunctionDeclaration: (node: ts.Node) => node is ts.FunctionDeclaration;
  readonly isMethodDeclaration: (node: ts.Node) => node is ts.MethodDeclaration;
  readonly isFunctionExpression: (node: ts.Node) => node is ts.FunctionExpression;
  readonly isIdentifier: (node: ts.Node) => node is ts.Identifier;
  readonly isImportClause: (node: ts.Node) => node is ts.ImportClause;
  readonly isImportDeclaration: (node: ts.Node) => node is ts.ImportDeclaration;
  readonly isImportEqualsDeclaration: (node: ts.Node) => node is ts.ImportEqualsDeclaration;
  readonly isImportSpecifier: (node: ts.Node) => node is ts.ImportSpecifier;
  readonly isInterfaceDeclaration: (node: ts.Node) => node is ts.InterfaceDeclaration;
  readonly isClassExpression: (node: ts.Node) => node is ts.ClassExpression;
  readonly isTypeLiteralNode: (node: ts.Node) => node is ts.TypeLiteralNode;
  readonly isIndexedAccessTypeNode: (node: ts.Node) => node is ts.IndexedAccessTypeNode;
  readonly isIntersectionTypeNode: (node: ts.Node) => node is ts.IntersectionTypeNode;
  readonly isMappedTypeNode: (node: ts.Node) => node is ts.MappedTypeNode;
  readonly isNamedTupleMember: (node: ts.Node) => node is ts.NamedTupleMember;
  readonly isNamespaceImport: (node: ts.Node) => node is ts.NamespaceImport;
  readonly isNoSubstitutionTemplateLiteral: (node: ts.Node) => node is ts.NoSubstitutionTemplateLiteral;
  readonly isNumericLiteral: (node: ts.Node) => node is ts.NumericLiteral;
  readonly isObjectBindingPattern: (node: ts.Node) => node is ts.ObjectBindingPattern;
  readonly isObjectLiteralExpression: (node: ts.Node) => node is ts.ObjectLiteralExpression;
  readonly isOmittedExpression: (node: ts.Node) => node is ts.OmittedExpression;
  readonly isOptionalTypeNode: (node: ts.Node) => node is ts.OptionalTypeNode;
  readonly isParameter: (node: ts.Node) => node is ts.ParameterDeclaration;
  readonly isParenthesizedExpression: (node: ts.Node) => node is ts.ParenthesizedExpression;
  readonly isParenthesizedTypeNode: (node: ts.Node) => node is ts.ParenthesizedTypeNode;
  readonly isPrefixUnaryExpression: (node: ts.Node) => node is ts.PrefixUnaryExpression;
  readonly isPropertyAccessExpression: (node: ts.Node) => node is ts.PropertyAccessExpression;
  readonly isPropertyAssignment: (node: ts.Node) => node is ts.PropertyAssignment;
  readonly isPropertyDeclaration: (node: ts.Node) => node is ts.PropertyDeclaration;
  readonly isPropertySignature: (node: ts.Node) => node is ts.PropertySignature;
  readonly isRestTypeNode: (node: ts.Node) => node is ts.RestTypeNode;
  readonly isSatisfiesExpression: (node: ts.Node) => node is ts.SatisfiesExpression;
  readonly isSpreadAssignment: (node: ts.Node) => node is ts.SpreadAssignment;
  readonly isSpreadElement: (node: ts.Node) => node is ts.SpreadElement;
  readonly isStringLiteral: (node: ts.Node) => node is ts.StringLiteral;
  readonly isTemplateLiteralTypeNode: (node: ts.Node) => node is ts.TemplateLiteralTypeNode;
  readonly isTupleTypeNode: (node: ts.Node) => node is ts.TupleTypeNode;
  readonly isTypeAliasDeclaration: (node: ts.Node) => node is ts.TypeAliasDeclaration;
  readonly isTypeAssertionExpression: (node: ts.Node) => node is ts.TypeAssertion;
  readonly isTypeNode: (node: ts.Node) => node is ts.TypeNode;
  readonly isTypeOperatorNode: (node: ts.Node) => node is ts.TypeOperatorNode;
  readonly isTypeReferenceNode: (node: ts.Node) => node is ts.TypeReferenceNode;
  readonly isUnionTypeNode: (node: ts.Node) => node is ts.UnionTypeNode;
  readonly isVariableDeclaration: (node: ts.Node) => node is ts.VariableDeclaration;
  readonly isVariableDeclarationList: (node: ts.Node) => node is ts.VariableDeclarationList;
  readonly forEachChild: <T>(node: ts.Node, visit: (node: ts.Node) => T | undefined) => T | undefined;
  /** The kinds compared by number, in this compiler's numbering. */
  readonly kind: {
    readonly TrueKeyword: number;
    readonly FalseKeyword: number;
    readonly NullKeyword: number;
    readonly ThisKeyword: number;
    readonly MinusToken: number;
    readonly PlusToken: number;
    readonly PrivateKeyword: number;
    readonly ProtectedKeyword: number;
    readonly TypeKeyword: number;
    readonly ExtendsKeyword: number;
    readonly KeyOfKeyword: number;
  };
}
