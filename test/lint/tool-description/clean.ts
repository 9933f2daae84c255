import { toolOf } from "@schemaof/runtime";
/** Finds the library's books whose titles hold every word given; returns how many there are. */
export function findBooks(
  /** Words of the title, e.g. "dune". */
  words: string,
) {
  return { total: words.length };
}
export const tool = toolOf(findBooks);
