import type { Docs } from "../types/TypeView";
import { RULES } from "@schemaof/runtime/helpers";
import type { Meta } from "../model/Shape";
import type { JsonValue } from "../model/Json";
import { Code, report, type Context, type Path } from "./Context";
import { isConstraintKeyword } from "./applyConstraints";

export interface DocReading {
  readonly meta: Meta;
  readonly constraints: Record<string, JsonValue>;
  /** `@default`: a value for the schema and the mapper. */
  readonly default?: JsonValue;
  /** `@key error.message`. */
  readonly key?: string[];
  /** `@integer`. */
  readonly integer?: boolean;
}

/** JSDoc tags that are flags (`@uniqueItems`), and those whose text is a number. */
const FLAGS = new Set(Object.entries(RULES).flatMap(([name, rule]) => (rule.value === "true" ? [name] : [])));
const NUMERIC = new Set(
  Object.entries(RULES).flatMap(([name, rule]) => (rule.value === "count" || rule.value === "number" || rule.value === "positive" ? [name] : [])),
);

/**
 * Reads a declaration's JSDoc: its text becomes `description`; `@title`, `@example`, `@deprecated`,
 * `@default`, `@key`, `@integer` and the constraint tags (`@minimum 1`, `@pattern ^[a-z]{2}$`, …).
 */
export function readDocs(ctx: Context, docs: Docs | undefined, path: Path): DocReading {
  const meta: { -readonly [K in keyof Meta]: Meta[K] } = {};
  const constraints: Record<string, JsonValue> = {};
  const reading: { -readonly [K in keyof DocReading]: DocReading[K] } = { meta, constraints };
  if (!docs) return reading;
  if (docs.text) meta.description = docs.text;
  const examples: JsonValue[] = [];
  for (const { name, text } of docs.tags) {
    if (name === "title") meta.title = text;
    else if (name === "example") examples.push(parseValue(text));
    else if (name === "deprecated") meta.deprecated = true;
    else if (name === "default") reading.default = parseValue(text);
    else if (name === "key") reading.key = text.split(".").map((part) => part.trim());
    else if (name === "integer") reading.integer = true;
    else if (FLAGS.has(name)) constraints[name] = true;
    else if (NUMERIC.has(name)) {
      const value = text.trim() === "" ? NaN : Number(text);
      if (Number.isFinite(value)) constraints[name] = value;
      else report(ctx, Code.InvalidTag, path, `'@${name}' takes a number, got '${text}'.`);
    } else if (isConstraintKeyword(name)) constraints[name] = text.trim();
  }
  if (examples.length) meta.examples = examples;
  if (reading.key && reading.key.some((part) => part === "")) {
    report(ctx, Code.InvalidTag, path, `'@key ${reading.key.join(".")}' has an empty segment; write it as 'parent.child'.`);
    reading.key = undefined;
  }
  return reading;
}

/**
 * A tag's text as JSON when it parses (`@default 10`, `@example ["a"]`); a string in single quotes or
 * backticks as that string (`@default 'utf8'`, as JSDoc in the wild writes it); else the text itself.
 */
function parseValue(text: string): JsonValue {
  const trimmed = text.trim();
  try {
    return JSON.parse(trimmed) as JsonValue;
  } catch {
    const quoted = /^(['`])([^'`\\]*)\1$/.exec(trimmed);
    return quoted ? quoted[2] : trimmed;
  }
}
