import { toolOf } from "@schemaof/runtime";
/** Lists the catalogue's books in the order asked; returns their titles. */
export function listBooks(
  /** The order of the list. */
  order: "title" | "year" | "author",
  /** The direction, "asc" unless told. */
  direction?: "asc" | "desc",
) {
  return { titles: [order, direction ?? ""] };
}
export const tool = toolOf(listBooks);
