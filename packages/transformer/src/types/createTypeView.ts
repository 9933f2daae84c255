import type * as ts from "typescript";
import type { Compiler, CSignature, CSymbol, CType } from "../compiler/Compiler";
import type { DefaultValue, Docs, OriginHandle, ParameterView, PropertyView, TupleElementView, TypeHandle, TypeUse, TypeView } from "./TypeView";
import { readInitializer } from "./readInitializer";
import { noteWrittenUnions, orderUnion } from "./sourceOrder";
import { denotes } from "./denotes";
import { shapeNode } from "./shapeNode";
import { printType } from "./printType";
import { readJsDoc, readParameterDoc } from "./readJsDoc";
import { orderProperties } from "./orderProperties";
import { symbolNamed } from "../compiler/symbolNamed";

const asHandle = (type: CType) => type as unknown as TypeHandle;
const asType = (handle: TypeHandle) => handle as unknown as CType;
const asOrigin = (node: ts.TypeNode | undefined) => node as unknown as OriginHandle | undefined;
const asNode = (origin: OriginHandle | undefined) => origin as unknown as ts.TypeNode | undefined;

/** Docs of the runtime's own tag types are not descriptions of the user's values. */
const TAG_MARKER = "schemaofTag";

/**
 * The TypeView over any TypeScript compiler: the questions the analysis asks, answered from the
 * checker and the declarations' syntax, the same way on TypeScript 5, 6 and 7.
 */
export function createTypeView(compiler: Compiler): TypeView {
  const { syntax } = compiler;
  const files = new Set<string>();

  const use = (type: CType, origin?: ts.TypeNode): TypeUse => ({ type: asHandle(type), origin: asOrigin(origin) });
  const note = (declaration: ts.Node | undefined) => {
    const file = declaration?.getSourceFile();
    if (file && !compiler.isPlatformFile(file)) files.add(file.fileName);
  };
  const isPlatformSymbol = (symbol: CSymbol) => compiler.declarations(symbol).some((d) => compiler.isPlatformFile(d.getSourceFile()));
  /** A type node, when it still denotes this very type (a generic's `T` does not). */
  const originIf = (node: ts.TypeNode | undefined, type: CType) => (node && denotes(compiler, node, type) ? node : undefined);

  /**
   * The documentation of the first declaration that has some. Read once per symbol: a type alias
   * such as a tag or a shared `Limit` is met at every property that uses it.
   */
  const docsRead = new Map<CSymbol, Docs>();
  // A type's text, asked once: a diagnostic can print the same types many times (each cycle's path).
  const displayed = new Map<CType, string>();
  // Each interface's declarations with its bases', ranked (orderProperties): read once per symbol.
  const containerRanks = new Map<CSymbol, Map<ts.Node, number>>();
  const propertiesRead = new Map<CType, Map<ts.TypeNode | undefined, readonly Property[]>>();
  function docsOf(symbol: CSymbol): Docs {
    let docs = docsRead.get(symbol);
    if (!docs) docsRead.set(symbol, (docs = readDocsOf(symbol)));
    return docs;
  }
  function readDocsOf(symbol: CSymbol): Docs {
    for (const declaration of compiler.declarations(symbol)) {
      const docs = syntax.isParameter(declaration) ? readParameterDoc(syntax, declaration) : readJsDoc(syntax, declaration);
      if (docs && (docs.text || docs.tags.length)) return docs;
    }
    return { tags: [] };
  }

  function initializerOf(declaration: ts.Node | undefined): DefaultValue | undefined {
    if (declaration && (syntax.isPropertyDeclaration(declaration) || syntax.isParameter(declaration) || syntax.isBindingElement(declaration))) {
      return readInitializer(compiler, declaration.initializer);
    }
    return undefined;
  }

  function declaredType(declaration: ts.Node | undefined): ts.TypeNode | undefined {
    if (declaration && (syntax.isPropertySignature(declaration) || syntax.isPropertyDeclaration(declaration) || syntax.isParameter(declaration)))
      return declaration.type;
    return undefined;
  }

  function visibilityOf(symbol: CSymbol, declaration: ts.Node | undefined): PropertyView["visibility"] {
    // `#hidden`; TypeScript 7 names it by its escaped form, `__#1@#hidden`.
    if (/^(?:__#\d+@)?#/.test(compiler.symbolName(symbol))) return "private";
    const modifiers = declaration && (declaration as { modifiers?: ts.NodeArray<ts.ModifierLike> }).modifiers;
    if (modifiers?.some((m) => m.kind === syntax.kind.PrivateKeyword)) return "private";
    if (modifiers?.some((m) => m.kind === syntax.kind.ProtectedKeyword)) return "protected";
    return "public";
  }

  /** Without a written origin, the order depends on the union alone: computed once per union. */
  const unionOrders = new Map<CType, TypeUse[]>();
  const writtenUnions = new Map<ts.TypeNode, TypeUse[]>();

  /** `limit: Limit` where `type Limit = Integer`: the checker knows the type as `Integer`, the source says `Limit`. */
  function aliasWritten(node: ts.TypeNode | undefined): CSymbol | undefined {
    if (!node || !syntax.isTypeReferenceNode(node)) return undefined;
    const symbol = symbolNamed(compiler, node.typeName);
    return symbol && compiler.symbolIs(symbol, "typeAlias") ? symbol : undefined;
  }

  /** The interface, class or enum a type is an instance of: the name it was declared under. */
  function declaredName(type: CType): CSymbol | undefined {
    const symbol = compiler.symbolOf(type);
    return symbol && (compiler.symbolIs(symbol, "interface") || compiler.symbolIs(symbol, "class") || compiler.symbolIs(symbol, "enum")) ? symbol : undefined;
  }

  /** The array or tuple node a written type is (`readonly (A | B)[]`, `Pair` of `type Pair = [A, B]`). */
  function writtenCollection(node: ts.TypeNode | undefined): ts.TypeNode | undefined {
    const shaped = shapeNode(compiler, node);
    return shaped && syntax.isTypeOperatorNode(shaped) ? shapeNode(compiler, shaped.type) : shaped;
  }

  /** The call signature a function type is described by: its first. */
  const firstSignature = (handle: TypeHandle): CSignature | undefined => compiler.signatures(asType(handle), "call")[0];

  /** The value type of the index signature whose key is plain `string`. */
  function stringIndex(handle: TypeHandle): TypeUse | undefined {
    const info = compiler.indexInfos(asType(handle)).find((i) => i.key === "string");
    return info ? use(info.type, originIf(info.declaration?.type, info.type)) : undefined;
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

    constructor(private readonly symbol: CSymbol) {
      this.name = compiler.symbolName(symbol);
      this.declaration = compiler.valueDeclaration(symbol) ?? compiler.declarations(symbol)[0];
      this.noted();
      this.optional = compiler.symbolIs(symbol, "optional");
      this.member = compiler.symbolIs(symbol, "method") ? "method" : compiler.symbolIs(symbol, "accessor") ? "accessor" : "field";
    }
    /** Its file is one the analysis that reads it depends on: said again each time it is read. */
    noted(): void {
      note(this.declaration);
    }
    get use(): TypeUse {
      if (!this.propertyUse) {
        const propertyType = compiler.typeOfSymbol(this.symbol);
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
    get untyped(): boolean {
      const declaration = this.declaration;
      const bare = declaration !== undefined && (syntax.isPropertyDeclaration(declaration) || syntax.isPropertySignature(declaration)) && !declaration.type;
      return bare && !(declaration as ts.PropertyDeclaration).initializer && compiler.classify(asType(this.use.type)) === "any";
    }
  }

  const view: TypeView = {
    idOf: (handle) => compiler.idOf(asType(handle)),
    classify: (handle) => compiler.classify(asType(handle)),
    literalValue: (handle) => compiler.literalValue(asType(handle)),
    isEnum(handle) {
      const symbol = compiler.symbolOf(asType(handle));
      return symbol !== undefined && (compiler.symbolIs(symbol, "enum") || compiler.symbolIs(symbol, "enumMember"));
    },
    enumMemberName(handle) {
      const symbol = compiler.symbolOf(asType(handle));
      return symbol && compiler.symbolIs(symbol, "enumMember") ? compiler.symbolName(symbol) : undefined;
    },

    unionMembers(u) {
      const union = asType(u.type);
      const node = asNode(u.origin);
      if (!node) {
        let members = unionOrders.get(union);
        if (!members) unionOrders.set(union, (members = orderUnion(compiler, union, undefined).map((member) => use(member))));
        return members;
      }
      let members = writtenUnions.get(node);
      if (!members) {
        // Each member keeps where it was written: `tags?: Tag[]` is `Tag[] | undefined`, its array member written as `Tag[]`.
        const shaped = shapeNode(compiler, node)!;
        const writtenNodes = syntax.isUnionTypeNode(shaped) ? shaped.types : [node];
        const written = new Map(writtenNodes.map((n) => [compiler.typeFromTypeNode(n), n] as const));
        members = orderUnion(compiler, union, node).map((member) => use(member, written.get(member)));
        writtenUnions.set(node, members);
      }
      return members;
    },

    intersectionMembers(u) {
      const node = shapeNode(compiler, asNode(u.origin));
      return compiler.members(asType(u.type)).map((member) => {
        const memberNode = node && syntax.isIntersectionTypeNode(node) ? node.types.find((n) => compiler.typeFromTypeNode(n) === member) : undefined;
        return use(member, memberNode);
      });
    },

    templateParts(handle) {
      const { texts, types } = compiler.templateParts(asType(handle));
      return { texts, holes: types.map((hole) => use(hole)) };
    },

    properties(u) {
      const type = asType(u.type);
      const origin = asNode(u.origin);
      // Read once per type as written: a union's members are asked before they are read, and types share members.
      let written = propertiesRead.get(type);
      const known = written?.get(origin);
      if (known) {
        known.forEach((property) => property.noted());
        return known;
      }
      const symbols = compiler.properties(type).filter((symbol) => !compiler.symbolName(symbol).startsWith("__@"));
      const read = orderProperties(compiler, type, symbols, origin, containerRanks).map((symbol) => new Property(symbol));
      if (!written) propertiesRead.set(type, (written = new Map()));
      written.set(origin, read);
      return read;
    },

    stringIndex,
    keyedIndexes: (handle) =>
      compiler
        .indexInfos(asType(handle))
        .filter((info) => info.key !== "string")
        .map((info) => ({ key: use(info.keyType, undefined), value: use(info.type, originIf(info.declaration?.type, info.type)) })),

    arrayElement(u) {
      const element = compiler.arrayElement(asType(u.type));
      if (!element) return undefined;
      const node = writtenCollection(asNode(u.origin));
      const elementNode =
        node && syntax.isArrayTypeNode(node) ? node.elementType : node && syntax.isTypeReferenceNode(node) ? node.typeArguments?.[0] : undefined;
      return use(element, originIf(elementNode, element));
    },

    tupleElements(u) {
      const elements = compiler.tupleElements(asType(u.type));
      if (!elements) return undefined;
      const node = writtenCollection(asNode(u.origin));
      const written = node && syntax.isTupleTypeNode(node) ? node.elements : undefined;
      return elements.map((element, i): TupleElementView => ({
        use: use(element.type, originIf(written && tupleElementNode(compiler, written[i]), element.type)),
        optional: element.optional,
        rest: element.rest,
      }));
    },

    callResult(handle) {
      const signature = firstSignature(handle);
      if (!signature) return undefined;
      const awaited = compiler.awaited(compiler.returnType(signature));
      return use(awaited, originIf(compiler.signatureDeclaration(signature)?.type, awaited));
    },

    callDocs(handle) {
      const signature = firstSignature(handle);
      const declaration = signature && compiler.signatureDeclaration(signature);
      if (!declaration) return undefined;
      // An arrow function or function expression is documented on its variable: `/** … */ export const f = () => …`.
      const documented =
        (syntax.isArrowFunction(declaration) || syntax.isFunctionExpression(declaration)) && syntax.isVariableDeclaration(declaration.parent)
          ? declaration.parent
          : declaration;
      note(documented);
      return readJsDoc(syntax, documented);
    },

    callParameters(handle) {
      const signature = firstSignature(handle);
      if (!signature) return undefined;
      return compiler.parameters(signature).map((symbol): ParameterView => {
        const found = compiler.valueDeclaration(symbol);
        note(found);
        const declaration = found && syntax.isParameter(found) ? found : undefined;
        const type = compiler.typeOfSymbol(symbol);
        const binding = declaration && syntax.isObjectBindingPattern(declaration.name) ? declaration.name : undefined;
        return {
          name: compiler.symbolName(symbol),
          use: use(type, originIf(declaration?.type, type)),
          optional: declaration !== undefined && (declaration.questionToken !== undefined || declaration.initializer !== undefined),
          rest: declaration?.dotDotDotToken !== undefined,
          docs: docsOf(symbol),
          initializer: declaration && initializerOf(declaration),
          bindings: binding && new Map(binding.elements.map((element) => [bindingName(compiler, element), initializerOf(element)] as const)),
        };
      });
    },

    hasConstructSignatures: (handle) => compiler.signatures(asType(handle), "construct").length > 0,

    jsonForm(handle) {
      const member = compiler.properties(asType(handle)).find((symbol) => compiler.symbolName(symbol) === "toJSON");
      const signature = member && compiler.signatures(compiler.typeOfSymbol(member), "call")[0];
      if (!signature) return undefined;
      const declaration = compiler.signatureDeclaration(signature);
      note(declaration);
      const result = compiler.returnType(signature);
      return use(result, originIf(declaration?.type, result));
    },

    nameOf(handle) {
      const type = asType(handle);
      const alias = compiler.aliasOf(type);
      const symbol = alias?.symbol ?? declaredName(type);
      if (!symbol || isPlatformSymbol(symbol)) return undefined;
      const args = alias ? alias.args : compiler.genericArguments(type);
      const name = compiler.symbolName(symbol);
      return args?.length ? `${name}<${args.map((arg) => printType(compiler, arg, (union) => orderUnion(compiler, union, undefined))).join(", ")}>` : name;
    },

    platformName(handle) {
      const symbol = compiler.symbolOf(asType(handle));
      if (!symbol || !isPlatformSymbol(symbol)) return undefined;
      return compiler.symbolName(symbol);
    },

    isClass(handle) {
      const symbol = compiler.symbolOf(asType(handle));
      return symbol !== undefined && compiler.symbolIs(symbol, "class");
    },

    typeDocs(u) {
      const type = asType(u.type);
      const symbol = aliasWritten(asNode(u.origin)) ?? compiler.aliasOf(type)?.symbol ?? declaredName(type);
      if (!symbol || isPlatformSymbol(symbol)) return undefined;
      compiler.declarations(symbol).forEach(note);
      const docs = docsOf(symbol);
      if (docs.tags.some((tag) => tag.name === TAG_MARKER)) return undefined;
      return docs.text || docs.tags.length ? docs : undefined;
    },

    display(handle) {
      const type = asType(handle);
      let text = displayed.get(type);
      if (text === undefined) displayed.set(type, (text = compiler.typeToString(type)));
      return text;
    },

    noteWritten(root) {
      // A union is ordered by the call's type where its own nodes leave a tie: what was ordered for another call goes.
      unionOrders.clear();
      writtenUnions.clear();
      noteWrittenUnions(compiler, asNode(root.origin), asType(root.type));
    },

    dependencies() {
      const read = [...files];
      files.clear();
      return read;
    },
  };
  return view;
}

function bindingName(compiler: Compiler, element: ts.BindingElement): string {
  const { syntax } = compiler;
  const name = element.propertyName ?? element.name;
  return syntax.isIdentifier(name) || syntax.isStringLiteral(name) || syntax.isNumericLiteral(name) ? name.text : name.getText();
}

/** The type node of a tuple element as written: `[a: T]`, `[T?]` and `[...T[]]` are all `T`. */
function tupleElementNode(compiler: Compiler, node: ts.TypeNode | undefined): ts.TypeNode | undefined {
  const { syntax } = compiler;
  if (node && syntax.isNamedTupleMember(node)) node = node.dotDotDotToken && syntax.isArrayTypeNode(node.type) ? node.type.elementType : node.type;
  if (node && syntax.isOptionalTypeNode(node)) return node.type;
  if (node && syntax.isRestTypeNode(node)) return syntax.isArrayTypeNode(node.type) ? node.type.elementType : undefined;
  return node;
}
