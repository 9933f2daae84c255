import { toolOf, type Integer, type Maximum, type Minimum } from "@schemaof/runtime";
interface Search {
  /**
   * Words of the title.
   * @example "dune"
   */
  words: string;
  /**
   * How many books to return at most.
   * @example 20
   */
  limit?: Integer & Minimum<1> & Maximum<100>;
  /**
   * The order of the list.
   * @example "year"
   */
  order?: "title" | "year";
  /**
   * The shelf to look on, or null for every shelf.
   * @example null
   */
  shelf?: string | null;
}
/** Finds books by words of their title; returns the first ones found. */
export function findBooks(search: Search) {
  return { titles: [search.words] };
}
export const tool = toolOf(findBooks);
