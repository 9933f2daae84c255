import type { PropertyPlan } from "@schemaof/runtime/helpers";
import { Code, _, empty, join, lit, member } from "./code";

/**
 * What the two code generators (toCheckSource, toMapSource) build their output with: fresh names,
 * the setup lines that run once when a check is made (compiled patterns, key sets, functions), the
 * runtime helpers the code calls, and the frame `(h)=>{…}` that receives them.
 */
export interface GeneratedCode {
  /** A name not used yet in this check: `R3`, `F7`. */
  fresh(prefix: string): Code;
  /** Adds a line that runs once, when the check is made. */
  once(line: Code): void;
  /** Adds a constant made once, when the check is made: `name=value`, declared with its neighbours (`const A=…,B=…;`). */
  constant(name: Code, value: Code): void;
  /** A pattern compiled once, as the runtime compiles them: the name of its constant (one a pattern). */
  regex(pattern: string): Code;
  /** A set of keys made once: the name of its constant (one a list of keys, however many objects declare it). */
  keySet(keys: readonly string[]): Code;
  /**
   * The words of a message that shows a value, as two constants made once: the words, and the words
   * with the opening quote of a value shown plain (see messageCode). A message's words were written
   * twice, once for each way of showing the value.
   */
  words(text: string): readonly [plain: Code, quoted: Code];
  /** `h.name`: a helper of the runtime's, recorded, so the plan binds exactly the helpers its code calls. */
  h(name: string): Code;
  /** The helpers the code calls, sorted. */
  helpers(): string[];
  /** `(h)=>{<setup>return <result>;}`: the check, with its setup before it. */
  frame(result: Code, prelude?: Code): string;
}

/** A generated function's source, and the runtime helpers it calls (`h.len` is `len`). */
export interface GeneratedSource {
  readonly source: string;
  readonly helpers: readonly string[];
}

export function createGeneratedCode(): GeneratedCode {
  let counter = 0;
  // A constant is its declarator (`R3=h.re(…)`): constants in a row are one `const` statement.
  const setup: ({ line: Code } | { constant: Code })[] = [];
  const patterns = new Map<string, Code>();
  const keySets = new Map<string, Code>();
  const wordings = new Map<string, readonly [Code, Code]>();
  const used = new Set<string>();
  // Prefixes and helper names are this file's callers' own words, never a type's.
  const fresh = (prefix: string) => Code.of(`${prefix}${counter++}`);
  const h = (name: string) => {
    used.add(name);
    return Code.of(`h.${name}`);
  };
  return {
    fresh,
    h,
    helpers: () => [...used].sort(),
    once: (line) => void setup.push({ line }),
    constant: (name, value) => void setup.push({ constant: _`${name}=${value}` }),
    regex(pattern) {
      let name = patterns.get(pattern);
      if (!name) {
        patterns.set(pattern, (name = fresh("R")));
        setup.push({ constant: _`${name}=${h("re")}(${lit(pattern)})` });
      }
      return name;
    },
    keySet(keys) {
      const list = lit(keys);
      let name = keySets.get(list.text);
      if (!name) {
        keySets.set(list.text, (name = fresh("K")));
        setup.push({ constant: _`${name}=new Set(${list})` });
      }
      return name;
    },
    words(text) {
      let names = wordings.get(text);
      if (!names) {
        names = [fresh("W"), fresh("W")];
        wordings.set(text, names);
        setup.push({ constant: _`${names[0]}=${lit(text)}` }, { constant: _`${names[1]}=${h("wq")}(${names[0]})` });
      }
      return names;
    },
    frame(result, prelude = Code.of("")) {
      const body = _`${prelude}${statements(setup)}return ${result};`;
      // What plainObject's inline test reads, where the code has one.
      const plain = /\b(?:G|OP)\b/.test(body.text) ? "const G=Object.getPrototypeOf,OP=Object.prototype;" : "";
      return _`(h)=>{${Code.of(plain)}${body}}`.text;
    },
  };
}

/** The setup as statements: each line as it is, each run of constants one `const`. */
function statements(setup: readonly ({ line: Code } | { constant: Code })[]): Code {
  const out: Code[] = [];
  let run: Code[] = [];
  const flush = () => {
    if (run.length) out.push(_`const ${join(run, _`,`)};`);
    run = [];
  };
  for (const item of setup) {
    if ("constant" in item) run.push(item.constant);
    else {
      flush();
      out.push(item.line);
    }
  }
  flush();
  return join(out);
}

/**
 * A plain object, as JSON.parse makes them (not an array, a Date, a Map, a class instance), inline.
 * Reading `constructor` first lets V8 know the object's shape, and then answer getPrototypeOf without
 * a call; an object whose `constructor` says otherwise (its own key, a null prototype) is asked directly.
 */
export const plainObject = (v: Code) => _`(typeof ${v}==="object"&&${v}!==null&&((${v}.constructor===Object&&G(${v})===OP)||G(${v})===OP||G(${v})===null))`;

/**
 * Whether the property's value `x`, read off `object`, counts as left out: undefined, `null` where
 * the provider sends it for a key left out (openai-strict), or a key Object.prototype has that the
 * object lacks (on a plain object it can only be read from the object itself).
 */
export function leftOut(x: Code, property: PropertyPlan, object: Code, gen: GeneratedCode): Code {
  const own = property.key in Object.prototype ? _`||!${gen.h("own")}(${object},${lit(property.key)})` : empty;
  return _`${x}===undefined${property.nullAbsent ? _`||${x}===null` : empty}${own}`;
}

/** A value (a default) as an expression that builds a fresh copy each time it runs. */
export function freshLiteral(value: unknown): Code {
  return typeof value === "object" && value !== null ? _`JSON.parse(${lit(JSON.stringify(value))})` : lit(value);
}

/**
 * `out[name]=value` as code. A key named `__proto__` would set the prototype instead (the transformer
 * refuses such properties, but a plan from elsewhere may have one): it is defined as an own property.
 */
export function store(out: Code, name: string, value: Code): Code {
  return name === "__proto__"
    ? _`Object.defineProperty(${out},"__proto__",{value:${value},enumerable:true,writable:true,configurable:true});`
    : _`${member(out, name)}=${value};`;
}
