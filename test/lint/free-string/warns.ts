import { toolOf } from "@schemaof/runtime";
interface Note {
  /** The reader's card number, as printed on the card. */
  card: string;
  text: string;
  shelf: { code: string };
}
/** Adds a note to a reader's file, kept for the librarians; returns the note's number. */
export function addNote(note: Note) {
  return { id: note.text.length };
}
export const tool = toolOf(addNote);
