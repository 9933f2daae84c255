import { toolOf } from "@schemaof/runtime";
/** Find books. */
export function findBooks(
  /** Words of the title, e.g. "dune". */
  words: string,
) {
  return { total: words.length };
}
/** Lends a book. */
export function lend(
  /** The book's ISBN-13, digits only. */
  isbn: string,
) {
  return { due: isbn };
}
export const tools = [toolOf(findBooks), toolOf(lend)];
