import type * as ts from "typescript";

/**
 * A source file as the renderers and the diagnostics read it (its name, its text, lines and
 * characters), made from the text alone: what a build that answers from the cache places its
 * edits and reports in, with no compiler. Lines break where TypeScript's do (`\n`, `\r\n`, `\r`,
 * U+2028, U+2029), and characters count UTF-16 units, as its positions do.
 */
export function textSourceFile(fileName: string, text: string): ts.SourceFile {
  const starts = lineStarts(text);
  const file = {
    fileName,
    text,
    isDeclarationFile: false,
    getLineAndCharacterOfPosition(position: number): ts.LineAndCharacter {
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (starts[middle] <= position) low = middle;
        else high = middle - 1;
      }
      return { line: low, character: position - starts[low] };
    },
    getPositionOfLineAndCharacter: (line: number, character: number) => starts[line] + character,
    getLineStarts: () => starts,
    getFullText: () => text,
  };
  return file as unknown as ts.SourceFile;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 13 && text.charCodeAt(i + 1) === 10) i++;
    if (code === 10 || code === 13 || code === 0x2028 || code === 0x2029) starts.push(i + 1);
  }
  return starts;
}
