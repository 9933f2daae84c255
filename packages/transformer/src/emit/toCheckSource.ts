/**
 * Plan -> JavaScript: the full check specialised to one type, emitted into the user's build beside
 * the call (`make: (h) => (v, c) => …`), so the run time interprets nothing and evaluates no code. It
 * runs when the happy path (toMapSource) gives up, and reports every issue into the context; it makes
 * no value (the happy path does). `h` is the runtime's helpers (issue list, messages, formats); the
 * generated code inlines the type tests, the bounds and the loops, and builds an issue's path only
 * when there is an issue to report.
 *
 * Texts that depend only on the type (the allowed values of an enum) are worked out here, once.
 *
 * The plan is the contract (see @schemaof/runtime's plan.ts); this file only reads it.
 */
import { messageCode, sayCode } from "./messageSource";
import { fill, requiredOneOfText } from "@schemaof/runtime/helpers";
import { countTests, numberTests, stringTests, type RuleTest } from "./ruleTests";
import { createGeneratedCode, plainObject as plain } from "./generatedCode";

type Json = any; // the plan as JSON; its shape is checked by the runtime's interpreter tests

interface Scope {
  /** The variable holding the context. */
  readonly ctx: string;
  /** Variables holding the path prefix and its JSON Pointer (inside a definition's function), or none at the root. */
  readonly base?: { readonly path: string; readonly pointer: string };
  /** Path segments below the base, as code (`"lines"`, `i3`). */
  readonly segs: readonly string[];
  /** The nesting depth, as code. */
  readonly depth: string;
}

export function toCheckSource(plan: Json): string {
  const gen = createGeneratedCode();
  const { fresh, regex } = gen;
  const defFunctions = new Map<string, string>();
  const defs: Record<string, Json> = plan.defs ?? {};

  const path = (scope: Scope, ...more: string[]) => {
    const parts = [...scope.segs, ...more];
    return scope.base ? (parts.length ? `[...${scope.base.path},${parts.join(",")}]` : `[...${scope.base.path}]`) : `[${parts.join(",")}]`;
  };
  /** The JSON Pointer as an expression: static keys escaped now, indexes and map keys at run time. */
  const pointer = (scope: Scope, ...more: string[]) => {
    const pieces: string[] = scope.base ? [scope.base.pointer] : [];
    let text = "";
    const flush = () => {
      if (text) pieces.push(JSON.stringify(text));
      text = "";
    };
    for (const segment of [...scope.segs, ...more]) {
      if (segment.startsWith('"')) text += "/" + (JSON.parse(segment) as string).replace(/~/g, "~0").replace(/\//g, "~1");
      else if (/^\d+$/.test(segment)) text += "/" + segment;
      else {
        text += "/";
        flush();
        pieces.push(segment.startsWith("e") ? `h.esc(${segment})` : segment);
      }
    }
    flush();
    return pieces.length ? pieces.join("+") : '""';
  };
  /**
   * Records an issue. Where the place is known at build time (no index, no map key, not inside a
   * definition's function), its path is a frozen constant made once and its message is whole
   * (`"/limite must be <= 100, got "+x`), as ajv's are constants; elsewhere both are put together
   * at run time.
   */
  const staticPaths = new Map<string, string>();
  const fail = (scope: Scope, keyword: string, text: string, ...more: string[]) => {
    const segments = [...scope.segs, ...more];
    if (scope.base || !segments.every((segment) => segment.startsWith('"') || /^\d+$/.test(segment))) {
      return `h.f(${scope.ctx},${path(scope, ...more)},${pointer(scope, ...more)},${JSON.stringify(keyword)},${messageCode("", text)})`;
    }
    const at = JSON.parse(pointer(scope, ...more)) as string;
    const array = `[${segments.join(",")}]`;
    let constant = staticPaths.get(array);
    if (!constant) {
      constant = fresh("P");
      staticPaths.set(array, constant);
      gen.once(`const ${constant}=Object.freeze(${array});`);
    }
    return `h.g(${scope.ctx},${constant},${JSON.stringify(at)},${JSON.stringify(keyword)},${messageCode(`${at || "the arguments"} `, text)})`;
  };
  const lit = (value: unknown) => JSON.stringify(value);

  function defFunction(name: string): string {
    let fn = defFunctions.get(name);
    if (fn) return fn;
    fn = fresh("D");
    defFunctions.set(name, fn);
    const scope: Scope = { ctx: "c", base: { path: "P", pointer: "Q" }, segs: [], depth: "d" };
    gen.once(`function ${fn}(v,c,P,Q,d){if(d>=h.D){${fail(scope, "depth", sayCode.depth())};return;}${node(defs[name], "v", scope)}}`);
    return fn;
  }

  /** Statements that report every issue of `v` against `n`. */
  function node(n: Json, v: string, scope: Scope): string {
    const inner = kind(n, v, scope);
    return n.n ? `if(${v}!==null){${inner}}` : inner;
  }

  const typeFail = (scope: Scope, expected: string, n: Json, v: string) => `${fail(scope, "type", sayCode.type(expected, !!n.n, v))};`;

  function kind(n: Json, v: string, scope: Scope): string {
    switch (n.t) {
      case "any": {
        // Copied only to be checked as JSON (the happy path makes the value).
        const copy = `h.any(${v},${scope.ctx},${path(scope)},${scope.depth});`;
        return n.object ? `if(typeof ${v}!=="object"||${v}===null||Array.isArray(${v}))${typeFail(scope, "object", n, v)}else ${copy}` : copy;
      }
      case "boolean":
        return `if(typeof ${v}!=="boolean")${typeFail(scope, "boolean", n, v)}`;
      case "null":
        return `if(${v}!==null)${typeFail(scope, "null", { n: 0 }, v)}`;
      case "enum": {
        const test = n.v.map((value: unknown) => `${v}!==${lit(value)}`).join("&&") || "true";
        return `if(${test})${fail(scope, "enum", sayCode.oneOf(n.v, v))};`;
      }
      case "date":
        if (n.f === "date") return `if(typeof ${v}!=="string")${typeFail(scope, "string", n, v)}else if(!h.date(${v}))${fail(scope, "format", sayCode.format("date", v))};`;
        return `if(typeof ${v}!=="string")${typeFail(scope, "string", n, v)}else if(!h.dateTime(${v}))${fail(scope, "format", sayCode.dateTime(v))};`;
      case "string":
        return `if(typeof ${v}!=="string")${typeFail(scope, "string", n, v)}else{${report(stringTests(n.r ?? {}, v, regex), scope)}}`;
      case "number": {
        const test = n.int ? `typeof ${v}!=="number"||!Number.isInteger(${v})` : `typeof ${v}!=="number"||!Number.isFinite(${v})`;
        return `if(${test})${typeFail(scope, n.int ? "integer" : "number", n, v)}else{${report(numberTests(n.r ?? {}, v), scope)}}`;
      }
      case "array":
        return array(n, v, scope);
      case "tuple":
        return tuple(n, v, scope);
      case "object":
        return object(n, v, scope);
      case "union":
        return union(n, v, scope);
      case "ref":
        return `${defFunction(n.to)}(${v},${scope.ctx},${path(scope)},${pointer(scope)},${scope.depth}+1);`;
      default:
        throw new Error(`unknown plan node '${n.t}'`);
    }
  }

  /** Each broken rule is an issue. */
  const report = (tests: readonly RuleTest[], scope: Scope) => tests.map((t) => `if(${t.broken})${fail(scope, t.keyword, t.message)};`).join("");

  /**
   * minItems, maxItems, then uniqueItems if the items are sound: no issue was added by them (since
   * `before`, marked just before the items; when the list is full nothing more is added anyway).
   * Soundness is taken before the count tests, so that `maxItems` does not hide a repeat.
   */
  function counts(rules: Json, v: string, before: string, scope: Scope): string {
    const tests = report(countTests(rules, v), scope);
    if (!rules.uniqueItems) return tests;
    const [sound, pair] = [fresh("s"), fresh("q")];
    const repeat = `const ${pair}=h.rep(${v});if(${pair})${fail(scope, "uniqueItems", sayCode.uniqueItems(`${pair}[0]`, `${pair}[1]`))};`;
    return `const ${sound}=${scope.ctx}.issues.length===${before};${tests}if(${sound}){${repeat}}`;
  }
  const mark = (rules: Json, scope: Scope) => {
    if (!rules?.uniqueItems) return { before: "0", code: "" };
    const before = fresh("n");
    return { before, code: `const ${before}=${scope.ctx}.issues.length;` };
  };

  /**
   * A loop over items or keys goes on while the issue list has room: past the cap nothing more is
   * reported, and a million bad items would otherwise each build a message for nothing.
   */
  const full = (scope: Scope) => `${scope.ctx}.issues.length>=${scope.ctx}.max`;
  const room = (scope: Scope) => `&&!(${full(scope)})`;

  /** One item at index `i` (code). */
  function item(n: Json, v: string, i: string, scope: Scope): string {
    const x = fresh("x");
    const child = node(n, x, { ...scope, segs: [...scope.segs, i], depth: `${scope.depth}+1` });
    return `{const ${x}=${v}[${i}];if(${x}===undefined)${fail(scope, "type", sayCode.undefinedItem(), i)};else{${child}}}`;
  }

  function array(n: Json, v: string, scope: Scope): string {
    const i = fresh("i");
    const start = mark(n.r, scope);
    return `if(!Array.isArray(${v}))${typeFail(scope, "array", n, v)}else{${start.code}for(let ${i}=0;${i}<${v}.length${room(scope)};${i}++)${item(n.i, v, i, scope)}${counts(n.r ?? {}, v, start.before, scope)}}`;
  }

  function tuple(n: Json, v: string, scope: Scope): string {
    const start = mark(n.r, scope);
    let code = `if(!Array.isArray(${v}))${typeFail(scope, "array", n, v)}else{`;
    code += `if(${v}.length<${n.min})${fail(scope, "minItems", sayCode.minItems(n.min, `${v}.length`))};`;
    if (!n.rest) code += `if(${v}.length>${n.p.length})${fail(scope, "maxItems", sayCode.maxItems(n.p.length, `${v}.length`))};`;
    // Marked after the tuple's own length tests: only the items' issues make them unsound.
    code += start.code;
    n.p.forEach((element: Json, index: number) => {
      code += `if(${v}.length>${index})${item(element, v, String(index), scope)}`;
    });
    if (n.rest) {
      const i = fresh("i");
      code += `for(let ${i}=${n.p.length};${i}<${v}.length${room(scope)};${i}++)${item(n.rest, v, i, scope)}`;
    }
    return code + `${counts(n.r ?? {}, v, start.before, scope)}}`;
  }

  function object(n: Json, v: string, scope: Scope): string {
    let code = `if(!${plain(v)})${typeFail(scope, "object", n, v)}else{`;
    for (const property of n.p) {
      const key = lit(property.k);
      const x = fresh("x");
      const child = node(property.p, x, { ...scope, segs: [...scope.segs, key], depth: `${scope.depth}+1` });
      // On a plain object, a key Object.prototype lacks can only be read from the object itself.
      const absent = property.k in Object.prototype ? `${x}===undefined||!h.own(${v},${key})` : `${x}===undefined`;
      if (property.absent) {
        code += `{const ${x}=${v}[${key}];if(!(${absent}))${fail(scope, "false schema", sayCode.absent(), key)};}`;
        continue;
      }
      code += property.req
        ? `{const ${x}=${v}[${key}];if(${absent})${fail(scope, "required", lit(fill("required", { expects: property.exp ?? "" })), key)};else{${child}}}`
        : `{const ${x}=${v}[${key}];if(!(${absent})){${child}}}`;
    }
    if (n.add || n.closed || n.pat || n.p.length > 0) {
      const known = fresh("K");
      const keys = n.p.map((p: Json) => p.k);
      // The keys the message lists are those a value may be sent for.
      const allowed = n.p.filter((p: Json) => !p.absent).map((p: Json) => p.k);
      gen.once(`const ${known}=new Set(${lit(keys)});`);
      const key = fresh("e");
      const x = fresh("x");
      const inner = { ...scope, segs: [...scope.segs, key], depth: `${scope.depth}+1` };
      // Without add, closed or patterns the walk runs only when the caller rejects unknown keys.
      const always = n.add || n.closed || n.pat;
      const notAllowed = `${fail(scope, "additionalProperties", sayCode.notAllowed(allowed), key)};`;
      const rest = n.add ? node(n.add, x, inner) : n.closed || !always ? notAllowed : n.p.length > 0 ? `if(${scope.ctx}.reject)${notAllowed}` : "";
      let each = `const ${x}=${v}[${key}];`;
      if (n.pat) {
        // Every pattern a key matches checks its value, a declared key's too (as JSON Schema reads
        // patternProperties); a key of a pattern is no extra key.
        const matched = fresh("m");
        const own = fresh("o");
        each += `const ${own}=${known}.has(${key});let ${matched}=false;if(!${own}||${x}!==undefined){`;
        for (const [pattern, value] of n.pat as [string, Json][]) each += `if(${regex(pattern)}.test(${key})){${matched}=true;${node(value, x, inner)}}`;
        each += `}if(!${own}&&!${matched}){${rest}}`;
      } else each = `if(!${known}.has(${key})){${each}${rest}}`;
      const walk = `for(const ${key} of Object.keys(${v})){if(${full(scope)})break;${each}}`;
      code += always ? walk : `if(${scope.ctx}.reject)${walk}`;
    }
    return code + "}";
  }

  function union(n: Json, v: string, scope: Scope): string {
    const members: Json[] = n.m;
    // Any other union: the first member with no issue, tried with a scratch issue list.
    let tries = `${fail(scope, "anyOf", lit(n.sum ?? `must match one of ${members.length} forms`))};`;
    for (let index = members.length - 1; index >= 0; index--) {
      const trial = fresh("t");
      tries = `{const ${trial}=h.trial(${scope.ctx});${node(members[index], v, { ...scope, ctx: trial })}if(${trial}.issues.length){${tries}}}`;
    }
    // A value whose JSON type only one member takes is checked by that member, which says what is wrong.
    const selected = n.d === undefined ? membersByType(members) : undefined;
    if (selected && selected.size > 0) {
      const branches = [...selected].map(([type, member]) => `if(${isJsonType(type, v)}){${node(member, v, scope)}}`);
      tries = `${branches.join("else ")}else{${tries}}`;
    }
    if (n.d === undefined) return tries;
    const values: unknown[] = n.dv;
    const cases = members.map((member, index) => `case ${lit(values[index])}:{${node(member, v, scope)}break;}`);
    const d = lit(n.d);
    // Left out, the discriminator is a required key; sent wrong, a value not among its own.
    const wrong = `if(${v}[${d}]===undefined)${fail(scope, "required", lit(requiredOneOfText(values)), d)};else ${fail(scope, "enum", sayCode.oneOf(values, `${v}[${d}]`), d)};`;
    return `if(${plain(v)}){switch(${v}[${d}]){${cases.join("")}default:${wrong}}}else{${tries}}`;
  }

  const root = node(plan.root, "v", { ctx: "c", segs: [], depth: "0" });
  return gen.frame(`(v,c)=>{${root}}`);
}

/** Each JSON type only one member takes, with that member; undefined when a member's types cannot be told (a ref, a union, any value). */
function membersByType(members: readonly Json[]): Map<string, Json> | undefined {
  const count = new Map<string, number>();
  const owner = new Map<string, Json>();
  for (const member of members) {
    const types = jsonTypes(member);
    if (!types) return undefined;
    for (const type of types) {
      count.set(type, (count.get(type) ?? 0) + 1);
      owner.set(type, member);
    }
  }
  for (const [type, n] of count) if (n > 1) owner.delete(type);
  return owner;
}

/** The JSON types a plan node takes; the interpreter's `jsonTypes` reads them alike. */
function jsonTypes(n: Json): string[] | undefined {
  const types: string[] | undefined =
    n.t === "string" || n.t === "date" ? ["string"]
    : n.t === "number" || n.t === "boolean" || n.t === "null" ? [n.t]
    : n.t === "enum" ? [...new Set<string>(n.v.map((value: unknown) => (value === null ? "null" : typeof value)))]
    : n.t === "array" || n.t === "tuple" ? ["array"]
    : n.t === "object" ? ["object"]
    : n.t === "any" && n.object ? ["object"]
    : undefined;
  return types && n.n ? [...types, "null"] : types;
}

function isJsonType(type: string, v: string): string {
  if (type === "null") return `${v}===null`;
  if (type === "array") return `Array.isArray(${v})`;
  if (type === "object") return `(typeof ${v}==="object"&&${v}!==null&&!Array.isArray(${v}))`;
  return `typeof ${v}===${JSON.stringify(type)}`;
}
