import type * as ts from "typescript";
import type { Compiler, CSignature, CSymbol, CType, IndexInfo } from "./Compiler";
import { symbolKinds, syntaxOf } from "./syntaxOf";
import { platformFiles } from "./platformFiles";
import { classifyFlags, indexKeyOf } from "./classifyFlags";
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
  getTypeAtLocation(nodes: readonly ts.Node[]): (T7Type | undefined)[];
  getSymbolAtLocation(node: ts.Node): T7Symbol | undefined;
  getSymbolAtLocation(nodes: readonly ts.Node[]): (T7Symbol | undefined)[];
  getAliasedSymbol(symbol: T7Symbol): T7Symbol;
  getTypeOfSymbol(symbol: T7Symbol): T7Type | undefined;
  getTypeOfSymbol(symbols: readonly T7Symbol[]): (T7Type | undefined)[];
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
  getBaseTypes(type: T7Type): readonly T7Type[];
}
export interface T7Program {
  getSourceFile(fileName: string): ts.SourceFile | undefined;
  getSourceFileNames?(): readonly string[];
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
export function fromTs7(ts7: Ts7, program: T7Program, remote: T7Checker): Compiler {
  const syntax = syntaxOf(
    ts7.ast,
    ts7.ast.SyntaxKind,
    (node, visit) => (node as unknown as { forEachChild<T>(visit: (node: ts.Node) => T): T | undefined }).forEachChild(visit),
    {
      isParameter: "isParameterDeclaration",
      isPropertySignature: "isPropertySignatureDeclaration",
      isTypeAssertionExpression: "isTypeAssertion",
    },
  );
  // The default libraries sit beside the compiler's executable; by path, no round trip per file.
  const isPlatformFile = platformFiles((file) => (ts7.libDir ? file.fileName.startsWith(ts7.libDir) : program.isSourceFileDefaultLibrary(file)));
  const checker = remembering(remote, isPlatformFile, syntax);
  const { TypeFlags, SymbolFlags, ObjectFlags, ElementFlags, SignatureKind } = ts7.api;
  const resolved = new Map<Handle, ts.Node | undefined>();
  const resolve = (handle: Handle | undefined) => {
    if (!handle) return undefined;
    if (!resolved.has(handle)) resolved.set(handle, handle.resolve());
    return resolved.get(handle) as ts.Declaration | undefined;
  };
  const declarationsOf = new Map<T7Symbol, readonly ts.Declaration[]>();
  const symbolFlags = symbolKinds(SymbolFlags);
  /** The checker answers undefined only where TypeScript 5 gives its error type: the call is reported as a fault of ours, never analysed as `any`. */
  const must = (type: T7Type | undefined, what: string): T7Type => {
    if (!type) throw new Error(`TypeScript 7 gave no type for ${what}`);
    return type;
  };
  // A type's own questions are round trips too; each is asked once.
  const typesOf = once((type: T7Type) => type.getTypes() ?? []);
  const symbolOfType = once((type: T7Type) => type.getSymbol());
  const targetOf = once((type: T7Type) => type.getTarget());
  const aliasOfType = once((type: T7Type) => {
    const symbol = type.getAliasSymbol();
    return symbol ? { symbol: toSymbol(symbol), args: asTypes(type.getAliasTypeArguments() ?? []) } : undefined;
  });
  /**
   * Whether an object type has call or construct signatures or an index signature, read off its
   * declarations when they say it all (an interface or class with no `extends`, an object literal
   * type): each question asked of the checker instead is a round trip, for most types to hear "none".
   */
  const declaredMembers = once((type: T7Type): { call: boolean; construct: boolean; index: boolean } | undefined => {
    if (!(type.flags & TypeFlags.Object)) return undefined;
    const symbol = symbolOfType(type);
    const declarations = symbol ? compiler.declarations(toSymbol(symbol)) : [];
    const ast = ts7.ast;
    const instance = (type.objectFlags & (ObjectFlags.Class | ObjectFlags.Interface | ObjectFlags.Reference)) !== 0;
    const plain =
      declarations.length > 0 &&
      declarations.every((d) =>
        ast.isTypeLiteralNode(d)
          ? (type.objectFlags & ObjectFlags.Anonymous) !== 0
          : (ast.isInterfaceDeclaration(d) || ast.isClassDeclaration(d)) && instance && !(d as ts.InterfaceDeclaration).heritageClauses?.length,
      );
    if (!plain) return undefined;
    const members = declarations.flatMap((d) => [...((d as ts.InterfaceDeclaration).members ?? [])]);
    const classes = declarations.some((d) => ast.isClassDeclaration(d));
    return {
      call: !classes && members.some((m) => ast.isCallSignatureDeclaration(m)),
      construct: !classes && members.some((m) => ast.isConstructSignatureDeclaration(m)),
      index: members.some((m) => ast.isIndexSignatureDeclaration(m)),
    };
  });
  const isReference = (type: T7Type) => (type.flags & TypeFlags.Object) !== 0 && (type.objectFlags & ObjectFlags.Reference) !== 0;
  /** Whether an interface declared with `extends` has Array (or ReadonlyArray) among its bases, at any depth. */
  const derivesFromArray = once((type: T7Type): boolean => {
    if (!(type.flags & TypeFlags.Object) || !(type.objectFlags & ObjectFlags.Interface)) return false;
    const symbol = symbolOfType(type);
    const declarations = symbol ? compiler.declarations(toSymbol(symbol)) : [];
    if (!declarations.some((d) => ts7.ast.isInterfaceDeclaration(d) && (d as ts.InterfaceDeclaration).heritageClauses?.length)) return false;
    return checker.getBaseTypes(type).some((base) => (isReference(base) && checker.isArrayType(base)) || derivesFromArray(base));
  });
  /**
   * `interface Tags extends Array<Tag> {}`, and `List<string>` of `interface List<T> extends
   * Array<T> {}`: the element is what the type's number index gives, instantiated for this use.
   */
  const inheritedElement = once((type: T7Type): T7Type | undefined => {
    const declared = type.objectFlags & ObjectFlags.Interface ? type : isReference(type) ? targetOf(type) : undefined;
    if (!declared || !derivesFromArray(declared)) return undefined;
    return checker.getIndexInfosOfType(type).find((info) => info.keyType.flags & TypeFlags.Number)?.valueType;
  });
  const isPromise = (type: T7Type) => {
    const symbol = symbolOfType(type);
    return (
      (symbol?.name === "Promise" || symbol?.name === "PromiseLike") && symbol.declarations?.some((d) => compiler.isPlatformFile(resolve(d)!.getSourceFile()))
    );
  };

  const compiler: Compiler = {
    syntax,

    idOf: (handle) => asType(handle).id,

    classify(handle) {
      const type = asType(handle) as { flags: number; intrinsicName?: string };
      return classifyFlags(type.flags, TypeFlags, type.intrinsicName);
    },

    literalValue(handle) {
      const value = asType(handle).value;
      if (value !== null && typeof value === "object") return BigInt(`${value.negative ? "-" : ""}${value.base10Value}`);
      return value as string | number | boolean | bigint;
    },

    members: (handle) => asTypes(typesOf(asType(handle))),

    templateParts(handle) {
      const type = asType(handle);
      return { texts: type.texts ?? [], types: asTypes(typesOf(type)) };
    },

    isMapped: (handle) => (asType(handle).objectFlags & ObjectFlags.Mapped) !== 0,

    symbolOf(handle) {
      const symbol = symbolOfType(asType(handle));
      return symbol && toSymbol(symbol);
    },

    aliasOf: (handle) => aliasOfType(asType(handle)),

    genericArguments(handle) {
      const type = asType(handle);
      if (!isReference(type)) return undefined;
      const count = targetOf(type).getTypeParameters().length;
      return count ? asTypes(checker.getTypeArguments(type).slice(0, count)) : undefined;
    },

    // Arrays and tuples are references to a generic type; an interface or an object literal's type is not, and needs no round trip.
    arrayElement(handle) {
      const type = asType(handle);
      if (isReference(type) && checker.isArrayType(type)) return toType(checker.getTypeArguments(type)[0]);
      const inherited = inheritedElement(type);
      return inherited && toType(inherited);
    },

    tupleElements(handle) {
      const type = asType(handle);
      if (!isReference(type) || !checker.isTupleType(type)) return undefined;
      const args = checker.getTypeArguments(type);
      return (targetOf(type).elementFlags ?? []).map((flags, i) => ({
        type: toType(args[i]),
        optional: (flags & ElementFlags.Optional) !== 0,
        rest: (flags & ElementFlags.Variable) !== 0,
      }));
    },

    properties(handle) {
      const symbols = checker.getPropertiesOfType(asType(handle));
      checker.typesOfProperties(symbols);
      return symbols.map(toSymbol);
    },

    indexInfos(handle) {
      if (declaredMembers(asType(handle))?.index === false) return [];
      return checker.getIndexInfosOfType(asType(handle)).map((info): IndexInfo => {
        const declaration = resolve(info.declaration);
        return {
          key: indexKeyOf(info.keyType.flags, TypeFlags),
          keyType: toType(info.keyType),
          type: toType(info.valueType),
          declaration: declaration as ts.IndexSignatureDeclaration | undefined,
        };
      });
    },

    signatures(handle, kind) {
      const type = asType(handle);
      const declared = declaredMembers(type);
      if (declared && !declared[kind]) return [];
      return checker.getSignaturesOfType(type, kind === "call" ? SignatureKind.Call : SignatureKind.Construct) as unknown as readonly CSignature[];
    },

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

    isPlatformFile,
  };
  return compiler;
}

/** `fn`, asked once per argument: within one snapshot every answer stays true. */
function once<A, R>(fn: (argument: A) => R): (argument: A) => R {
  const answers = new Map<A, R>();
  return (argument) => {
    if (answers.has(argument)) return answers.get(argument)!;
    const answer = fn(argument);
    answers.set(argument, answer);
    return answer;
  };
}

/**
 * The checker, each question asked of the compiler process once, and in batches where the API
 * takes arrays: a round trip costs 25–70 µs, while the types of all 6,700 type nodes of a
 * 200-file project come back in one request of about 35 ms. So the first question about a type
 * node of a file asks for every type node of that file, and the first about a property's type
 * asks for every property of its object at once.
 */
function remembering(
  checker: T7Checker,
  isPlatformFile: (file: ts.SourceFile) => boolean,
  syntax: Compiler["syntax"],
): T7Checker & { typesOfProperties(symbols: readonly T7Symbol[]): void } {
  const signatures = [once((type: T7Type) => checker.getSignaturesOfType(type, 0)), once((type: T7Type) => checker.getSignaturesOfType(type, 1))];
  const typeOfNode = new Map<ts.Node, T7Type | undefined>();
  const filesAsked = new Set<ts.SourceFile>();
  const typeOfSymbol = new Map<T7Symbol, T7Type | undefined>();
  const askFile = (file: ts.SourceFile) => {
    filesAsked.add(file);
    if (isPlatformFile(file)) return;
    const nodes: ts.Node[] = [];
    const names: ts.Node[] = [];
    const walk = (node: ts.Node): undefined => {
      if (syntax.isTypeNode(node)) nodes.push(node);
      if (syntax.isTypeReferenceNode(node)) names.push(node.typeName);
      syntax.forEachChild(node, walk);
      return undefined;
    };
    walk(file);
    if (nodes.length > 50_000) return;
    if (nodes.length > 0) checker.getTypeAtLocation(nodes).forEach((type, i) => typeOfNode.set(nodes[i], type));
    if (names.length > 0) checker.getSymbolAtLocation(names).forEach((symbol, i) => symbolOfNode.set(names[i], symbol));
  };
  const symbolOfNode = new Map<ts.Node, T7Symbol | undefined>();
  const typeFromTypeNode = (node: ts.Node) => {
    if (!typeOfNode.has(node)) {
      const file = node.getSourceFile();
      if (!filesAsked.has(file)) askFile(file);
      if (!typeOfNode.has(node)) typeOfNode.set(node, checker.getTypeFromTypeNode(node));
    }
    return typeOfNode.get(node);
  };
  return {
    getTypeFromTypeNode: typeFromTypeNode,
    getTypeAtLocation: once((node: ts.Node) => checker.getTypeAtLocation(node)) as T7Checker["getTypeAtLocation"],
    getSymbolAtLocation: ((node: ts.Node) => {
      if (!symbolOfNode.has(node)) symbolOfNode.set(node, checker.getSymbolAtLocation(node));
      return symbolOfNode.get(node);
    }) as T7Checker["getSymbolAtLocation"],
    getAliasedSymbol: once((symbol) => checker.getAliasedSymbol(symbol)),
    getTypeOfSymbol: ((symbol: T7Symbol) => {
      if (!typeOfSymbol.has(symbol)) typeOfSymbol.set(symbol, checker.getTypeOfSymbol(symbol));
      return typeOfSymbol.get(symbol);
    }) as T7Checker["getTypeOfSymbol"],
    typesOfProperties(symbols) {
      const missing = symbols.filter((symbol) => !typeOfSymbol.has(symbol));
      if (missing.length > 1) checker.getTypeOfSymbol(missing).forEach((type, i) => typeOfSymbol.set(missing[i], type));
    },
    getPropertiesOfType: once((type) => checker.getPropertiesOfType(type)),
    getIndexInfosOfType: once((type) => checker.getIndexInfosOfType(type)),
    getSignaturesOfType: (type, kind) => (kind === 0 || kind === 1 ? signatures[kind](type) : checker.getSignaturesOfType(type, kind)),
    getResolvedSignature: once((node) => checker.getResolvedSignature(node)),
    getReturnTypeOfSignature: once((signature) => checker.getReturnTypeOfSignature(signature)),
    getTypeArguments: once((type) => checker.getTypeArguments(type)),
    isArrayType: once((type) => checker.isArrayType(type)),
    isTupleType: once((type) => checker.isTupleType(type)),
    typeToString: once((type) => checker.typeToString(type)),
    getConstantValue: once((node) => checker.getConstantValue(node)),
    getAwaitedType: checker.getAwaitedType && once((type: T7Type) => checker.getAwaitedType!(type)),
    getBaseTypes: once((type) => checker.getBaseTypes(type)),
  };
}
