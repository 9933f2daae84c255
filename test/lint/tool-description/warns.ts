import { toolOf } from "@schemaof/runtime";
export function findBooks(
  /** Words of the title, e.g. "dune". */
  words: string,
) {
  return { total: words.length };
}
export const tool = toolOf(findBooks);
