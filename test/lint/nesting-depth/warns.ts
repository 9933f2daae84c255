import { toolOf } from "@schemaof/runtime";
interface Deep {
  /** The building. */
  building: {
    /** The floor. */
    floor: {
      /** The room. */
      room: {
        /** The shelf. */
        shelf: {
          /** The position on the shelf, from the left. */
          position: number;
        };
      };
    };
  };
}
/** Moves a book to the place given, down to its shelf; returns where it was before. */
export function moveBook(to: Deep) {
  return { from: to.building.floor.room.shelf.position };
}
export const tool = toolOf(moveBook);
