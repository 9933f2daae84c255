import { toolOf, type Integer, type Maximum, type Minimum } from "@schemaof/runtime";
/** Finds books by words of their title; returns the first ones found. */
export function findBooks(
  /** Words of the title, e.g. "dune". */
  words: string,
  /** How many books to return at most. */
  limit?: Integer & Minimum<1> & Maximum<100>,
  /** The year the books came out, e.g. 1965. */
  year?: Integer,
) {
  return { titles: [words], limit, year };
}
export const tool = toolOf(findBooks);
