// Arrays, interfaces that extend Array, and tuples: empty, optional, rest, named, nested.

export interface Tags extends Array<string> {}
export interface Matrix extends ReadonlyArray<number[]> {}

// expect: flat TS99002
export type Tag = string | TagList;
// expect: flat TS99002
export interface TagList extends Array<Tag> {}

export interface List<T> extends Array<T> {}
export type Names = List<string>;

export type Empty = [];
export type One = [string];
export type Pair = [string, number];
export type MaybeSecond = [string, number?];
export type AllOptional = [a?: string, b?: number];
export type Head = [string, ...number[]];
export type Named = [x: number, y: number, label?: string];
export type Frozen = readonly [string, string];
export type Nested = [[number, number], [number, number]];
export type Spread = [boolean, ...[number, string]];
export type Grid = number[][];
export type ReadonlyList = ReadonlyArray<{ id: string }>;
export type Points = Array<{ x: number; y: number }>;
export type MaybeList = string[] | null;
export type ListOrOne = string | string[];
export type Holder = { items: []; pairs: [string, string][] };
