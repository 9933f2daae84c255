import { readFileSync } from "node:fs";

/** A problem with the project's tsconfig, told as tsc tells it (TS5057, TS5083, …). */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/** JSON with comments and trailing commas, as tsconfig files are written. */
export function readJsonc(file: string): unknown {
  const withoutComments = outsideStrings(readFileSync(file, "utf8").replace(/^\uFEFF/, ""), (text, i) => {
    if (text.startsWith("//", i)) return { skip: Math.max(text.indexOf("\n", i), i) - i || text.length - i, put: "" };
    if (text.startsWith("/*", i)) return { skip: (text.indexOf("*/", i + 2) + 1 || text.length - 1) - i + 1, put: " " };
    return undefined;
  });
  const json = outsideStrings(withoutComments, (text, i) =>
    text[i] === "," && /^\s*[}\]]/.test(text.slice(i + 1, i + 200)) ? { skip: 1, put: "" } : undefined,
  );
  try {
    return JSON.parse(json);
  } catch (error) {
    throw new ConfigError(`'${file}' is not valid JSON: ${(error as Error).message}.`, 5083);
  }
}

/** The text with `change` applied wherever it applies outside string literals. */
function outsideStrings(text: string, change: (text: string, at: number) => { skip: number; put: string } | undefined): string {
  let out = "";
  for (let i = 0; i < text.length;) {
    if (text[i] === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      out += text.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    const changed = change(text, i);
    if (changed) {
      out += changed.put;
      i += changed.skip;
    } else out += text[i++];
  }
  return out;
}
