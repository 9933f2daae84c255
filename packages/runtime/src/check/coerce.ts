import { MAX_DEPTH } from "./context";
import { escapeKey } from "./context";

/**
 * The repairs a check makes when asked (`coerce: true` or a list of these): each a mistake models are
 * known to make with tool arguments, undone only where the repaired value then passes the whole
 * check. `true` is every one but `enum-case`.
 */
export const COERCE_RULES = [
  "json-text",
  "numeric-string",
  "boolean-string",
  "null-as-absent",
  "empty-as-absent",
  "no-arguments",
  "json-syntax",
  "enum-case",
] as const;
export type CoerceRule = (typeof COERCE_RULES)[number];

/** The rules `coerce: true | false | [...]` asks for, in the table's order. */
export function coerceRules(option: boolean | readonly string[] | undefined): CoerceRule[] {
  if (option === true) return COERCE_RULES.filter((rule) => rule !== "enum-case");
  if (!option) return [];
  return COERCE_RULES.filter((rule) => option.includes(rule));
}

/** One repair: where, by which rule, what came and what the check read instead (`to` absent: the key was left out). */
export interface Coerced {
  readonly pointer: string;
  readonly path: readonly (string | number)[];
  readonly rule: CoerceRule;
  readonly from: unknown;
  readonly to?: unknown;
}

/** Records a repair at `path` (copied: the walk goes on changing it), `at` below it when given. */
export function record(
  list: Coerced[],
  path: readonly (string | number)[],
  at: string | number | undefined,
  rule: CoerceRule,
  from: unknown,
  to: unknown,
): void {
  const where = at === undefined ? [...path] : [...path, at];
  const pointer = where.map((part) => "/" + escapeKey(String(part))).join("");
  list.push(to === undefined ? { pointer, path: where, rule, from } : { pointer, path: where, rule, from, to });
}

// A JSON number as the grammar writes it, nothing around it: no sign but `-`, no hex, no spaces.
const DECIMAL = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
/** Longer than any number a double holds exactly, written plainly: a megabyte of digits is no number. */
const MAX_NUMBER_TEXT = 40;

/**
 * A numeric string's number: a full decimal literal, finite, and an integer only within 2^53 (past
 * it the number would not be the digits sent). `integer`: only whole numbers. Undefined otherwise.
 */
export function numeric(text: string, integer: boolean): number | undefined {
  if (text.length > MAX_NUMBER_TEXT || !DECIMAL.test(text)) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) return undefined;
  if (Number.isInteger(value) ? !Number.isSafeInteger(value) : integer) return undefined;
  return value;
}

/**
 * JSON text where an object or an array belongs: the value it spells (once or twice encoded), with
 * the rule that read it, or undefined. `loose` also reads the syntax a model gets wrong (json-syntax).
 * Refused: a third encoding, text nested past the depth limit, a `__proto__` key anywhere in it
 * (JSON.parse makes it an own key, which code downstream may read as the prototype).
 */
export function jsonText(text: string, loose: boolean): { value: unknown; rule: CoerceRule } | undefined {
  let read = parse(text, loose);
  if (read && typeof read.value === "string") {
    const again = parse(read.value, loose);
    read = again && { value: again.value, rule: read.rule === "json-syntax" ? read.rule : again.rule };
  }
  if (!read || typeof read.value !== "object" || read.value === null || !sound(read.value)) return undefined;
  return read;
}

function parse(text: string, loose: boolean): { value: unknown; rule: CoerceRule } | undefined {
  try {
    return { value: JSON.parse(text), rule: "json-text" };
  } catch {
    if (!loose) return undefined;
  }
  const cleaned = looseJson(text);
  if (cleaned === undefined) return undefined;
  try {
    return { value: JSON.parse(cleaned), rule: "json-syntax" };
  } catch {
    return undefined;
  }
}

/** No `__proto__` key and no nesting past the depth limit, walked without recursion. */
function sound(root: object): boolean {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value !== "object" || value === null) continue;
    if (depth >= MAX_DEPTH) return false;
    if (Array.isArray(value)) {
      for (const item of value) stack.push([item, depth + 1]);
      continue;
    }
    for (const key of Object.keys(value)) {
      if (key === "__proto__") return false;
      stack.push([(value as Record<string, unknown>)[key], depth + 1]);
    }
  }
  return true;
}

/**
 * The JSON a model meant, as text: a code fence around it taken off, trailing commas dropped, prose
 * after the value cut; undefined when the value does not close (truncated text is never completed)
 * or more JSON follows it.
 * Only an object or an array is read: their end is where the brackets balance.
 */
export function looseJson(text: string): string | undefined {
  let body = text.trim();
  const fence = /^```[A-Za-z0-9_-]*[ \t]*\r?\n([\s\S]*?)\r?\n?```/.exec(body);
  if (fence) body = fence[1].trim();
  if (body[0] !== "{" && body[0] !== "[") return undefined;
  let out = "";
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '"') {
      // A string, escapes and all, copied as it is.
      let j = i + 1;
      while (j < body.length && body[j] !== '"') j += body[j] === "\\" ? 2 : 1;
      if (j >= body.length) return undefined;
      i = j;
    } else if (c === "{" || c === "[") {
      depth++;
    } else if (c === "}" || c === "]") {
      depth--;
      // Prose may follow the value; more JSON may not (`[1]]` is no array with something after it).
      if (depth === 0) return /^\s*[[\]{},":]/.test(body.slice(i + 1, i + 64)) ? undefined : out + body.slice(start, i + 1);
    } else if (c === ",") {
      // A comma with only white space before the closing bracket is dropped.
      let j = i + 1;
      while (j < body.length && /\s/.test(body[j])) j++;
      if (body[j] === "}" || body[j] === "]") {
        out += body.slice(start, i);
        start = i + 1;
      }
    }
  }
  return undefined;
}
