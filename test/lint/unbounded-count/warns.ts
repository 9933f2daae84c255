import { toolOf, type Integer, type Minimum } from "@schemaof/runtime";
/** Finds books by words of their title; returns the first ones found. */
export function findBooks(
  /** Words of the title, e.g. "dune". */
  words: string,
  /** How many books to return at most. */
  limit?: Integer & Minimum<1>,
  /** How many results per page. */
  pageSize?: Integer,
) {
  return { titles: [words], limit, pageSize };
}
export const tool = toolOf(findBooks);
