// Enums of every kind, their members as types, and the types built from them.

export enum Genre {
  Novel = "novel",
  Essay = "essay",
  Poetry = "poetry",
}

/** How urgent a request is. */
export enum Priority {
  Low = 1,
  Medium = 2,
  High = 3,
}

export enum Implicit {
  First,
  Second,
  Third,
}

export const enum Direction {
  Up = "UP",
  Down = "DOWN",
}

export enum Heterogeneous {
  No = 0,
  Yes = "YES",
}

export enum Temperature {
  Cold = -10,
  Warm = 20,
  Hot = 35,
}

export enum Ratio {
  Half = 0.5,
  Whole = 1,
}

export enum Single {
  Only = "only",
}

export enum Shifted {
  A = 1 << 0,
  B = 1 << 1,
  C = A | B,
}

export type NovelOnly = Genre.Novel;
export type Written = Genre.Novel | Genre.Essay;
export type GenreName = keyof typeof Genre;
export type GenreCounts = Record<Genre, number>;
export type GenreFlags = { [G in Genre]?: boolean };
export type OptionalPriority = { priority?: Priority; genre: Genre | null };
export type Upward = { direction: Direction.Up };
export type Levels = Priority[];
