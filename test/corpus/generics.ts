// Generic types: defaults, constraints, nesting, instantiation through aliases.

export interface Book {
  isbn: string;
  title: string;
}

export interface Page<T = Book> {
  items: T[];
  next?: string;
  total: number;
}
export type DefaultPage = Page;
export type TitlePage = Page<string>;
export type PageOfPages = Page<Page<number>>;

export type Result<T, E = string> = { ok: true; value: T } | { ok: false; error: E };
export type BookResult = Result<Book>;
export type CountResult = Result<number, { code: number; message: string }>;

export type Keyed<T extends object = { id: string }> = { key: keyof T & string; value: T };
export type DefaultKeyed = Keyed;

export type Pair<A, B = A> = { first: A; second: B };
export type SamePair = Pair<number>;
export type MixedPair = Pair<string, boolean>;

export interface Envelope<T> {
  data: T;
  meta: { at: Date; by?: string };
}
export type BookEnvelope = Envelope<Book>;
export type ListEnvelope = Envelope<Book[]>;
export type NullEnvelope = Envelope<null>;

export type Maybe<T> = T | null;
export type Wrapped<T = number> = { value: Maybe<T> };
export type DefaultWrapped = Wrapped;

// expect: flat TS99002
export interface Tree<T = string> {
  value: T;
  children: Tree<T>[];
}

export type Shelf = { left: Page<Book>; right: Page<Book> };
