/**
 * What the two code generators (toCheckSource, toFastSource) build their output with: fresh names,
 * the setup lines that run once when a check is made (compiled patterns, key sets, functions), and
 * the frame `(h)=>{…}` that receives the runtime's helpers.
 */
export interface GeneratedCode {
  /** A name not used yet in this check: `R3`, `F7`. */
  fresh(prefix: string): string;
  /** Adds a line that runs once, when the check is made. */
  once(line: string): void;
  /** A pattern compiled once, as the runtime compiles them: the name of its constant. */
  regex(pattern: string): string;
  /** `(h)=>{<setup>return <result>;}`: the check, with its setup before it. */
  frame(result: string): string;
}

export function createGeneratedCode(): GeneratedCode {
  let counter = 0;
  const setup: string[] = [];
  const fresh = (prefix: string) => `${prefix}${counter++}`;
  return {
    fresh,
    once: (line) => void setup.push(line),
    regex(pattern) {
      const name = fresh("R");
      setup.push(`const ${name}=h.re(${JSON.stringify(pattern)});`);
      return name;
    },
    frame: (result) => `(h)=>{const G=Object.getPrototypeOf,OP=Object.prototype;${setup.join("")}return ${result};}`,
  };
}

/** A plain object, as JSON.parse makes them (not an array, a Date, a Map, a class instance), inline. */
export const plainObject = (v: string) => `(typeof ${v}==="object"&&${v}!==null&&(G(${v})===OP||G(${v})===null))`;
