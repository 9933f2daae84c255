import { toolOf, type Integer, type Maximum, type Minimum } from "@schemaof/runtime";
/** Finds books by words of their title; returns how many match. */
export function findBooks(
  /** Words of the title, e.g. "dune". */
  words: string,
  page?: Integer & Minimum<1>,
  exact?: boolean,
) {
  return { total: words.length + (page ?? 0) + (exact ? 1 : 0) };
}
export const tool = toolOf(findBooks);
