import { RULES, SENTENCES, allowedText, counted, notAllowedText, type RuleName } from "@schemaof/runtime/helpers";
import { Code, _, join, lit } from "./code";

type Sentence = keyof typeof SENTENCES;

/**
 * A hole filled at run time: an expression (`{ code: "x3" }`), or a call of one of the runtime's
 * helpers on one (`{ call: "q", arg: "x3" }`), which the code it lands in records as used.
 */
export type RunTime = { readonly code: Code } | { readonly call: string; readonly arg?: Code };

/** An issue's message as the generator holds it: words, and what is read at run time, in order. */
export type Message = readonly (string | RunTime)[] & { readonly atPlace?: PlaceIssue };

/**
 * An issue the runtime words itself at a place known at build time (`h.ti(c,P3,"string",x)`): the
 * commonest three, whose words each place would otherwise write out whole. Its helper, its keyword,
 * and what the code hands it after the context and the place; the words it makes are the message's.
 */
export interface PlaceIssue {
  readonly helper: string;
  readonly keyword: string;
  readonly args: readonly Code[];
}

const atPlace = (message: Message, issue: PlaceIssue): Message => Object.assign([...message], { atPlace: issue });

/** A message with no run-time part. */
export const text = (words: string): Message => [words];

/**
 * A runtime sentence (its check/sentences.ts; a keyword's, its keyword table entry) as a message: its build-time holes
 * filled here, its run-time holes kept as what reads them, so only what came is added at run time
 * (`"must be <= 100, got "+x`).
 */
export const sentence = (name: Sentence, holes: Holes): Message => toMessage(name, SENTENCES[name], holes);

/** A keyword's sentence (its entry in the runtime's keyword table) as a message. */
export const keywordSentence = (keyword: RuleName, holes: Holes): Message => toMessage(keyword, RULES[keyword].sentence, holes);

type Holes = Readonly<Record<string, RunTime | string | number>>;

function toMessage(name: string, template: string, holes: Holes): Message {
  const parts: (string | RunTime)[] = [];
  let words = "";
  for (const [i, piece] of template.split(/\{(\w+)\}/).entries()) {
    const hole = holes[piece];
    if (i % 2 === 0) words += piece;
    else if (hole === undefined) throw new Error(`sentence '${name}' has a hole '${piece}' that nothing fills`);
    else if (typeof hole === "object") {
      parts.push(words, hole);
      words = "";
    } else words += String(hole);
  }
  if (words || !parts.length) parts.push(words);
  return parts;
}

const call = (name: string, arg?: Code): RunTime => ({ call: name, arg });
const code = (expression: Code): RunTime => ({ code: expression });

export const sayCode = {
  type: (expected: string, nullable: boolean, v: Code) => {
    const orNull = nullable ? SENTENCES.orNull : "";
    return atPlace(sentence("type", { expected, orNull, got: call("got", v) }), { helper: "ti", keyword: "type", args: [lit(expected + orNull), v] });
  },
  required: (expects: string) => atPlace(sentence("required", { expects }), { helper: "ri", keyword: "required", args: [lit(expects)] }),
  oneOf: (values: readonly unknown[], v: Code, names?: readonly string[]) => sentence("enum", { allowed: allowedText(values, names), shown: call("show", v) }),
  oneNumber: (values: readonly unknown[], v: Code, names?: readonly string[]) =>
    sentence("enumNumber", { allowed: allowedText(values, names), shown: call("show", v) }),
  // The value of these two is known to be a string.
  dateTime: (v: Code) => sentence("dateTime", { shown: call("q", v) }),
  format: (format: string, v: Code) => keywordSentence("format", { format, shown: call("q", v) }),
  minItems: (limit: number, count: Code) => keywordSentence("minItems", { limit: counted(limit, "item"), count: code(count) }),
  maxItems: (limit: number, count: Code) => keywordSentence("maxItems", { limit: counted(limit, "item"), count: code(count) }),
  uniqueItems: (first: Code, second: Code) => keywordSentence("uniqueItems", { first: code(first), second: code(second) }),
  undefinedItem: () => sentence("undefinedItem", {}),
  notAllowed: (known: readonly string[], patterns?: readonly string[]) => text(notAllowedText(known, patterns)),
  absent: () => sentence("absent", {}),
  depth: () => sentence("depth", { limit: call("D") }),
  protoKey: () => sentence("protoKey", {}),
  // Worded by the runtime when it happens (`h.NO`): every optional property would carry it.
  nullOptional: (): Message => atPlace([{ call: "NO" }], { helper: "ni", keyword: "type", args: [] }),
};

/**
 * A message's final expression, with the place's words (`"/langue "`) joined into its leading
 * words here rather than at run time. A message that ends by showing a value (`"… got "+h.q(x)`)
 * shows a short string with nothing to escape by putting the quotes in its own concatenation
 * (`h.p(x)?"… got \""+x+"\"":"… got "+h.q(x)`): V8 joins a long literal and a string without
 * copying, where building the quoted string apart copied it twice, and was most of the cost of an
 * issue. `h` names (and records) a helper.
 */
export function messageCode(place: string, message: Message, h: (name: string) => Code, words?: (text: string) => readonly [Code, Code]): Code {
  const [first, ...rest] = message;
  const text = place + (typeof first === "string" ? first : "");
  const others = typeof first === "string" ? rest : message;
  const [only] = others;
  // A name (`x3`), not an expression, can be read twice.
  const shown =
    others.length === 1 && typeof only === "object" && "call" in only && (only.call === "q" || only.call === "show") && only.arg && /^\w+$/.test(only.arg.text)
      ? only
      : undefined;
  if (shown && "call" in shown && shown.arg) {
    const v = shown.arg;
    // Words long enough to pay for their two constants are written once (`W4+h.q(x)`).
    if (words && text.length > 24) {
      const [plain, quoted] = words(text);
      return _`(${h("p")}(${v})?${quoted}+${v}+'"':${plain}+${h(shown.call)}(${v}))`;
    }
    return _`(${h("p")}(${v})?${lit(`${text}"`)}+${v}+'"':${lit(text)}+${h(shown.call)}(${v}))`;
  }
  const parts = others.map((part) => (typeof part === "string" ? lit(part) : render(part, h)));
  if (!parts.length) return lit(text);
  return text ? _`${lit(text)}+${join(parts, plus)}` : join(parts, plus);
}

const plus = _`+`;

/** A run-time hole as code; a helper constant (`h.D`) is a call with no argument. */
export function render(part: RunTime, h: (name: string) => Code): Code {
  if ("code" in part) return part.code;
  return part.arg === undefined ? h(part.call) : _`${h(part.call)}(${part.arg})`;
}
