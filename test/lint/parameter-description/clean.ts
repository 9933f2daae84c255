import { toolOf, type Integer, type Minimum } from "@schemaof/runtime";
/** Finds books by words of their title; returns how many match. */
export function findBooks(
  /** Words of the title, e.g. "dune". */
  words: string,
  /** The page of results, from 1. */
  page?: Integer & Minimum<1>,
  /** Whole words only. */
  exact?: boolean,
) {
  return { total: words.length + (page ?? 0) + (exact ? 1 : 0) };
}
export const tool = toolOf(findBooks);
