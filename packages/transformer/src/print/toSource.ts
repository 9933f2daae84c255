import type { JsonValue } from "../model/Json";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * JSON -> compact JavaScript source that evaluates to it: `{type:"object",required:["q"]}`.
 *
 * The host puts this text in the emitted file as it is (an identifier node whose text is the whole
 * literal). TypeScript's printer would put spaces inside every brace and after every colon and
 * comma, which makes a schema larger in the emitted JavaScript than as JSON; printed this way it is
 * smaller (keys that are identifiers lose their quotes). Built from JSON alone, the text is always a
 * valid expression. `__proto__` is a computed key, so it stays an own property.
 */
export function toSource(value: JsonValue): string {
  if (value === null || typeof value !== "object") return literal(value);
  if (Array.isArray(value)) return `[${value.map(toSource).join(",")}]`;
  const entries = Object.entries(value).map(([key, item]) => `${propertyName(key)}:${toSource(item)}`);
  return `{${entries.join(",")}}`;
}

/** A key as source: bare when it is an identifier, quoted otherwise, and never a literal `__proto__`. */
export function propertyName(key: string): string {
  if (key === "__proto__") return `[${literal(key)}]`;
  return IDENTIFIER.test(key) ? key : literal(key);
}

/** JSON.stringify, with the two line terminators JSON allows in strings but older JavaScript does not. */
function literal(value: string | number | boolean | null): string {
  return JSON.stringify(value)
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
