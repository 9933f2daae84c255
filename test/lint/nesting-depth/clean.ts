import { toolOf } from "@schemaof/runtime";
interface Place {
  /** The building's code, e.g. "B2". */
  building: "B1" | "B2";
  /** The shelf, as its label reads. */
  shelf: { /** The position on the shelf, from the left. */ position: number };
}
/** Moves a book to the place given, down to its shelf; returns where it was before. */
export function moveBook(to: Place) {
  return { from: to.shelf.position };
}
export const tool = toolOf(moveBook);
