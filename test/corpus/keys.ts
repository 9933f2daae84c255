// Index signatures of every key kind, template literal keys and values, and records.

export type Scores = { [name: string]: number };
export type ByIndex = { [i: number]: string };
export type Headers = { [k: `x-${string}`]: string };
export type Sizes = { [k: `${number}px`]: number };
export type NumberRecord = Record<number, boolean>;
export type Named = { id: string; [k: string]: string };
export type Mixed = { count: number; [k: string]: string | number };
export type TwoPatterns = { [k: `a_${string}`]: string; [k: `b_${number}`]: number };
export type UnionKey = { [k: `a_${string}` | `b_${number}`]: string };
export type NumberAndPattern = { id: string; [i: number]: number; [k: `prefix_${string}`]: string };
export type PatternAndString = { [k: `v_${number}`]: number; [k: string]: string | number };
export type WithSymbol = { name: string; [k: symbol]: string };

export type Slug = `${Lowercase<string>}-${number}`;
export type Method = `${"get" | "set"}_${string}`;
export type Loud = Uppercase<"quiet">;
export type Version = `v${number}.${number}.${number}`;
export type Flag = `${boolean}`;
export type Ids = { ids: `book-${number}`[]; main: `book-${number}` };
export type Color = `#${string}`;

export type NestedRecord = Record<string, Record<string, number[]>>;
export type PartialRecord = Partial<Record<"a" | "b", string>>;
export type Dictionary<T = string> = { [key: string]: T };
export type StringDictionary = Dictionary;
export type BookDictionary = Dictionary<{ title: string }>;

export type Anything = Record<string, unknown>;
export type PrefixedAnything = { [k: `x_${string}`]: unknown };
