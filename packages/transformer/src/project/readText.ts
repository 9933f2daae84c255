import { readFileSync } from "node:fs";

/** A file's text, or undefined when it cannot be read (deleted meanwhile, or never there). */
export function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
