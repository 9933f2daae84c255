import type * as ts from "typescript";
import type { Compiler, CSignature, CSymbol, CType, IndexInfo } from "./Compiler";
import { symbolKinds, syntaxOf } from "./syntaxOf";
import { platformFiles } from "./platformFiles";
import { classifyFlags, indexKeyOf } from "./classifyFlags";

const asType = (type: CType) => type as unknown as ts.Type;
const asTypes = (types: readonly ts.Type[]) => types as unknown as readonly CType[];
const toType = (type: ts.Type) => type as unknown as CType;
const asSymbol = (symbol: CSymbol) => symbol as unknown as ts.Symbol;
const toSymbol = (symbol: ts.Symbol) => symbol as unknown as CSymbol;
const asSignature = (signature: CSignature) => signature as unknown as ts.Signature;

/** A program's own source files: not declarations, not a library's. */
export function ownSourceFiles(program: ts.Program): ts.SourceFile[] {
  return program.getSourceFiles().filter((file) => !file.isDeclarationFile && !program.isSourceFileFromExternalLibrary(file));
}

/** TypeScript 5/6, in process: the `ts` instance ts-patch hands in and the program it compiles. */
export function fromTs(tsi: typeof ts, program: ts.Program): Compiler {
  const checker = program.getTypeChecker();
  const { TypeFlags, SymbolFlags, ObjectFlags } = tsi;
  const ids = new WeakMap<ts.Type, number>();
  let nextId = 1;
  const objectFlags = (type: ts.Type) => (type.flags & TypeFlags.Object ? (type as ts.ObjectType).objectFlags : 0);
  const symbolFlags = symbolKinds(SymbolFlags);

  /** Whether an interface has Array (or ReadonlyArray) among its bases, at any depth. */
  const derivesFromArray = (type: ts.Type): boolean =>
    (objectFlags(type) & ObjectFlags.Interface) !== 0 &&
    checker.getBaseTypes(type as ts.InterfaceType).some((base) => checker.isArrayType(base) || derivesFromArray(base));
  /**
   * `interface Tags extends Array<Tag> {}`, and `List<string>` of `interface List<T> extends
   * Array<T> {}`: an array to JSON (whatever else it declares, JSON.stringify writes the items),
   * its element what the type's number index gives, instantiated for this use.
   */
  const inheritedElement = (type: ts.Type): ts.Type | undefined => {
    const declared = objectFlags(type) & ObjectFlags.Reference ? (type as ts.TypeReference).target : type;
    if (!derivesFromArray(declared)) return undefined;
    return checker.getIndexInfoOfType(type, tsi.IndexKind.Number)?.type;
  };

  return {
    syntax: syntaxOf(tsi as unknown as Record<string, unknown>, tsi.SyntaxKind as unknown as Record<string, number>, (node, visit) =>
      tsi.forEachChild(node, visit),
    ),

    idOf(handle) {
      const type = asType(handle);
      let id = ids.get(type);
      if (id === undefined) ids.set(type, (id = nextId++));
      return id;
    },

    classify(handle) {
      const type = asType(handle) as { flags: number; intrinsicName?: string };
      return classifyFlags(type.flags, TypeFlags, type.intrinsicName);
    },

    literalValue(handle) {
      const type = asType(handle);
      if (type.isStringLiteral() || type.isNumberLiteral()) return type.value;
      if (type.flags & TypeFlags.BigIntLiteral) {
        const value = (type as ts.BigIntLiteralType).value;
        return BigInt(`${value.negative ? "-" : ""}${value.base10Value}`);
      }
      return (type as { intrinsicName?: string }).intrinsicName === "true";
    },

    members: (handle) => asTypes((asType(handle) as ts.UnionOrIntersectionType).types),

    templateParts(handle) {
      const type = asType(handle) as ts.TemplateLiteralType;
      return { texts: type.texts, types: asTypes(type.types) };
    },

    isMapped: (handle) => (objectFlags(asType(handle)) & ObjectFlags.Mapped) !== 0,

    symbolOf(handle) {
      const symbol = asType(handle).symbol as ts.Symbol | undefined;
      return symbol && toSymbol(symbol);
    },

    aliasOf(handle) {
      const type = asType(handle);
      return type.aliasSymbol ? { symbol: toSymbol(type.aliasSymbol), args: asTypes(type.aliasTypeArguments ?? []) } : undefined;
    },

    genericArguments(handle) {
      const type = asType(handle);
      if (!(objectFlags(type) & ObjectFlags.Reference)) return undefined;
      const reference = type as ts.TypeReference;
      const count = reference.target.typeParameters?.length ?? 0;
      return count ? asTypes(checker.getTypeArguments(reference).slice(0, count)) : undefined;
    },

    arrayElement(handle) {
      const type = asType(handle);
      if (checker.isArrayType(type)) return toType(checker.getTypeArguments(type as ts.TypeReference)[0]);
      const inherited = inheritedElement(type);
      return inherited && toType(inherited);
    },

    tupleElements(handle) {
      const type = asType(handle);
      if (!checker.isTupleType(type)) return undefined;
      const args = checker.getTypeArguments(type as ts.TypeReference);
      return (type as ts.TupleTypeReference).target.elementFlags.map((flags, i) => ({
        type: toType(args[i]),
        optional: (flags & tsi.ElementFlags.Optional) !== 0,
        rest: (flags & tsi.ElementFlags.Variable) !== 0,
      }));
    },

    properties: (handle) => checker.getPropertiesOfType(asType(handle)) as unknown as readonly CSymbol[],

    indexInfos(handle) {
      return checker.getIndexInfosOfType(asType(handle)).map((info): IndexInfo => ({
        key: indexKeyOf(info.keyType.flags, TypeFlags),
        keyType: toType(info.keyType),
        type: toType(info.type),
        declaration: info.declaration,
      }));
    },

    signatures: (handle, kind) =>
      checker.getSignaturesOfType(asType(handle), kind === "call" ? tsi.SignatureKind.Call : tsi.SignatureKind.Construct) as unknown as readonly CSignature[],

    awaited(handle) {
      const type = asType(handle);
      return toType(checker.getAwaitedType(type) ?? type);
    },

    typeToString: (handle) => checker.typeToString(asType(handle)),
    typeFromTypeNode: (node) => toType(checker.getTypeFromTypeNode(node)),
    typeAtLocation: (node) => toType(checker.getTypeAtLocation(node)),

    parameters: (signature) => asSignature(signature).getParameters() as unknown as readonly CSymbol[],
    returnType: (signature) => toType(checker.getReturnTypeOfSignature(asSignature(signature))),
    signatureDeclaration(signature) {
      const declaration = asSignature(signature).declaration;
      return declaration && !tsi.isJSDocSignature(declaration) ? declaration : undefined;
    },
    resolvedDeclaration: (call) => checker.getResolvedSignature(call)?.declaration,

    symbolName: (symbol) => asSymbol(symbol).name,
    symbolIs: (symbol, kind) => (asSymbol(symbol).flags & symbolFlags[kind]) !== 0,
    declarations: (symbol) => asSymbol(symbol).declarations ?? [],
    valueDeclaration: (symbol) => asSymbol(symbol).valueDeclaration,
    typeOfSymbol: (symbol) => toType(checker.getTypeOfSymbol(asSymbol(symbol))),
    symbolAtLocation(node) {
      const symbol = checker.getSymbolAtLocation(node);
      return symbol && toSymbol(symbol);
    },
    aliasedSymbol: (symbol) => toSymbol(checker.getAliasedSymbol(asSymbol(symbol))),

    constantValue: (node) => checker.getConstantValue(node as ts.PropertyAccessExpression),

    isPlatformFile: platformFiles((file) => program.isSourceFileDefaultLibrary(file)),
  };
}
