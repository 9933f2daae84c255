import type { JsonValue } from "./Json";

/**
 * The model between the checker and the output: what a type means as JSON, with no trace of
 * TypeScript. The analysis builds it, the emitters read it. Adding a kind is one case here, and
 * the exhaustive switches in emit/ say where it must be handled.
 */
export type Shape = AnyShape | PrimitiveShape | EnumShape | DateShape | ArrayShape | TupleShape | ObjectShape | UnionShape | RefShape;

export type Literal = string | number | boolean | null;
export type PrimitiveType = "string" | "number" | "integer" | "boolean" | "null";

/** What every shape may carry besides its kind. */
export interface Common {
  /** `T | null`: null is accepted as well. */
  readonly nullable?: boolean;
  /** Validation keywords (minimum, pattern, minItems, …), applied to the non-null part. */
  readonly constraints?: Readonly<Record<string, JsonValue>>;
  readonly meta?: Meta;
}

export interface Meta {
  readonly title?: string;
  readonly description?: string;
  readonly default?: JsonValue;
  readonly examples?: readonly JsonValue[];
  readonly deprecated?: boolean;
}

export interface AnyShape extends Common {
  readonly kind: "any";
  /** `object`: any JSON object. */
  readonly object?: boolean;
}
export interface PrimitiveShape extends Common {
  readonly kind: "primitive";
  readonly type: PrimitiveType;
}
export interface EnumShape extends Common {
  readonly kind: "enum";
  readonly values: readonly Literal[];
  /** A numeric enum's member names, one per value: all a model has to choose a number by. */
  readonly names?: readonly string[];
}
/** `Date`: an ISO 8601 date-time string on the wire, a Date once mapped. */
export interface DateShape extends Common {
  readonly kind: "date";
  /** `@format date`: a calendar date on the wire (`2026-11-30`), midnight UTC once mapped. */
  readonly format?: "date";
}
export interface ArrayShape extends Common {
  readonly kind: "array";
  readonly items: Shape;
}
export interface TupleShape extends Common {
  readonly kind: "tuple";
  readonly prefix: readonly Shape[];
  /** How many leading elements must be present (optional elements lower it). */
  readonly minItems: number;
  /** The type of the elements after the prefix (`[A, ...B[]]`); none means no more elements. */
  readonly rest?: Shape;
}
export interface Property {
  readonly name: string;
  readonly shape: Shape;
  readonly required: boolean;
  /**
   * The type lets the key be left out (`x?:`, or `undefined` in its type): left out, it stays out of
   * the mapped value even when nullable, so a patch never clears what the model did not send.
   */
  readonly optional?: true;
  /** `x?: never`, `x?: undefined`, `x?: void`: the key may only be absent (`false` in the schema, refused at run time). */
  readonly absent?: true;
  /** `@key error.message`: the property lives at this path of the input. */
  readonly key?: readonly string[];
}
export interface ObjectShape extends Common {
  readonly kind: "object";
  readonly properties: readonly Property[];
  /** The schema of keys not listed (index signatures, `Record<string, T>`). */
  readonly additional?: Shape;
  /** Keys of a pattern (`[i: number]`, `` [k: `prefix_${string}`] ``): what values those keys take, before `additional`. */
  readonly patterns?: readonly { readonly pattern: string; readonly shape: Shape }[];
  /** Set for class instances, so the mapper can build one. */
  readonly className?: string;
}
export interface UnionShape extends Common {
  readonly kind: "union";
  readonly members: readonly Shape[];
  /** The literal property that tells the members apart, when there is one. */
  readonly discriminator?: string;
}
/** A named type, described once in `defs`; inlined or `$ref`ed by the emitter. */
export interface RefShape extends Common {
  readonly kind: "ref";
  readonly def: string;
}

export interface Definition {
  readonly shape: Shape;
  /** Reached again from inside itself. */
  readonly recursive: boolean;
  /** How many places refer to it. */
  readonly uses: number;
}

/** The analysis of one type: its shape and the named types it refers to. */
export interface Model {
  readonly root: Shape;
  readonly defs: Readonly<Record<string, Definition>>;
}
