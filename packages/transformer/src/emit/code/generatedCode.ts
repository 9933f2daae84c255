import type { PropertyPlan } from "@schemaof/runtime/helpers";
import { Code, _, empty, join, lit } from "./code";

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
  /** A pattern compiled once, as the runtime compiles them: the name of its constant (one a pattern). */
  regex(pattern: string): Code;
  /** A set of keys made once: the name of its constant (one a list of keys, however many objects declare it). */
  keySet(keys: readonly string[]): Code;
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
  const setup: Code[] = [];
  const patterns = new Map<string, Code>();
  const keySets = new Map<string, Code>();
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
    once: (line) => void setup.push(line),
    regex(pattern) {
      let name = patterns.get(pattern);
      if (!name) {
        patterns.set(pattern, (name = fresh("R")));
        setup.push(_`const ${name}=${h("re")}(${lit(pattern)});`);
      }
      return name;
    },
    keySet(keys) {
      const list = lit(keys);
      let name = keySets.get(list.text);
      if (!name) {
        keySets.set(list.text, (name = fresh("K")));
        setup.push(_`const ${name}=new Set(${list});`);
      }
      return name;
    },
    frame(result, prelude = Code.of("")) {
      const body = _`${prelude}${join(setup)}return ${result};`;
      // What plainObject's inline test reads, where the code has one.
      const plain = /\b(?:G|OP)\b/.test(body.text) ? "const G=Object.getPrototypeOf,OP=Object.prototype;" : "";
      return _`(h)=>{${Code.of(plain)}${body}}`.text;
    },
  };
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
    : _`${out}[${lit(name)}]=${value};`;
}

/** A key in an object literal; a computed `__proto__` key is an own property, not the prototype. */
export const literalKey = (name: string): Code => (name === "__proto__" ? _`[${lit(name)}]` : lit(name));
