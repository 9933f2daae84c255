// Mapped types: the library's own utility types, key remapping, modifiers added and taken away.

export interface Book {
  /** The book's ISBN-13. */
  isbn: string;
  title: string;
  year?: number;
  tags: string[];
  readonly shelf: string | null;
}

export type ReadonlyBook = Readonly<Book>;
export type PartialBook = Partial<Book>;
export type RequiredBook = Required<Book>;
export type BookPreview = Pick<Book, "isbn" | "title">;
export type BookWithoutTags = Omit<Book, "tags" | "shelf">;

export type Nullable<T> = { [K in keyof T]: T[K] | null };
export type NullableBook = Nullable<BookPreview>;

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };
export type MutableBook = Mutable<ReadonlyBook>;

export type Concrete<T> = { [K in keyof T]-?: T[K] };
export type ConcreteBook = Concrete<PartialBook>;

export type Getters<T> = { [K in keyof T & string as `get${Capitalize<K>}`]: T[K] };
export type BookGetters = Getters<BookPreview>;

export type Flags = { [K in "bold" | "italic" | "underline"]?: boolean };

export type OnlyStrings<T> = { [K in keyof T as T[K] extends string ? K : never]: T[K] };
export type BookStrings = OnlyStrings<Book>;

export type Counts = Record<"draft" | "published" | "archived", number>;

export type Patch<T> = { [K in keyof T]?: { from: T[K]; to: T[K] } };
export type BookPatch = Patch<BookPreview>;

export type Listeners = { [K in "click" | "hover" as `on${Capitalize<K>}`]?: string };

export type Prefixed<T, P extends string = "x_"> = { [K in keyof T & string as `${P}${K}`]: T[K] };
export type PrefixedBook = Prefixed<BookPreview>;
