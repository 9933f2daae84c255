import { toolOf } from "@schemaof/runtime";
/** Finds books by words of their title; returns how many match. */
export function findBooks(
  /** Words of the title, e.g. "dune". */
  words: string,
) {
  return { total: words.length };
}
export const tool = toolOf(findBooks);
