import { SENTENCES, allowedText, counted, notAllowedText } from "@schemaof/runtime/helpers";

type Sentence = keyof typeof SENTENCES;

/**
 * The issue messages a generated check builds, as JavaScript expressions: the runtime's sentences
 * (its check/sentences.ts, the one table), their build-time holes filled here and their run-time
 * holes left as expressions, so only what came is added at run time (`"must be <= 100, got "+x`).
 */
function sentenceCode(name: Sentence, known: Readonly<Record<string, string | number>>, runtime: Readonly<Record<string, string>> = {}): string {
  const parts: string[] = [];
  let words = "";
  for (const [i, piece] of SENTENCES[name].split(/\{(\w+)\}/).entries()) {
    if (i % 2 === 0) words += piece;
    else if (piece in known) words += String(known[piece]);
    else if (piece in runtime) {
      parts.push(JSON.stringify(words), runtime[piece]);
      words = "";
    } else throw new Error(`sentence '${name}' has a hole '${piece}' that nothing fills`);
  }
  if (words || !parts.length) parts.push(JSON.stringify(words));
  return parts.join("+");
}

export const sayCode = {
  type: (expected: string, nullable: boolean, v: string) =>
    sentenceCode("type", { expected, orNull: nullable ? SENTENCES.orNull : "" }, { got: `h.got(${v})` }),
  oneOf: (values: readonly unknown[], v: string) => sentenceCode("enum", { allowed: allowedText(values) }, { shown: `h.show(${v})` }),
  // The value of these three is known to be a string.
  dateTime: (v: string) => sentenceCode("dateTime", {}, { shown: `h.q(${v})` }),
  pattern: (pattern: string, v: string) => sentenceCode("pattern", { pattern }, { shown: `h.q(${v})` }),
  format: (format: string, v: string) => sentenceCode("format", { format }, { shown: `h.q(${v})` }),
  minLength: (limit: number, count: string) => sentenceCode("minLength", { limit: counted(limit, "character") }, { count }),
  maxLength: (limit: number, count: string) => sentenceCode("maxLength", { limit: counted(limit, "character") }, { count }),
  minimum: (limit: number, v: string) => sentenceCode("minimum", { limit }, { value: v }),
  maximum: (limit: number, v: string) => sentenceCode("maximum", { limit }, { value: v }),
  exclusiveMinimum: (limit: number, v: string) => sentenceCode("exclusiveMinimum", { limit }, { value: v }),
  exclusiveMaximum: (limit: number, v: string) => sentenceCode("exclusiveMaximum", { limit }, { value: v }),
  multipleOf: (limit: number, v: string) => sentenceCode("multipleOf", { limit }, { value: v }),
  minItems: (limit: number, count: string) => sentenceCode("minItems", { limit: counted(limit, "item") }, { count }),
  maxItems: (limit: number, count: string) => sentenceCode("maxItems", { limit: counted(limit, "item") }, { count }),
  uniqueItems: (first: string, second: string) => sentenceCode("uniqueItems", {}, { first, second }),
  undefinedItem: () => sentenceCode("undefinedItem", {}),
  notAllowed: (known: readonly string[]) => JSON.stringify(notAllowedText(known)),
  absent: () => sentenceCode("absent", {}),
  depth: () => sentenceCode("depth", {}, { limit: "h.D" }),
};

/** The helper that checks a format, by the format's JSON Schema name: `date-time` is `h.dateTime`. */
export const formatHelper = (format: string) => `h.${format === "date-time" ? "dateTime" : format}`;

/**
 * A message's final expression, with the place's words (`"/langue "`) joined into its leading
 * literal here rather than at run time. A message that ends by showing a value
 * (`"… got "+h.q(x)`) shows a short string with nothing to escape by putting the quotes in its own
 * concatenation (`h.p(x)?"… got \""+x+"\"":"… got "+h.q(x)`): V8 joins a long literal and a string
 * without copying, where building the quoted string apart copied it twice, and was most of the cost
 * of an issue.
 */
export function messageCode(place: string, message: string): string {
  const leading = /^"(?:[^"\\]|\\.)*"/.exec(message);
  const words = leading ? place + (JSON.parse(leading[0]) as string) : place;
  const rest = leading ? message.slice(leading[0].length) : `+${message}`;
  const shown = /^\+h\.(q|show)\((\w+)\)$/.exec(rest);
  if (!shown) return words ? JSON.stringify(words) + rest : rest.slice(1);
  const [, helper, v] = shown;
  return `(h.p(${v})?${JSON.stringify(`${words}"`)}+${v}+'"':${JSON.stringify(words)}+h.${helper}(${v}))`;
}
