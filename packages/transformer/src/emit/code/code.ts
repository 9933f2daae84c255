/**
 * Generated JavaScript, kept apart from strings. Code is made by the `_` tag, whose holes take only
 * code, numbers, booleans and values written as literals (`lit`): a string from a type (a key, a
 * pattern, an enum value) cannot land in the generated check as code, only as the literal that
 * spells it. ajv's `_` is the model.
 */
export class Code {
  /** Only this module makes code from text; everywhere else it is built from code. */
  private constructor(readonly text: string) {}

  static of(text: string): Code {
    return new Code(text);
  }

  toString(): string {
    return this.text;
  }
}

/** A value written into code as its literal (`"a b"`, `["x",1]`, `null`). */
export const lit = (value: unknown): Code => Code.of(value === undefined ? "undefined" : JSON.stringify(value));

/** A key a property access or an object literal spells bare (`v.query`, `{query:x}`): an ASCII identifier. */
const BARE = /^[A-Za-z_$][\w$]*$/;

/**
 * `object.key`, or `object["key"]` where the key is no identifier: the same property read, shorter.
 * `__proto__` stays bracketed, so a reader sees it is read as any key.
 */
export const member = (object: Code, key: string): Code =>
  Code.of(BARE.test(key) && key !== "__proto__" ? `${object.text}.${key}` : `${object.text}[${JSON.stringify(key)}]`);

/** A key in an object literal: bare where it is an identifier; a computed `__proto__` key is an own property, not the prototype. */
export const literalKey = (name: string): Code => Code.of(name === "__proto__" ? `[${JSON.stringify(name)}]` : BARE.test(name) ? name : JSON.stringify(name));

type Hole = Code | number | boolean;

/** Code from a template: `_\`if(${v}<${limit})return F;\``. */
export function _(strings: TemplateStringsArray, ...holes: Hole[]): Code {
  let text = strings[0];
  holes.forEach((hole, i) => {
    text += (hole instanceof Code ? hole.text : String(hole)) + strings[i + 1];
  });
  return Code.of(text);
}

/** Pieces of code one after another, with `separator` (itself code) between them. */
export const join = (pieces: readonly Code[], separator: Code = empty): Code => Code.of(pieces.map((piece) => piece.text).join(separator.text));

export const empty = Code.of("");
