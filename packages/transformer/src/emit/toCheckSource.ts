/**
 * Plan -> JavaScript: a check specialised to one type, emitted into the user's build beside the call
 * (`make: (h) => (v, c) => …`), so the run time interprets nothing and evaluates no code. `h` is the
 * runtime's helpers (issue list, messages, formats); the generated code inlines the type tests, the
 * bounds and the loops, and builds an issue's path only when there is an issue to report.
 *
 * Texts that depend only on the type (the allowed values of an enum) are worked out here, once.
 *
 * The plan is the contract (see @schemaof/runtime's plan.ts); this file only reads it.
 */
import { sayCode } from "./messageSource";
import { countTests, numberTests, stringTests, type RuleTest } from "./ruleTests";
import { createGeneratedCode, freshLiteral, plainObject as plain, store } from "./generatedCode";

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
      return `h.f(${scope.ctx},${path(scope, ...more)},${pointer(scope, ...more)},${JSON.stringify(keyword)},${text})`;
    }
    const at = JSON.parse(pointer(scope, ...more)) as string;
    const array = `[${segments.join(",")}]`;
    let constant = staticPaths.get(array);
    if (!constant) {
      constant = fresh("P");
      staticPaths.set(array, constant);
      gen.once(`const ${constant}=Object.freeze(${array});`);
    }
    return `h.g(${scope.ctx},${constant},${JSON.stringify(at)},${JSON.stringify(keyword)},${JSON.stringify(`${at || "the arguments"} `)}+${text})`;
  };
  const lit = (value: unknown) => JSON.stringify(value);

  function defFunction(name: string): string {
    let fn = defFunctions.get(name);
    if (fn) return fn;
    fn = fresh("D");
    defFunctions.set(name, fn);
    const scope: Scope = { ctx: "c", base: { path: "P", pointer: "Q" }, segs: [], depth: "d" };
    const body = node(defs[name], "v", scope);
    gen.once(`function ${fn}(v,c,P,Q,d){if(d>=h.D)return ${fail(scope, "depth", sayCode.depth())};${body.code}return ${body.r};}`);
    return fn;
  }

  /** Code that checks `v` against `n` and leaves the mapped value (or h.F) in the returned variable. */
  function node(n: Json, v: string, scope: Scope): { code: string; r: string } {
    const r = fresh("r");
    const inner = kind(n, v, r, scope);
    const code = n.n ? `let ${r};if(${v}===null)${r}=null;else{${inner}}` : `let ${r};${inner}`;
    return { code, r };
  }

  const typeFail = (scope: Scope, expected: string, n: Json, v: string) => fail(scope, "type", sayCode.type(expected, !!n.n, v));

  function kind(n: Json, v: string, r: string, scope: Scope): string {
    switch (n.t) {
      case "any": {
        const copy = `${r}=h.any(${v},${scope.ctx},${path(scope)},${scope.depth});`;
        return n.object ? `if(typeof ${v}!=="object"||${v}===null||Array.isArray(${v}))${r}=${typeFail(scope, "object", n, v)};else ${copy}` : copy;
      }
      case "boolean":
        return `${r}=typeof ${v}==="boolean"?${v}:${typeFail(scope, "boolean", n, v)};`;
      case "null":
        return `${r}=${v}===null?null:${typeFail(scope, "null", { n: 0 }, v)};`;
      case "enum": {
        const test = n.v.map((value: unknown) => `${v}===${lit(value)}`).join("||") || "false";
        return `${r}=${test}?${v}:${fail(scope, "enum", sayCode.oneOf(n.v, v))};`;
      }
      case "date":
        return `if(typeof ${v}!=="string")${r}=${typeFail(scope, "string", n, v)};else if(!h.dateTime(${v}))${r}=${fail(scope, "format", sayCode.dateTime(v))};else ${r}=new Date(${v});`;
      case "string":
        return `if(typeof ${v}!=="string")${r}=${typeFail(scope, "string", n, v)};else{${r}=${v};${stringRules(n.r ?? {}, v, r, scope)}}`;
      case "number": {
        const test = n.int ? `typeof ${v}!=="number"||!Number.isInteger(${v})` : `typeof ${v}!=="number"||!Number.isFinite(${v})`;
        return `if(${test})${r}=${typeFail(scope, n.int ? "integer" : "number", n, v)};else{${r}=${v};${numberRules(n.r ?? {}, v, r, scope)}}`;
      }
      case "array":
        return array(n, v, r, scope);
      case "tuple":
        return tuple(n, v, r, scope);
      case "object":
        return object(n, v, r, scope);
      case "union":
        return union(n, v, r, scope);
      case "ref":
        return `${r}=${defFunction(n.to)}(${v},${scope.ctx},${path(scope)},${pointer(scope)},${scope.depth}+1);`;
      default:
        throw new Error(`unknown plan node '${n.t}'`);
    }
  }

  /** Each broken rule is an issue; the value stays as it is. */
  const report = (tests: readonly RuleTest[], r: string, scope: Scope) => tests.map((t) => `if(${t.broken})${r}=${fail(scope, t.keyword, t.message)};`).join("");
  const stringRules = (rules: Json, v: string, r: string, scope: Scope) => report(stringTests(rules, v, regex), r, scope);
  const numberRules = (rules: Json, v: string, r: string, scope: Scope) => report(numberTests(rules, v), r, scope);

  /** minItems, maxItems, then uniqueItems once the items are sound. */
  function counts(rules: Json, v: string, ok: string, scope: Scope): string {
    let code = countTests(rules, v)
      .map((t) => `if(${t.broken}){${ok}=false;${fail(scope, t.keyword, t.message)};}`)
      .join("");
    if (rules.uniqueItems) {
      const pair = fresh("q");
      code += `if(${ok}){const ${pair}=h.rep(${v});if(${pair}){${ok}=false;${fail(scope, "uniqueItems", sayCode.uniqueItems(`${pair}[0]`, `${pair}[1]`))};}}`;
    }
    return code;
  }

  /** One item at index `i` (code) into `out`, clearing `ok` when it fails. */
  function item(n: Json, v: string, i: string, out: string, ok: string, scope: Scope): string {
    const x = fresh("x");
    const child = node(n, x, { ...scope, segs: [...scope.segs, i], depth: `${scope.depth}+1` });
    return `{const ${x}=${v}[${i}];if(${x}===undefined){${ok}=false;${fail(scope, "type", sayCode.undefinedItem(), i)};}else{${child.code}if(${child.r}===h.F)${ok}=false;else ${out}[${i}]=${child.r};}}`;
  }

  function array(n: Json, v: string, r: string, scope: Scope): string {
    const out = fresh("o");
    const ok = fresh("k");
    const i = fresh("i");
    return `if(!Array.isArray(${v}))${r}=${typeFail(scope, "array", n, v)};else{const ${out}=[];let ${ok}=true;for(let ${i}=0;${i}<${v}.length;${i}++)${item(n.i, v, i, out, ok, scope)}${counts(n.r ?? {}, v, ok, scope)}${r}=${ok}?${out}:h.F;}`;
  }

  function tuple(n: Json, v: string, r: string, scope: Scope): string {
    const out = fresh("o");
    const ok = fresh("k");
    let code = `if(!Array.isArray(${v}))${r}=${typeFail(scope, "array", n, v)};else{const ${out}=[];let ${ok}=true;`;
    code += `if(${v}.length<${n.min}){${ok}=false;${fail(scope, "minItems", sayCode.minItems(n.min, `${v}.length`))};}`;
    if (!n.rest) code += `if(${v}.length>${n.p.length}){${ok}=false;${fail(scope, "maxItems", sayCode.maxItems(n.p.length, `${v}.length`))};}`;
    n.p.forEach((element: Json, index: number) => {
      code += `if(${v}.length>${index})${item(element, v, String(index), out, ok, scope)}`;
    });
    if (n.rest) {
      const i = fresh("i");
      code += `for(let ${i}=${n.p.length};${i}<${v}.length;${i}++)${item(n.rest, v, i, out, ok, scope)}`;
    }
    return code + `${counts(n.r ?? {}, v, ok, scope)}${r}=${ok}?${out}:h.F;}`;
  }

  function object(n: Json, v: string, r: string, scope: Scope): string {
    const out = fresh("o");
    const ok = fresh("k");
    let code = `if(!${plain(v)})${r}=${typeFail(scope, "object", n, v)};else{const ${out}={};let ${ok}=true;`;
    for (const property of n.p) {
      const key = lit(property.k);
      const x = fresh("x");
      const child = node(property.p, x, { ...scope, segs: [...scope.segs, key], depth: `${scope.depth}+1` });
      const missing = property.req ? `${ok}=false;${fail(scope, "required", lit(`required${property.exp ?? ""}`), key)};` : fillMissing(property, out);
      const keep = property.flat ? `Object.assign(${out},${child.r});` : store(out, property.as ?? property.k, child.r);
      // On a plain object, a key Object.prototype lacks can only be read from the object itself.
      const absent = property.k in Object.prototype ? `${x}===undefined||!h.own(${v},${key})` : `${x}===undefined`;
      code += `{const ${x}=${v}[${key}];if(${absent}){${missing}}else{${child.code}if(${child.r}===h.F)${ok}=false;else{${keep}}}}`;
    }
    const judged = n.add || n.closed || n.p.length > 0;
    if (judged) {
      const known = fresh("K");
      gen.once(`const ${known}=new Set(${lit(n.p.map((p: Json) => p.k))});`);
      const key = fresh("e");
      let extra: string;
      if (n.add) {
        const x = fresh("x");
        const child = node(n.add, x, { ...scope, segs: [...scope.segs, key], depth: `${scope.depth}+1` });
        extra = `const ${x}=${v}[${key}];${child.code}if(${child.r}===h.F)${ok}=false;else if(${key}!=="__proto__"&&${key}!=="constructor"&&${key}!=="prototype")${out}[${key}]=${child.r};`;
      } else {
        extra = `${ok}=false;${fail(scope, "additionalProperties", sayCode.notAllowed(), key)};`;
      }
      const walk = `for(const ${key} of Object.keys(${v}))if(!${known}.has(${key})){${extra}}`;
      code += n.add || n.closed ? walk : `if(${scope.ctx}.reject)${walk}`;
    }
    return code + `${r}=${ok}?${out}:h.F;}`;
  }

  function union(n: Json, v: string, r: string, scope: Scope): string {
    const members: Json[] = n.m;
    // Any other union: the first member that takes the value, tried with a scratch issue list.
    let tries = `${r}=${fail(scope, "anyOf", lit(n.sum ?? `must match one of ${members.length} forms`))};`;
    for (let index = members.length - 1; index >= 0; index--) {
      const trial = fresh("t");
      const child = node(members[index], v, { ...scope, ctx: trial });
      tries = `{const ${trial}=h.trial(${scope.ctx});${child.code}if(${child.r}!==h.F)${r}=${child.r};else{${tries}}}`;
    }
    if (n.d === undefined) return tries;
    const values: unknown[] = n.dv;
    const cases = members.map((member, index) => {
      const child = node(member, v, scope);
      return `case ${lit(values[index])}:{${child.code}${r}=${child.r};break;}`;
    });
    const d = lit(n.d);
    return `if(${plain(v)}){switch(${v}[${d}]){${cases.join("")}default:${r}=${fail(scope, "enum", sayCode.oneOf(values, `${v}[${d}]`), d)};}}else{${tries}}`;
  }

  const root = node(plan.root, "v", { ctx: "c", segs: [], depth: "0" });
  const check = `(v,c)=>{${root.code}return ${root.r};}`;
  return gen.frame(check);
}

/**
 * What a missing optional key leaves in the result: its default (a fresh copy), `null` when
 * nullable, or nothing; a missing `@key` group gives each of its members the same treatment.
 */
function fillMissing(property: Json, out: string): string {
  if (property.flat) return property.p.p.map((member: Json) => fillMissing(member, out)).join("");
  const name: string = property.as ?? property.k;
  if (property.def !== undefined) return store(out, name, freshLiteral(property.def));
  if (property.p.n || property.p.t === "null") return store(out, name, "null");
  return "";
}
