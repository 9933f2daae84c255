import type * as ts from "typescript";
import type { DefaultValue, Docs, OriginHandle, ParameterView, PropertyView, TupleElementView, TypeClass, TypeHandle, TypeUse, TypeView } from "./TypeView";
import { readInitializer } from "./readInitializer";
import { denotes, orderUnion } from "./sourceOrder";
import { readJsDoc, readParameterDoc } from "./readJsDoc";

const asHandle = (type: ts.Type) => type as unknown as TypeHandle;
const asType = (handle: TypeHandle) => handle as unknown as ts.Type;
const asOrigin = (node: ts.TypeNode | undefined) => node as unknown as OriginHandle | undefined;
const asNode = (origin: OriginHandle | undefined) => origin as unknown as ts.TypeNode | undefined;

/** Docs of the runtime's own tag types are not descriptions of the user's values. */
const TAG_MARKER = "schemaofTag";

/** The TypeScript 5/6 compiler API behind the TypeView: the `ts` instance ts-patch hands in. */
export function createTsTypeView(tsi: typeof ts, program: ts.Program): TypeView {
  const checker = program.getTypeChecker();
  const { TypeFlags, SymbolFlags, ObjectFlags } = tsi;
  const ids = new WeakMap<ts.Type, number>();
  const files = new Set<string>();
  let nextId = 1;

  const use = (type: ts.Type, origin?: ts.TypeNode): TypeUse => ({ type: asHandle(type), origin: asOrigin(origin) });
  const note = (declaration: ts.Declaration | undefined) => {
    const file = declaration?.getSourceFile();
    if (file && !program.isSourceFileDefaultLibrary(file)) files.add(file.fileName);
  };
  const platformFiles = new WeakMap<ts.SourceFile, boolean>();
  const isPlatformFile = (file: ts.SourceFile) => {
    let platform = platformFiles.get(file);
    if (platform === undefined) {
      platform = program.isSourceFileDefaultLibrary(file) || /[\\/]node_modules[\\/](@types[\\/]node|undici-types)[\\/]/.test(file.fileName);
      platformFiles.set(file, platform);
    }
    return platform;
  };
  /** A type node, when it still denotes this very type (a generic's `T` does not). */
  const originIf = (node: ts.TypeNode | undefined, type: ts.Type) => (node && denotes(tsi, checker, node, type) ? node : undefined);
  const objectFlags = (type: ts.Type) => (type.flags & TypeFlags.Object ? (type as ts.ObjectType).objectFlags : 0);

  /**
   * The documentation of the first declaration that has some. Read once per symbol: a type alias
   * such as a tag or a shared `Limit` is met at every property that uses it.
   */
  const docsRead = new WeakMap<ts.Symbol, Docs>();
  function docsOf(symbol: ts.Symbol): Docs {
    let docs = docsRead.get(symbol);
    if (!docs) docsRead.set(symbol, (docs = readDocsOf(symbol)));
    return docs;
  }
  function readDocsOf(symbol: ts.Symbol): Docs {
    for (const declaration of symbol.declarations ?? []) {
      const docs = tsi.isParameter(declaration) ? readParameterDoc(tsi, declaration) : readJsDoc(tsi, declaration);
      if (docs && (docs.text || docs.tags.length)) return docs;
    }
    return { tags: [] };
  }

  function initializerOf(declaration: ts.Declaration | undefined): DefaultValue | undefined {
    if (!declaration) return undefined;
    if (tsi.isPropertyDeclaration(declaration) || tsi.isParameter(declaration) || tsi.isBindingElement(declaration)) {
      return readInitializer(tsi, checker, declaration.initializer);
    }
    return undefined;
  }

  function declaredType(declaration: ts.Declaration | undefined): ts.TypeNode | undefined {
    if (declaration && (tsi.isPropertySignature(declaration) || tsi.isPropertyDeclaration(declaration) || tsi.isParameter(declaration))) return declaration.type;
    return undefined;
  }

  function visibilityOf(symbol: ts.Symbol, declaration: ts.Declaration | undefined): PropertyView["visibility"] {
    if (symbol.name.startsWith("#")) return "private";
    if (!declaration) return "public";
    const flags = tsi.getCombinedModifierFlags(declaration);
    return flags & tsi.ModifierFlags.Private ? "private" : flags & tsi.ModifierFlags.Protected ? "protected" : "public";
  }

  function declarationPosition(symbol: ts.Symbol): [string, number] | undefined {
    const declaration = symbol.declarations?.[0];
    return declaration ? [declaration.getSourceFile().fileName, declaration.pos] : undefined;
  }

  /** Without a written origin, the order depends on the union alone: computed once per union. */
  const unionOrders = new WeakMap<ts.UnionType, ts.Type[]>();
  const writtenUnions = new WeakMap<ts.TypeNode, TypeUse[]>();
  function orderedByDeclaration(union: ts.UnionType): ts.Type[] {
    let order = unionOrders.get(union);
    if (!order) unionOrders.set(union, (order = orderUnion(tsi, checker, union, undefined)));
    return order;
  }

  /** `limit: Limit` where `type Limit = Integer`: the checker knows the type as `Integer`, the source says `Limit`. */
  function aliasWritten(node: ts.TypeNode | undefined): ts.Symbol | undefined {
    if (!node || !tsi.isTypeReferenceNode(node)) return undefined;
    let symbol = checker.getSymbolAtLocation(node.typeName);
    if (symbol && symbol.flags & SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return symbol && symbol.flags & SymbolFlags.TypeAlias ? symbol : undefined;
  }

  /** The call signature a function type is described by: its first. */
  const firstSignature = (handle: TypeHandle): ts.Signature | undefined => checker.getSignaturesOfType(asType(handle), tsi.SignatureKind.Call)[0];

  /** The value type of an index signature whose key is a string (or a number). */
  function indexValue(handle: TypeHandle, keyFlag: ts.TypeFlags): TypeUse | undefined {
    const info = checker.getIndexInfosOfType(asType(handle)).find((i) => i.keyType.flags & keyFlag);
    return info ? use(info.type) : undefined;
  }

  /**
   * A property, read on demand: a tag's or a skipped member's type, docs and initializer are never
   * asked for. A class rather than an object literal with getters, which V8 builds slowly.
   */
  class Property implements PropertyView {
    readonly name: string;
    readonly optional: boolean;
    readonly member: PropertyView["member"];
    private readonly declaration: ts.Declaration | undefined;
    private propertyUse: TypeUse | undefined;

    constructor(private readonly symbol: ts.Symbol) {
      this.name = symbol.name;
      this.declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
      note(this.declaration);
      this.optional = (symbol.flags & SymbolFlags.Optional) !== 0;
      this.member = symbol.flags & SymbolFlags.Method ? "method" : symbol.flags & SymbolFlags.Accessor ? "accessor" : "field";
    }
    get use(): TypeUse {
      if (!this.propertyUse) {
        const propertyType = checker.getTypeOfSymbol(this.symbol);
        this.propertyUse = use(propertyType, originIf(declaredType(this.declaration), propertyType));
      }
      return this.propertyUse;
    }
    get visibility(): PropertyView["visibility"] {
      return visibilityOf(this.symbol, this.declaration);
    }
    get docs(): Docs {
      return docsOf(this.symbol);
    }
    get initializer(): DefaultValue | undefined {
      return initializerOf(this.declaration);
    }
  }

  const view: TypeView = {
    idOf(handle) {
      const type = asType(handle);
      let id = ids.get(type);
      if (id === undefined) ids.set(type, (id = nextId++));
      return id;
    },

    classify(handle): TypeClass {
      const flags = asType(handle).flags;
      if (flags & TypeFlags.Any) return "any";
      if (flags & TypeFlags.Unknown) return "unknown";
      if (flags & TypeFlags.Never) return "never";
      if (flags & TypeFlags.Boolean) return "boolean";
      if (flags & (TypeFlags.StringLiteral | TypeFlags.NumberLiteral | TypeFlags.BooleanLiteral | TypeFlags.BigIntLiteral)) return "literal";
      if (flags & TypeFlags.String) return "string";
      if (flags & TypeFlags.Number) return "number";
      if (flags & TypeFlags.BigInt) return "bigint";
      if (flags & TypeFlags.ESSymbolLike) return "symbol";
      if (flags & TypeFlags.Null) return "null";
      if (flags & TypeFlags.Undefined) return "undefined";
      if (flags & TypeFlags.Void) return "void";
      if (flags & TypeFlags.Union) return "union";
      if (flags & TypeFlags.Intersection) return "intersection";
      if (flags & TypeFlags.NonPrimitive) return "nonPrimitive";
      if (flags & TypeFlags.TemplateLiteral) return "templateLiteral";
      if (flags & TypeFlags.TypeParameter) return "typeParameter";
      if (flags & TypeFlags.Object) return "object";
      return "other";
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

    unionMembers(u) {
      const union = asType(u.type) as ts.UnionType;
      const node = asNode(u.origin);
      if (!node) return orderedByDeclaration(union).map((member) => use(member));
      let members = writtenUnions.get(node);
      if (!members) {
        // Each member keeps where it was written: `tags?: Tag[]` is `Tag[] | undefined`, its array member written as `Tag[]`.
        const writtenNodes = tsi.isUnionTypeNode(node) ? node.types : [node];
        const written = new Map(writtenNodes.map((n) => [checker.getTypeFromTypeNode(n), n] as const));
        members = orderUnion(tsi, checker, union, node).map((member) => use(member, written.get(member)));
        writtenUnions.set(node, members);
      }
      return members;
    },

    intersectionMembers(u) {
      const node = asNode(u.origin);
      return (asType(u.type) as ts.IntersectionType).types.map((member) => {
        const memberNode = node && tsi.isIntersectionTypeNode(node) ? node.types.find((n) => checker.getTypeFromTypeNode(n) === member) : undefined;
        return use(member, memberNode);
      });
    },

    templateParts(handle) {
      const type = asType(handle) as ts.TemplateLiteralType;
      return { texts: type.texts, holes: type.types.map((hole) => use(hole)) };
    },

    properties(u) {
      const type = asType(u.type);
      let symbols = checker.getPropertiesOfType(type).filter((symbol) => !symbol.name.startsWith("__@"));
      // Mapped types (Pick, Omit over a union of keys) list keys in the checker's union order: put
      // them back in declaration order when they all come from one file.
      if (objectFlags(type) & ObjectFlags.Mapped) {
        const positions = symbols.map(declarationPosition);
        if (positions.every((p) => p && p[0] === positions[0]![0])) {
          symbols = symbols.map((symbol, i) => ({ symbol, at: positions[i]![1] })).sort((a, b) => a.at - b.at).map((entry) => entry.symbol);
        }
      }
      return symbols.map((symbol) => new Property(symbol));
    },

    stringIndex: (handle) => indexValue(handle, TypeFlags.String),
    numberIndex: (handle) => indexValue(handle, TypeFlags.Number),

    arrayElement(u) {
      const type = asType(u.type);
      if (!checker.isArrayType(type)) return undefined;
      const element = checker.getTypeArguments(type as ts.TypeReference)[0];
      let node = asNode(u.origin);
      if (node && tsi.isTypeOperatorNode(node)) node = node.type;
      const elementNode = node && tsi.isArrayTypeNode(node) ? node.elementType : node && tsi.isTypeReferenceNode(node) ? node.typeArguments?.[0] : undefined;
      return use(element, originIf(elementNode, element));
    },

    tupleElements(u) {
      const type = asType(u.type);
      if (!checker.isTupleType(type)) return undefined;
      const target = (type as ts.TupleTypeReference).target;
      const args = checker.getTypeArguments(type as ts.TypeReference);
      let node = asNode(u.origin);
      if (node && tsi.isTypeOperatorNode(node)) node = node.type;
      const written = node && tsi.isTupleTypeNode(node) ? node.elements : undefined;
      return target.elementFlags.map((flags, i): TupleElementView => ({
        use: use(args[i], originIf(written && tupleElementNode(tsi, written[i]), args[i])),
        optional: (flags & tsi.ElementFlags.Optional) !== 0,
        rest: (flags & tsi.ElementFlags.Variable) !== 0,
      }));
    },

    callResult(handle) {
      const signature = firstSignature(handle);
      if (!signature) return undefined;
      const returned = checker.getReturnTypeOfSignature(signature);
      const awaited = checker.getAwaitedType(returned) ?? returned;
      const declared = signature.declaration && !tsi.isJSDocSignature(signature.declaration) ? signature.declaration.type : undefined;
      return use(awaited, originIf(declared, awaited));
    },

    callDocs(handle) {
      const declaration = firstSignature(handle)?.declaration;
      if (!declaration || tsi.isJSDocSignature(declaration)) return undefined;
      // An arrow function or function expression is documented on its variable: `/** … */ export const f = () => …`.
      const documented = (tsi.isArrowFunction(declaration) || tsi.isFunctionExpression(declaration)) && tsi.isVariableDeclaration(declaration.parent) ? declaration.parent : declaration;
      note(documented);
      return readJsDoc(tsi, documented);
    },

    callParameters(handle) {
      const signature = firstSignature(handle);
      if (!signature) return undefined;
      return signature.getParameters().map((symbol): ParameterView => {
        const declaration = symbol.valueDeclaration as ts.ParameterDeclaration | undefined;
        note(declaration);
        const type = checker.getTypeOfSymbol(symbol);
        const isParameter = declaration !== undefined && tsi.isParameter(declaration);
        const binding = isParameter && tsi.isObjectBindingPattern(declaration.name) ? declaration.name : undefined;
        return {
          name: symbol.name,
          use: use(type, originIf(isParameter ? declaration.type : undefined, type)),
          optional: isParameter && (declaration.questionToken !== undefined || declaration.initializer !== undefined),
          rest: isParameter && declaration.dotDotDotToken !== undefined,
          docs: docsOf(symbol),
          initializer: isParameter ? initializerOf(declaration) : undefined,
          bindings: binding && new Map(binding.elements.map((element) => [bindingName(tsi, element), initializerOf(element)] as const)),
        };
      });
    },

    hasConstructSignatures(handle) {
      return checker.getSignaturesOfType(asType(handle), tsi.SignatureKind.Construct).length > 0;
    },

    nameOf(handle) {
      const type = asType(handle);
      const alias = type.aliasSymbol;
      if (alias) {
        if (alias.declarations?.some((d) => isPlatformFile(d.getSourceFile()))) return undefined;
        const args = type.aliasTypeArguments;
        return args?.length ? `${alias.name}<${args.map((a) => checker.typeToString(a)).join(", ")}>` : alias.name;
      }
      const symbol = type.symbol;
      if (!symbol || !(symbol.flags & (SymbolFlags.Interface | SymbolFlags.Class | SymbolFlags.Enum))) return undefined;
      if (symbol.declarations?.some((d) => isPlatformFile(d.getSourceFile()))) return undefined;
      if (objectFlags(type) & ObjectFlags.Reference) {
        const reference = type as ts.TypeReference;
        const count = reference.target.typeParameters?.length ?? 0;
        const args = checker.getTypeArguments(reference).slice(0, count);
        if (args.length) return `${symbol.name}<${args.map((a) => checker.typeToString(a)).join(", ")}>`;
      }
      return symbol.name;
    },

    platformName(handle) {
      const symbol = asType(handle).symbol;
      const declarations = symbol?.declarations;
      if (!declarations?.length || !declarations.some((d) => isPlatformFile(d.getSourceFile()))) return undefined;
      return symbol.name;
    },

    isClass(handle) {
      return ((asType(handle).symbol?.flags ?? 0) & SymbolFlags.Class) !== 0;
    },

    typeDocs(u) {
      const type = asType(u.type);
      const symbol =
        aliasWritten(asNode(u.origin)) ??
        type.aliasSymbol ??
        (type.symbol && type.symbol.flags & (SymbolFlags.Interface | SymbolFlags.Class | SymbolFlags.Enum) ? type.symbol : undefined);
      if (!symbol || symbol.declarations?.some((d) => isPlatformFile(d.getSourceFile()))) return undefined;
      symbol.declarations?.forEach(note);
      const docs = docsOf(symbol);
      if (docs.tags.some((tag) => tag.name === TAG_MARKER)) return undefined;
      return docs.text || docs.tags.length ? docs : undefined;
    },

    display(handle) {
      return checker.typeToString(asType(handle));
    },

    dependencies() {
      return [...files];
    },
  };
  return view;
}

function bindingName(tsi: typeof ts, element: ts.BindingElement): string {
  const name = element.propertyName ?? element.name;
  return tsi.isIdentifier(name) || tsi.isStringLiteral(name) || tsi.isNumericLiteral(name) ? name.text : name.getText();
}

/** The type node of a tuple element as written: `[a: T]`, `[T?]` and `[...T[]]` are all `T`. */
function tupleElementNode(tsi: typeof ts, node: ts.TypeNode | undefined): ts.TypeNode | undefined {
  if (node && tsi.isNamedTupleMember(node)) node = node.dotDotDotToken && tsi.isArrayTypeNode(node.type) ? node.type.elementType : node.type;
  if (node && tsi.isOptionalTypeNode(node)) return node.type;
  if (node && tsi.isRestTypeNode(node)) return tsi.isArrayTypeNode(node.type) ? node.type.elementType : undefined;
  return node;
}
