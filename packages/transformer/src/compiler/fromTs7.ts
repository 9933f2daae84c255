import type * as ts from "typescript";
import type { Compiler, CSignature, CSymbol, CType, IndexInfo } from "./Compiler";
import { symbolKinds, syntaxOf } from "./syntaxOf";
import { platformFiles } from "./platformFiles";
import { classifyFlags } from "./classifyFlags";
import type { Ts7 } from "./loadTs7";

// TypeScript 7's API objects, as far as schemaof reads them. Its declarations ship with the
// compiler a project installs, not with schemaof, so they are described here by shape.
interface Handle {
  resolve(): ts.Node | undefined;
}
interface T7Symbol {
  readonly name: string;
  readonly flags: number;
  readonly declarations?: readonly Handle[];
  readonly valueDeclaration?: Handle;
}
interface T7Type {
  readonly id: number;
  readonly flags: number;
  readonly objectFlags: number;
  readonly value?: string | number | boolean | bigint | { negative: boolean; base10Value: string };
  readonly texts?: readonly string[];
  getSymbol(): T7Symbol | undefined;
  getAliasSymbol(): T7Symbol | undefined;
  getAliasTypeArguments(): readonly T7Type[];
  getTypes(): readonly T7Type[] | undefined;
  getTarget(): T7Type & { readonly elementFlags?: readonly number[]; getTypeParameters(): readonly T7Type[] };
}
interface T7Signature {
  readonly declaration?: Handle;
  getParameters(): readonly T7Symbol[];
}
export interface T7Checker {
  getTypeFromTypeNode(node: ts.Node): T7Type | undefined;
  getTypeAtLocation(node: ts.Node): T7Type | undefined;
  getSymbolAtLocation(node: ts.Node): T7Symbol | undefined;
  getAliasedSymbol(symbol: T7Symbol): T7Symbol;
  getTypeOfSymbol(symbol: T7Symbol): T7Type | undefined;
  getPropertiesOfType(type: T7Type): readonly T7Symbol[];
  getIndexInfosOfType(type: T7Type): readonly { keyType: T7Type; valueType: T7Type; declaration?: Handle }[];
  getSignaturesOfType(type: T7Type, kind: number): readonly T7Signature[];
  getResolvedSignature(node: ts.Node): T7Signature | undefined;
  getReturnTypeOfSignature(signature: T7Signature): T7Type | undefined;
  getTypeArguments(type: T7Type): readonly T7Type[];
  isArrayType(type: T7Type): boolean;
  isTupleType(type: T7Type): boolean;
  typeToString(type: T7Type): string;
  getConstantValue(node: ts.Node): string | number | undefined;
  getAwaitedType?(type: T7Type): T7Type | undefined;
}
export interface T7Program {
  getSourceFile(fileName: string): ts.SourceFile | undefined;
  isSourceFileDefaultLibrary(file: ts.SourceFile): boolean;
}

const asType = (type: CType) => type as unknown as T7Type;
const toType = (type: T7Type) => type as unknown as CType;
const asTypes = (types: readonly T7Type[]) => types as unknown as readonly CType[];
const asSymbol = (symbol: CSymbol) => symbol as unknown as T7Symbol;
const toSymbol = (symbol: T7Symbol) => symbol as unknown as CSymbol;
const asSignature = (signature: CSignature) => signature as unknown as T7Signature;

/**
 * TypeScript 7 over its API: the same questions as fromTs, asked of the Go checker through the
 * pipe. Declarations come back as handles, resolved to the API's JavaScript AST, whose nodes have
 * TypeScript 5's shapes. What TypeScript 7.0's API lacks is read another way: awaited types from
 * `Promise`'s type argument, enum members' values from their literal types.
 */
export function fromTs7(ts7: Ts7, program: T7Program, checker: T7Checker): Compiler {
  const { TypeFlags, SymbolFlags, ObjectFlags, ElementFlags, SignatureKind } = ts7.api;
  const resolved = new Map<Handle, ts.Node | undefined>();
  const resolve = (handle: Handle | undefined) => {
    if (!handle) return undefined;
    if (!resolved.has(handle)) resolved.set(handle, handle.resolve());
    return resolved.get(handle) as ts.Declaration | undefined;
  };
  const declarationsOf = new Map<T7Symbol, readonly ts.Declaration[]>();
  const symbolFlags = symbolKinds(SymbolFlags);
  /** The checker answers undefined only where TypeScript 5 gives its error type; `any` keeps the analysis going. */
  const must = (type: T7Type | undefined, what: string): T7Type => {
    if (!type) throw new Error(`TypeScript 7 gave no type for ${what}`);
    return type;
  };
  const isPromise = (type: T7Type) => {
    const symbol = type.getSymbol();
    return (symbol?.name === "Promise" || symbol?.name === "PromiseLike") && symbol.declarations?.some((d) => compiler.isPlatformFile(resolve(d)!.getSourceFile()));
  };

  const compiler: Compiler = {
    syntax: syntaxOf(ts7.ast, ts7.ast.SyntaxKind, (node, visit) => (node as unknown as { forEachChild<T>(visit: (node: ts.Node) => T): T | undefined }).forEachChild(visit), {
      isParameter: "isParameterDeclaration",
      isPropertySignature: "isPropertySignatureDeclaration",
      isTypeAssertionExpression: "isTypeAssertion",
    }),

    idOf: (handle) => asType(handle).id,

    classify: (handle) => classifyFlags(asType(handle).flags, TypeFlags),

    literalValue(handle) {
      const value = asType(handle).value;
      if (value !== null && typeof value === "object") return BigInt(`${value.negative ? "-" : ""}${value.base10Value}`);
      return value as string | number | boolean | bigint;
    },

    members: (handle) => asTypes(asType(handle).getTypes() ?? []),

    templateParts(handle) {
      const type = asType(handle);
      return { texts: type.texts ?? [], types: asTypes(type.getTypes() ?? []) };
    },

    isMapped: (handle) => (asType(handle).objectFlags & ObjectFlags.Mapped) !== 0,

    symbolOf(handle) {
      const symbol = asType(handle).getSymbol();
      return symbol && toSymbol(symbol);
    },

    aliasOf(handle) {
      const type = asType(handle);
      const symbol = type.getAliasSymbol();
      return symbol ? { symbol: toSymbol(symbol), args: asTypes(type.getAliasTypeArguments() ?? []) } : undefined;
    },

    genericArguments(handle) {
      const type = asType(handle);
      if (!(type.flags & TypeFlags.Object) || !(type.objectFlags & ObjectFlags.Reference)) return undefined;
      const count = type.getTarget().getTypeParameters().length;
      return count ? asTypes(checker.getTypeArguments(type).slice(0, count)) : undefined;
    },

    arrayElement(handle) {
      const type = asType(handle);
      return checker.isArrayType(type) ? toType(checker.getTypeArguments(type)[0]) : undefined;
    },

    tupleElements(handle) {
      const type = asType(handle);
      if (!checker.isTupleType(type)) return undefined;
      const args = checker.getTypeArguments(type);
      return (type.getTarget().elementFlags ?? []).map((flags, i) => ({
        type: toType(args[i]),
        optional: (flags & ElementFlags.Optional) !== 0,
        rest: (flags & ElementFlags.Variable) !== 0,
      }));
    },

    properties: (handle) => checker.getPropertiesOfType(asType(handle)).map(toSymbol),

    indexInfos(handle) {
      return checker.getIndexInfosOfType(asType(handle)).map((info): IndexInfo => {
        const declaration = resolve(info.declaration);
        return {
          key: info.keyType.flags & TypeFlags.String ? "string" : info.keyType.flags & TypeFlags.Number ? "number" : "other",
          type: toType(info.valueType),
          declaration: declaration as ts.IndexSignatureDeclaration | undefined,
        };
      });
    },

    signatures: (handle, kind) =>
      checker.getSignaturesOfType(asType(handle), kind === "call" ? SignatureKind.Call : SignatureKind.Construct) as unknown as readonly CSignature[],

    awaited(handle) {
      let type = asType(handle);
      // TypeScript 7.1 has getAwaitedType; 7.0 reads what a Promise resolves to off its type argument.
      if (checker.getAwaitedType) return toType(checker.getAwaitedType(type) ?? type);
      for (let depth = 0; depth < 8 && isPromise(type); depth++) type = checker.getTypeArguments(type)[0] ?? type;
      return toType(type);
    },

    typeToString: (handle) => checker.typeToString(asType(handle)),
    typeFromTypeNode: (node) => toType(must(checker.getTypeFromTypeNode(node), node.getText())),
    typeAtLocation: (node) => toType(must(checker.getTypeAtLocation(node), node.getText())),

    parameters: (signature) => asSignature(signature).getParameters().map(toSymbol),
    returnType: (signature) => toType(must(checker.getReturnTypeOfSignature(asSignature(signature)), "a return type")),
    signatureDeclaration(signature) {
      const declaration = resolve(asSignature(signature).declaration);
      return declaration && !ts7.ast.isJSDocSignature(declaration) ? (declaration as ts.SignatureDeclaration) : undefined;
    },
    resolvedDeclaration: (call) => resolve(checker.getResolvedSignature(call)?.declaration),

    symbolName: (symbol) => asSymbol(symbol).name,
    symbolIs: (symbol, kind) => (asSymbol(symbol).flags & symbolFlags[kind]) !== 0,
    declarations(symbol) {
      const own = asSymbol(symbol);
      let found = declarationsOf.get(own);
      if (!found) declarationsOf.set(own, (found = (own.declarations ?? []).map(resolve).filter((d): d is ts.Declaration => d !== undefined)));
      return found;
    },
    valueDeclaration: (symbol) => resolve(asSymbol(symbol).valueDeclaration),
    typeOfSymbol: (symbol) => toType(must(checker.getTypeOfSymbol(asSymbol(symbol)), asSymbol(symbol).name)),
    symbolAtLocation(node) {
      const symbol = checker.getSymbolAtLocation(node);
      return symbol && toSymbol(symbol);
    },
    aliasedSymbol: (symbol) => toSymbol(checker.getAliasedSymbol(asSymbol(symbol))),

    constantValue: (node) => checker.getConstantValue(node),

    isPlatformFile: platformFiles((file) => program.isSourceFileDefaultLibrary(file)),
  };
  return compiler;
}
