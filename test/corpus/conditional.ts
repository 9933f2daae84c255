// Conditional types, infer, distribution, and the library's types built on them.

export interface Circle {
  kind: "circle";
  radius: number;
}
export interface Square {
  kind: "square";
  side: number;
}
export interface Triangle {
  kind: "triangle";
  base: number;
  height: number;
}
export type Shape = Circle | Square | Triangle;

export type Unwrap<T> = T extends Promise<infer U> ? U : T;
export type Unwrapped = Unwrap<Promise<Circle>>;
export type NotWrapped = Unwrap<Square>;

export type ElementOf<T> = T extends readonly (infer E)[] ? E : never;
export type Letter = ElementOf<readonly ["a", "b", "c"]>;

type IdOf<T> = T extends { id: infer I } ? I : never;
export type UserId = IdOf<{ id: number; name: string }>;

export type RoundShape = Extract<Shape, { kind: "circle" }>;
export type AngularShape = Exclude<Shape, Circle>;
export type ShapeKind = Shape["kind"];

export type Defined = NonNullable<string | number | null | undefined>;

export type Boxed<T> = T extends string ? { text: T } : T extends number ? { count: T } : { value: T };
export type BoxedUnion = Boxed<string | number | boolean>;

export type IsArray<T> = T extends unknown[] ? "list" : "single";
export type Verdict = { of: IsArray<string[]>; other: IsArray<string> };

function makeConfig(host: string, port = 8080) {
  return { host, port, secure: port === 443, tags: ["a"] as string[] };
}
export type Config = ReturnType<typeof makeConfig>;
export type ConfigArgs = Parameters<typeof makeConfig>;

async function loadShelf(id: string) {
  return { id, books: [] as { isbn: string }[] };
}
export type Shelf = Awaited<ReturnType<typeof loadShelf>>;

export type DeepReadonly<T> = { readonly [K in keyof T]: T[K] extends object ? DeepReadonly<T[K]> : T[K] };
export type FrozenTriangle = DeepReadonly<{ shape: Triangle; label: string }>;
