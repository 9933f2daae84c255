import { toolOf } from "@schemaof/runtime";
/** Finds one book, by its ISBN or by its title and author; returns its shelf. */
export function findBook(
  /** What identifies the book. */
  by: { /** The ISBN-13, digits only. */ isbn: string } | { /** The exact title. */ title: string; /** The author's last name. */ author: string },
) {
  return { shelf: "isbn" in by ? by.isbn : by.title };
}
export const tool = toolOf(findBook);
