// Types taken from values: typeof, keyof, satisfies, as const, indexed access.

const defaults = { limit: 10, sort: "asc", fields: ["title", "year"] } as const;
export type Defaults = typeof defaults;

const config = { retries: 3, host: "localhost" } satisfies Record<string, string | number>;
export type Config = typeof config;
export type ConfigKey = keyof typeof config;

const levels = ["low", "mid", "high"] as const;
export type Level = (typeof levels)[number];

function makeUser(name: string, age = 30) {
  return { name, age, admin: false, roles: [] as ("reader" | "writer")[] };
}
export type User = ReturnType<typeof makeUser>;
export type UserKey = keyof User;
export type UserValue = User[keyof User];
export type UserName = User["name"];

const routes = { home: "/", book: "/book/:id", search: "/search" } as const;
export type Route = (typeof routes)[keyof typeof routes];

/**
 * Finds books.
 * @param words What to look for
 * @param limit How many at most
 */
function search(words: string, limit = 10, exact?: boolean) {
  return { words, limit, exact };
}
export type SearchArgs = typeof search;

const palette = { primary: { r: 0, g: 0, b: 255 }, muted: { r: 128, g: 128, b: 128 } } satisfies Record<string, { r: number; g: number; b: number }>;
export type Palette = typeof palette;
export type PaletteName = keyof typeof palette;

export const point = { x: 1, y: 2 };
export type Point = typeof point;

const sizes = { 10: "ten", b: "bee", 2: "two" };
export type SizeKey = keyof typeof sizes;
export type RecordKey = keyof Record<"zed" | "bee" | "ant", 1>;
