const patterns = new Map<string, RegExp>();

/** A pattern is compiled once per process, as ajv does: with the `u` flag, unanchored. */
export function compiled(source: string): RegExp {
  let regex = patterns.get(source);
  if (!regex) patterns.set(source, (regex = new RegExp(source, "u")));
  return regex;
}

/** Length in code points, as JSON Schema counts it (a surrogate pair is one character). */
export function length(value: string): number {
  let count = 0;
  for (let i = 0; i < value.length; i++) {
    count++;
    const code = value.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return count;
}
