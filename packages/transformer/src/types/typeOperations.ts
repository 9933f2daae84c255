import type * as ts from "typescript";

/** The intrinsic string types, as TypeScript applies them to each member. */
export const STRING_MAPPINGS: Readonly<Record<string, (text: string) => string>> = {
  Uppercase: (text) => text.toUpperCase(),
  Lowercase: (text) => text.toLowerCase(),
  Capitalize: (text) => text.charAt(0).toUpperCase() + text.slice(1),
  Uncapitalize: (text) => text.charAt(0).toLowerCase() + text.slice(1),
};

/** More strings than this and a template is left to the stable order: TypeScript itself refuses 100,000. */
const MAX_STRINGS = 10_000;

/**
 * The strings a template literal type makes, in the order it makes them from the order each hole's
 * members were written: the first hole varies slowest (`` `${"a" | "b"}-${1 | 2}` `` is a-1, a-2,
 * b-1, b-2). `holeKeys` reads a hole's members as keys (see keysOf); undefined when a hole holds
 * no literal (`${string}` makes a pattern, not a union).
 */
export function expandTemplate(node: ts.TemplateLiteralTypeNode, holeKeys: (hole: ts.TypeNode) => readonly string[]): string[] | undefined {
  let texts = [node.head.text];
  for (const span of node.templateSpans) {
    const values = literalTexts(holeKeys(span.type));
    if (!values.length) return undefined;
    texts = texts.flatMap((text) => values.map((value) => text + value + span.literal.text));
    if (texts.length > MAX_STRINGS) return undefined;
  }
  return [...new Set(texts)];
}

/** `Uppercase<"fr" | "en">`: the string keys mapped, in order (FR, EN). */
export function mapString(keys: readonly string[], mapping: (text: string) => string): string[] {
  return keys.filter((key) => key.startsWith("string:")).map((key) => `string:${mapping(key.slice("string:".length))}`);
}

/** The texts literal keys stand for in a template (`number:1` is "1", `boolean:true` "true"), each once. */
function literalTexts(keys: readonly string[]): string[] {
  const texts = keys.filter((key) => /^(?:string|number|boolean):/.test(key)).map((key) => key.slice(key.indexOf(":") + 1));
  return [...new Set(texts)];
}
