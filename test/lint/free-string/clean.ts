import { toolOf, type MaxLength, type Pattern } from "@schemaof/runtime";
interface Note {
  /** The reader's card number, as printed on the card. */
  card: string;
  /** What to note, in a sentence or two. */
  text: string & MaxLength<500>;
  /** Where the book sits. */
  shelf: { code: string & Pattern<"^[A-Z]{2}[0-9]{3}$"> };
}
/** Adds a note to a reader's file, kept for the librarians; returns the note's number. */
export function addNote(note: Note) {
  return { id: note.text.length };
}
export const tool = toolOf(addNote);
