import { SENTENCES, allowedText, counted, notAllowedText } from "@schemaof/runtime/helpers";

type Sentence = keyof typeof SENTENCES;

/** A hole filled at run time: the code that reads it. */
export interface RunTime {
  readonly code: string;
}

/**
 * The issue messages a generated check builds, as JavaScript expressions: the runtime's sentences
 * (its check/sentences.ts, the one table), their build-time holes filled here and their run-time
 * holes (`{ code }`) left as expressions, so only what came is added at run time
 * (`"must be <= 100, got "+x`).
 */
export function sentenceCode(name: Sentence, holes: Readonly<Record<string, RunTime | string | number>>): string {
  const parts: string[] = [];
  let words = "";
  for (const [i, piece] of SENTENCES[name].split(/\{(\w+)\}/).entries()) {
    const hole = holes[piece];
    if (i % 2 === 0) words += piece;
    else if (hole === undefined) throw new Error(`sentence '${name}' has a hole '${piece}' that nothing fills`);
    else if (typeof hole === "object") {
      parts.push(JSON.stringify(words), hole.code);
      words = "";
    } else words += String(hole);
  }
  if (words || !parts.length) parts.push(JSON.stringify(words));
  return parts.join("+");
}

const run = (code: string): RunTime => ({ code });

export const sayCode = {
  type: (expected: string, nullable: boolean, v: string) =>
    sentenceCode("type", { expected, orNull: nullable ? SENTENCES.orNull : "", got: run(`h.got(${v})`) }),
  oneOf: (values: readonly unknown[], v: string) => sentenceCode("enum", { allowed: allowedText(values), shown: run(`h.show(${v})`) }),
  // The value of these two is known to be a string.
  dateTime: (v: string) => sentenceCode("dateTime", { shown: run(`h.q(${v})`) }),
  format: (format: string, v: string) => sentenceCode("format", { format, shown: run(`h.q(${v})`) }),
  minItems: (limit: number, count: string) => sentenceCode("minItems", { limit: counted(limit, "item"), count: run(count) }),
  maxItems: (limit: number, count: string) => sentenceCode("maxItems", { limit: counted(limit, "item"), count: run(count) }),
  uniqueItems: (first: string, second: string) => sentenceCode("uniqueItems", { first: run(first), second: run(second) }),
  undefinedItem: () => sentenceCode("undefinedItem", {}),
  notAllowed: (known: readonly string[]) => JSON.stringify(notAllowedText(known)),
  absent: () => sentenceCode("absent", {}),
  depth: () => sentenceCode("depth", { limit: run("h.D") }),
};

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
