/**
 * A pattern must mean the same to every validator a tool schema meets: ECMA-262 with the `u` flag
 * (what ajv and the run-time check compile), and none of the constructs that other engines
 * (RE2, Python's re, PCRE) read differently or not at all.
 */
export type PatternVerdict = { ok: true } | { ok: false; invalid: boolean; detail: string };

const NON_PORTABLE: readonly [RegExp, string][] = [
  [/\(\?<[=!]/, "lookbehind '(?<=' / '(?<!'"],
  [/\(\?<[A-Za-z]/, "a named group '(?<name>'"],
  [/\\k</, "a named backreference '\\k<name>'"],
  [/\\[1-9]/, "a backreference '\\1'"],
];

export function checkPattern(source: string): PatternVerdict {
  const delimited = /^\/(.*)\/([a-z]*)$/s.exec(source);
  if (delimited && delimited[2]) {
    return {
      ok: false,
      invalid: false,
      detail: `'${source}' has delimiters and flags '${delimited[2]}', which JSON Schema patterns cannot carry; write the expression alone, e.g. '${delimited[1]}'.`,
    };
  }
  try {
    new RegExp(source, "u");
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^Invalid regular expression: /, "") : String(error);
    return {
      ok: false,
      invalid: true,
      detail: `'${source}' does not compile as an ECMA-262 regular expression with the 'u' flag (${reason}); escape the character or use JavaScript syntax (no \\A, \\z, possessive quantifiers or inline flags).`,
    };
  }
  for (const [construct, name] of NON_PORTABLE) {
    if (construct.test(stripClasses(source))) {
      return { ok: false, invalid: false, detail: `'${source}' uses ${name}, which validators outside JavaScript do not share; rewrite it without it.` };
    }
  }
  return { ok: true };
}

/** Escaped characters and character classes cannot start a group or a backreference. */
function stripClasses(source: string): string {
  return source.replace(/\\\\/g, "").replace(/\[(?:\\.|[^\]\\])*\]/g, "[]");
}
