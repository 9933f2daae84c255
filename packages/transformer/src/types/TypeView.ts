import type { JsonValue } from "../model/Json";

/**
 * The narrow window through which the analysis sees types, one implementation (createTypeView)
 * over any TypeScript compiler (compiler/Compiler: TypeScript 5/6 in process, 7 over its API).
 *
 * Handles are opaque: the analysis only passes them back.
 */
export type TypeHandle = { readonly "~type": unique symbol };
/** Where a type was written (a type node), so unions and enums can follow the source order. */
export type OriginHandle = { readonly "~origin": unique symbol };

/** A type together with where it was written, when known. */
export interface TypeUse {
  readonly type: TypeHandle;
  readonly origin?: OriginHandle;
}

export type TypeClass =
  | "string"
  | "number"
  | "boolean"
  | "bigint"
  | "symbol"
  | "null"
  | "undefined"
  | "void"
  | "never"
  | "any"
  | "unknown"
  | "literal"
  | "union"
  | "intersection"
  | "object"
  | "nonPrimitive"
  | "typeParameter"
  | "templateLiteral"
  | "other"
  /** Where TypeScript could not resolve a type (a missing import, a name not declared): it reports why, and schemaof refuses to guess. */
  | "unresolved";

/** The documentation a declaration carries: its comment text and its JSDoc tags, in order. */
export interface Docs {
  readonly text?: string;
  readonly tags: readonly { readonly name: string; readonly text: string }[];
}

/** A default value as the source writes it: JSON it can be, or some other expression. */
export type DefaultValue = { readonly json: JsonValue } | { readonly opaque: true };

export interface PropertyView {
  readonly name: string;
  readonly use: TypeUse;
  readonly optional: boolean;
  /** Methods and accessors are behaviour, not data; only fields describe arguments. */
  readonly member: "field" | "method" | "accessor";
  readonly visibility: "public" | "protected" | "private";
  readonly docs: Docs;
  readonly initializer?: DefaultValue;
  /** Declared with no type and nothing to infer one from (`public noType;`): TypeScript makes it `any`. */
  readonly untyped?: boolean;
}

export interface ParameterView {
  readonly name: string;
  readonly use: TypeUse;
  readonly optional: boolean;
  readonly rest: boolean;
  readonly docs: Docs;
  readonly initializer?: DefaultValue;
  /** A destructured object parameter: the default of each property, by property name. */
  readonly bindings?: ReadonlyMap<string, DefaultValue | undefined>;
}

export interface TupleElementView {
  readonly use: TypeUse;
  readonly optional: boolean;
  readonly rest: boolean;
}

export interface TypeView {
  /** A stable identity for memoising and cycle detection. */
  idOf(type: TypeHandle): number;
  classify(type: TypeHandle): TypeClass;
  /** The value of a string, number, boolean or bigint literal type. */
  literalValue(type: TypeHandle): string | number | boolean | bigint;
  /** The name of the enum member a literal type is (`Low` of `Priority.Low`). */
  enumMemberName(type: TypeHandle): string | undefined;
  /** Whether the type is an enum or one of its members (a computed one is neither a literal nor a union of them). */
  isEnum(type: TypeHandle): boolean;
  /** Union members in the order the source wrote them (never the checker's internal order). */
  unionMembers(use: TypeUse): TypeUse[];
  intersectionMembers(use: TypeUse): TypeUse[];
  /** Template literal types: the literal texts around each placeholder, and the placeholders. */
  templateParts(type: TypeHandle): { texts: readonly string[]; holes: TypeUse[] };

  properties(use: TypeUse): readonly PropertyView[];
  stringIndex(type: TypeHandle): TypeUse | undefined;
  /** Index signatures whose key is not plain `string`: `[i: number]`, `` [k: `prefix_${string}`] ``, unions of such keys. */
  keyedIndexes(type: TypeHandle): { key: TypeUse; value: TypeUse }[];
  arrayElement(use: TypeUse): TypeUse | undefined;
  tupleElements(use: TypeUse): TupleElementView[] | undefined;
  /** Parameters of the first call signature, or undefined when the type has none. */
  callParameters(type: TypeHandle): ParameterView[] | undefined;
  /** What the first call signature returns, awaited (`Promise<Page>` is `Page`). */
  callResult(type: TypeHandle): TypeUse | undefined;
  /** The documentation of the first call signature's declaration: a function's own summary. */
  callDocs(type: TypeHandle): Docs | undefined;
  hasConstructSignatures(type: TypeHandle): boolean;
  /** What a callable `toJSON` member returns (not awaited): JSON.stringify writes that instead of the object's own fields. */
  jsonForm(type: TypeHandle): TypeUse | undefined;

  /** A readable name (`Comment`, `Page<Book>`) for types that have one in user code. */
  nameOf(type: TypeHandle): string | undefined;
  /** The name of a type declared by the platform (lib.*.d.ts, @types/node): `Date`, `File`, `Map`. */
  platformName(type: TypeHandle): string | undefined;
  isClass(type: TypeHandle): boolean;
  /** The documentation of the type's own declaration (alias, interface, class, enum). */
  typeDocs(use: TypeUse): Docs | undefined;
  /** How the type prints in a message. */
  display(type: TypeHandle): string;
  /** Starts an analysis: the unions written in its type (or, written nowhere, in its function's parameters) order those it meets with no node of their own. */
  noteWritten(root: TypeUse): void;
  /** Files whose declarations were read since the last call: a host rebuilds a call when one of them changes. */
  dependencies(): string[];
}
