import { toolOf } from "@schemaof/runtime";
/** Lists the catalogue's books in the order asked; returns their titles. */
export function listBooks(
  /** The order: "title", "year" or "author". */
  order: string,
  /** Direction, one of: asc, desc. */
  direction?: string,
) {
  return { titles: [order, direction ?? ""] };
}
export const tool = toolOf(listBooks);
