/**
 * Words added to a description the user wrote (a numeric enum's names, the rules a provider drops),
 * as a model reads prose: a new sentence after the user's (`Priority. 1 = Low, 2 = High. Default 2`),
 * and never words the user already wrote (`3 to 120 characters.` is not followed by `3 to 120
 * characters`).
 */
export function joinSentences(description: string | undefined, added: readonly string[]): string {
  const text = description?.trim() ?? "";
  const fresh = added.filter((words) => words !== "" && !mentions(text, words));
  if (!fresh.length) return text;
  const words = fresh.join("; ");
  if (text === "") return words;
  return `${text}${/[.!?:;]$/.test(text) ? "" : "."} ${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/** Whether `text` holds `words` whole: `at least 10 items` does not mention `at least 1`. */
function mentions(text: string, words: string): boolean {
  const escaped = words.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "iu").test(text);
}
