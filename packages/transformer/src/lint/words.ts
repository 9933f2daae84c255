/** A name or a text as lower-case words: `maxResults`, `max_results`, `max-results` -> ["max", "results"]. */
export function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Words a description needs to be a sentence, which say nothing of the tool. */
const FILLER = new Set(["a", "an", "the", "of", "to", "for", "and", "or", "by", "in", "on", "with", "this", "tool", "function", "it", "that", "from", "s"]);
/** The same word as a name spells it and as a sentence does: `books` and `book`, `gets` and `get`. */
const stem = (word: string) => word.replace(/(ies|es|s)$/, (ending) => (ending === "ies" ? "y" : ""));

/**
 * A description that says no more than the name (`search_books` -> "Search books.", "Searches the
 * books"): every word but the filler is one of the name's, and at most one other word is added.
 */
export function describesOnlyName(description: string, name: string): boolean {
  const named = new Set(words(name).map(stem));
  if (named.size === 0) return false;
  const said = words(description).filter((word) => !FILLER.has(word));
  const others = said.filter((word) => !named.has(stem(word)));
  return said.length > 0 && said.length <= named.size + 1 && others.length <= 1 && said.length - others.length >= Math.min(named.size, 2);
}

/** Words that say a set of values follows ("either" only before quoted ones: "either text or regex" names parameters). */
const LEAD_WORDS = String.raw`\b(?:must be one of|can be one of|one of|possible values(?: are)?|allowed values(?: are)?|valid values(?: are)?|accepted values(?: are)?)`;
const LEAD_IN = new RegExp(`(?:${LEAD_WORDS}|\\beither)[\\s,:(]*$`, "i");

/** Words that make what follows examples, not the set of values: `e.g. "main" or "master"`. */
const EXAMPLES = /\b(?:e\.?g\.?|eg|for example|for instance|such as|like|instead of|i\.e\.?|format|formats)[\s,:(]*$/i;

/**
 * The closed set a description spells in words, when it does: quoted values in a run (`"asc" or
 * "desc"`, `'a' | 'b' | 'c'`, `"title", "year" or "author"`) not given as examples, or a lead-in
 * and bare words (`one of: title, year, relevance`). Two values at least, each a short word.
 * Calibrated on 131 published tools (docs/lint.md): examples ("e.g. 'main' or 'master'") and
 * choices between parameters ("either text or regex") are not sets.
 */
export function listedValues(description: string): string[] | undefined {
  const quoted = /(["'`])([\w./-]{1,40})\1/g;
  const run = /(["'`])[\w./-]{1,40}\1(?:\s*(?:,\s*or\b|,|\||\bor\b)\s*(["'`])[\w./-]{1,40}\2)+/g;
  for (const found of description.matchAll(run)) {
    const before = description.slice(Math.max(0, found.index - 30), found.index);
    if (EXAMPLES.test(before)) continue;
    const values = [...found[0].matchAll(quoted)].map((match) => match[2]);
    // Two values joined by "or" are as often a choice of examples ("'auth' or 'hooks'") or a
    // condition's ("`true` or `false`"): a set only with a pipe or a lead-in; three make a list.
    if (values.length >= 3 || found[0].includes("|") || LEAD_IN.test(before)) return values;
  }
  const lead = new RegExp(`${LEAD_WORDS}\\s*:?\\s*((?:[\\w-]{1,40}\\s*(?:,\\s*or\\b|,|\\||\\bor\\b)\\s*)+[\\w-]{1,40})`, "i").exec(description);
  if (!lead) return undefined;
  const values = lead[1].split(/\s*(?:,\s*or\b|,|\||\bor\b)\s*/).filter(Boolean);
  return values.length >= 2 ? values : undefined;
}
