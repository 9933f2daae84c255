import { toolOf } from "@schemaof/runtime";
/** Lends a book to the reader signed in; returns the date it is due back. */
export function lend(
  /** The book's ISBN-13, digits only. */
  isbn: string,
  /** The reader's session. */
  sessionId: string,
  /** The library's API key. */
  apiKey: string,
) {
  return { due: isbn + sessionId + apiKey };
}
export const tool = toolOf(lend);
