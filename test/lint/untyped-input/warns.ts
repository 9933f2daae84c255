import { toolOf } from "@schemaof/runtime";
/** Stores a setting of the reader's account; returns whether it changed. */
export function setSetting(
  /** The setting's name, e.g. "theme". */
  name: "theme" | "language",
  /** Its new value. */
  value: unknown,
) {
  return { changed: String(value) !== String(name) };
}
export const tool = toolOf(setSetting);
