/**
 * Type tags: zero-cost brands that carry a JSON Schema keyword on a type. The transformer reads them
 * off the type; at run time they do not exist. `limit: Integer & Minimum<1> & Maximum<100>`.
 * @schemaofTag
 */
export interface Tag<Keyword extends string, Value> {
  readonly "~schemaof"?: { readonly [K in Keyword]: Value };
}

/**
 * A whole number: `{"type":"integer"}`.
 * @schemaofTag
 */
export type Integer = number & Tag<"type", "integer">;

export type Minimum<N extends number> = Tag<"minimum", N>;
export type Maximum<N extends number> = Tag<"maximum", N>;
export type ExclusiveMinimum<N extends number> = Tag<"exclusiveMinimum", N>;
export type ExclusiveMaximum<N extends number> = Tag<"exclusiveMaximum", N>;
export type MultipleOf<N extends number> = Tag<"multipleOf", N>;

export type MinLength<N extends number> = Tag<"minLength", N>;
export type MaxLength<N extends number> = Tag<"maxLength", N>;
/**
 * An ECMA-262 regular expression without delimiters or flags, checked at compile time.
 * @schemaofTag
 */
export type Pattern<P extends string> = Tag<"pattern", P>;
/**
 * The string formats that both the emitted schema and the run-time check understand.
 * @schemaofTag
 */
// The formats the keyword table (check/keywords.ts) knows.
import type { FormatName } from "./check/keywords";
export type { FormatName };
export type Format<F extends FormatName> = Tag<"format", F>;

export type MinItems<N extends number> = Tag<"minItems", N>;
export type MaxItems<N extends number> = Tag<"maxItems", N>;
export type UniqueItems = Tag<"uniqueItems", true>;

/**
 * An array with at least one element: `"minItems": 1`.
 * @schemaofTag
 */
export type NonEmptyArray<T> = [T, ...T[]];
