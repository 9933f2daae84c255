/**
 * The comments around a position, as TypeScript's getLeadingCommentRanges and
 * getTrailingCommentRanges find them, read off the text alone so every compiler gives the same:
 * leading comments are those after the first line break (or at the start of the file), trailing
 * ones those before it.
 */
export function commentRanges(text: string, pos: number, trailing: boolean): { pos: number; end: number }[] {
  const ranges: { pos: number; end: number }[] = [];
  if (pos === 0 && text.startsWith("#!")) pos = lineEnd(text, 0);
  let collecting = trailing || pos === 0;
  while (pos < text.length) {
    const char = text.charCodeAt(pos);
    if (isLineBreak(char)) {
      if (trailing) break;
      collecting = true;
      pos++;
    } else if (char === 9 || char === 11 || char === 12 || char === 32 || char === 0xa0 || char === 0xfeff || (char > 127 && /\s/.test(text[pos]))) {
      pos++;
    } else if (char === 47 /* / */ && (text[pos + 1] === "/" || text[pos + 1] === "*")) {
      const start = pos;
      if (text[pos + 1] === "/") pos = lineEnd(text, pos);
      else {
        const close = text.indexOf("*/", pos + 2);
        pos = close < 0 ? text.length : close + 2;
      }
      if (collecting) ranges.push({ pos: start, end: pos });
    } else break;
  }
  return ranges;
}

/** Where the line holding `from` ends: at its line break, or at the end of the text. */
export function lineEnd(text: string, from: number): number {
  let at = from;
  while (at < text.length && !isLineBreak(text.charCodeAt(at))) at++;
  return at;
}

const isLineBreak = (char: number) => char === 10 || char === 13 || char === 0x2028 || char === 0x2029;
