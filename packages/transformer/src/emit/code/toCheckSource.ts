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
 * The plan is the contract (`PlanNode` in @schemaof/runtime's plan.ts); this file only reads it.
 */
import { messageCode, sayCode, text, type Message } from "./messageSource";
import { fill, requiredOneOfText } from "@schemaof/runtime/helpers";
import { ruleTests, type RuleTest } from "./ruleTests";
import { createGeneratedCode, plainObject as plain, type GeneratedSource } from "./generatedCode";

import type { ObjectPlan, PlanNode, Rules } from "@schemaof/runtime/helpers";
import type { PlanData } from "../plan/toPlan";

type Node<K extends PlanNode["kind"]> = Extract<PlanNode, { kind: K }>;

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

export function toCheckSource(plan: PlanData): GeneratedSource {
  const gen = createGeneratedCode();
  const { fresh, h, regex } = gen;
  const defFunctions = new Map<string, string>();
  const defs: Readonly<Record<string, PlanNode>> = plan.defs ?? {};

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
        pieces.push(segment.startsWith("e") ? `${h("esc")}(${segment})` : segment);
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
  const fail = (scope: Scope, keyword: string, message: Message, ...more: string[]) => {
    const segments = [...scope.segs, ...more];
    if (scope.base || !segments.every((segment) => segment.startsWith('"') || /^\d+$/.test(segment))) {
      return `${h("f")}(${scope.ctx},${path(scope, ...more)},${pointer(scope, ...more)},${JSON.stringify(keyword)},${messageCode("", message, h)})`;
    }
    const at = JSON.parse(pointer(scope, ...more)) as string;
    const array = `[${segments.join(",")}]`;
    let constant = staticPaths.get(array);
    if (!constant) {
      constant = fresh("P");
      staticPaths.set(array, constant);
      gen.once(`const ${constant}=Object.freeze(${array});`);
    }
    return `${h("g")}(${scope.ctx},${constant},${JSON.stringify(at)},${JSON.stringify(keyword)},${messageCode(`${at || "the arguments"} `, message, h)})`;
  };
  const lit = (value: unknown) => JSON.stringify(value);

  function defFunction(name: string): string {
    let fn = defFunctions.get(name);
    if (fn) return fn;
    fn = fresh("D");
    defFunctions.set(name, fn);
    const scope: Scope = { ctx: "c", base: { path: "P", pointer: "Q" }, segs: [], depth: "d" };
    gen.once(`function ${fn}(v,c,P,Q,d){if(d>=${h("D")}){${fail(scope, "depth", sayCode.depth())};return;}${node(defs[name], "v", scope)}}`);
    return fn;
  }

  /** Statements that report every issue of `v` against `n`. */
  function node(n: PlanNode, v: string, scope: Scope): string {
    const inner = kind(n, v, scope);
    return n.nullable ? `if(${v}!==null){${inner}}` : inner;
  }

  const typeFail = (scope: Scope, expected: string, n: { readonly nullable?: true }, v: string) =>
    `${fail(scope, "type", sayCode.type(expected, !!n.nullable, v))};`;

  function kind(n: PlanNode, v: string, scope: Scope): string {
    switch (n.kind) {
      case "any": {
        // Copied only to be checked as JSON (the happy path makes the value).
        const copy = `${h("any")}(${v},${scope.ctx},${path(scope)},${scope.depth});`;
        return n.object ? `if(typeof ${v}!=="object"||${v}===null||Array.isArray(${v}))${typeFail(scope, "object", n, v)}else ${copy}` : copy;
      }
      case "boolean":
        return `if(typeof ${v}!=="boolean")${typeFail(scope, "boolean", n, v)}`;
      case "null":
        return `if(${v}!==null)${typeFail(scope, "null", {}, v)}`;
      case "enum": {
        const test = n.values.map((value) => `${v}!==${lit(value)}`).join("&&") || "true";
        return `if(${test})${fail(scope, "enum", sayCode.oneOf(n.values, v))};`;
      }
      case "date":
        if (n.format === "date")
          return `if(typeof ${v}!=="string")${typeFail(scope, "string", n, v)}else if(!${h("date")}(${v}))${fail(scope, "format", sayCode.format("date", v))};`;
        return `if(typeof ${v}!=="string")${typeFail(scope, "string", n, v)}else if(!${h("dateTime")}(${v}))${fail(scope, "format", sayCode.dateTime(v))};`;
      case "string":
        return `if(typeof ${v}!=="string")${typeFail(scope, "string", n, v)}else{${report(ruleTests("string", n.rules ?? {}, v, gen), scope)}}`;
      case "number": {
        const test = n.integer ? `typeof ${v}!=="number"||!Number.isInteger(${v})` : `typeof ${v}!=="number"||!Number.isFinite(${v})`;
        return `if(${test})${typeFail(scope, n.integer ? "integer" : "number", n, v)}else{${report(ruleTests("number", n.rules ?? {}, v, gen), scope)}}`;
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
    }
  }

  /** Each broken rule is an issue. */
  const report = (tests: readonly RuleTest[], scope: Scope) => tests.map((t) => `if(${t.broken})${fail(scope, t.keyword, t.message)};`).join("");

  /**
   * minItems, maxItems, then uniqueItems if the items are sound: no issue was added by them (since
   * `before`, marked just before the items; when the list is full nothing more is added anyway).
   * Soundness is taken before the count tests, so that `maxItems` does not hide a repeat.
   */
  function counts(rules: Rules, v: string, before: string, scope: Scope): string {
    const tests = report(ruleTests("array", rules, v, gen), scope);
    if (!rules.uniqueItems) return tests;
    const [sound, pair] = [fresh("s"), fresh("q")];
    const repeat = `const ${pair}=${h("rep")}(${v});if(${pair})${fail(scope, "uniqueItems", sayCode.uniqueItems(`${pair}[0]`, `${pair}[1]`))};`;
    return `const ${sound}=${scope.ctx}.issues.length===${before};${tests}if(${sound}){${repeat}}`;
  }
  const mark = (rules: Rules | undefined, scope: Scope) => {
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
  function item(n: PlanNode, v: string, i: string, scope: Scope): string {
    const x = fresh("x");
    const child = node(n, x, { ...scope, segs: [...scope.segs, i], depth: `${scope.depth}+1` });
    return `{const ${x}=${v}[${i}];if(${x}===undefined)${fail(scope, "type", sayCode.undefinedItem(), i)};else{${child}}}`;
  }

  function array(n: Node<"array">, v: string, scope: Scope): string {
    const i = fresh("i");
    const start = mark(n.rules, scope);
    return `if(!Array.isArray(${v}))${typeFail(scope, "array", n, v)}else{${start.code}for(let ${i}=0;${i}<${v}.length${room(scope)};${i}++)${item(n.items, v, i, scope)}${counts(n.rules ?? {}, v, start.before, scope)}}`;
  }

  function tuple(n: Node<"tuple">, v: string, scope: Scope): string {
    const start = mark(n.rules, scope);
    let code = `if(!Array.isArray(${v}))${typeFail(scope, "array", n, v)}else{`;
    code += `if(${v}.length<${n.minItems})${fail(scope, "minItems", sayCode.minItems(n.minItems, `${v}.length`))};`;
    if (!n.rest) code += `if(${v}.length>${n.prefix.length})${fail(scope, "maxItems", sayCode.maxItems(n.prefix.length, `${v}.length`))};`;
    // Marked after the tuple's own length tests: only the items' issues make them unsound.
    code += start.code;
    n.prefix.forEach((element, index) => {
      code += `if(${v}.length>${index})${item(element, v, String(index), scope)}`;
    });
    if (n.rest) {
      const i = fresh("i");
      code += `for(let ${i}=${n.prefix.length};${i}<${v}.length${room(scope)};${i}++)${item(n.rest, v, i, scope)}`;
    }
    return code + `${counts(n.rules ?? {}, v, start.before, scope)}}`;
  }

  function object(n: ObjectPlan & { readonly nullable?: true }, v: string, scope: Scope): string {
    let code = `if(!${plain(v)})${typeFail(scope, "object", n, v)}else{`;
    for (const property of n.properties) {
      const key = lit(property.key);
      const x = fresh("x");
      // On a plain object, a key Object.prototype lacks can only be read from the object itself.
      const absent = property.key in Object.prototype ? `${x}===undefined||!${h("own")}(${v},${key})` : `${x}===undefined`;
      if (property.absent) {
        code += `{const ${x}=${v}[${key}];if(!(${absent}))${fail(scope, "false schema", sayCode.absent(), key)};}`;
        continue;
      }
      // Made before the message's path constant below, so names come in the order they always have.
      const child = node(property.plan, x, { ...scope, segs: [...scope.segs, key], depth: `${scope.depth}+1` });
      code += property.required
        ? `{const ${x}=${v}[${key}];if(${absent})${fail(scope, "required", text(fill("required", { expects: property.expects ?? "" })), key)};else{${child}}}`
        : `{const ${x}=${v}[${key}];if(!(${absent})){${child}}}`;
    }
    if (n.additional || n.closed || n.patterns || n.properties.length > 0) {
      const known = fresh("K");
      const keys = n.properties.map((p) => p.key);
      // The keys the message lists are those a value may be sent for.
      const allowed = n.properties.filter((p) => !p.absent).map((p) => p.key);
      gen.once(`const ${known}=new Set(${lit(keys)});`);
      const key = fresh("e");
      const x = fresh("x");
      const inner = { ...scope, segs: [...scope.segs, key], depth: `${scope.depth}+1` };
      // Without add, closed or patterns the walk runs only when the caller rejects unknown keys.
      const always = n.additional || n.closed || n.patterns;
      const notAllowed = `${fail(scope, "additionalProperties", sayCode.notAllowed(allowed), key)};`;
      const rest = n.additional
        ? node(n.additional, x, inner)
        : n.closed || !always
          ? notAllowed
          : n.properties.length > 0
            ? `if(${scope.ctx}.reject)${notAllowed}`
            : "";
      let each = `const ${x}=${v}[${key}];`;
      if (n.patterns) {
        // Every pattern a key matches checks its value, a declared key's too (as JSON Schema reads
        // patternProperties); a key of a pattern is no extra key.
        const matched = fresh("m");
        const own = fresh("o");
        each += `const ${own}=${known}.has(${key});let ${matched}=false;if(!${own}||${x}!==undefined){`;
        for (const [pattern, value] of n.patterns) each += `if(${regex(pattern)}.test(${key})){${matched}=true;${node(value, x, inner)}}`;
        each += `}if(!${own}&&!${matched}){${rest}}`;
      } else each = `if(!${known}.has(${key})){${each}${rest}}`;
      const walk = `for(const ${key} of Object.keys(${v})){if(${full(scope)})break;${each}}`;
      code += always ? walk : `if(${scope.ctx}.reject)${walk}`;
    }
    return code + "}";
  }

  function union(n: Node<"union">, v: string, scope: Scope): string {
    const { members } = n;
    // Any other union: the first member with no issue, tried with a scratch issue list.
    let tries = `${fail(scope, "anyOf", text(n.summary ?? `must match one of ${members.length} forms`))};`;
    for (let index = members.length - 1; index >= 0; index--) {
      const trial = fresh("t");
      tries = `{const ${trial}=${h("trial")}(${scope.ctx});${node(members[index], v, { ...scope, ctx: trial })}if(${trial}.issues.length){${tries}}}`;
    }
    // A value whose JSON type only one member takes is checked by that member, which says what is wrong.
    const selected = n.discriminator === undefined ? membersByType(members) : undefined;
    if (selected && selected.size > 0) {
      const branches = [...selected].map(([type, member]) => `if(${isJsonType(type, v)}){${node(member, v, scope)}}`);
      tries = `${branches.join("else ")}else{${tries}}`;
    }
    if (n.discriminator === undefined) return tries;
    const values = n.discriminatorValues ?? [];
    const cases = members.map((member, index) => `case ${lit(values[index])}:{${node(member, v, scope)}break;}`);
    const d = lit(n.discriminator);
    // Left out, the discriminator is a required key; sent wrong, a value not among its own.
    const wrong = `if(${v}[${d}]===undefined)${fail(scope, "required", text(requiredOneOfText(values)), d)};else ${fail(scope, "enum", sayCode.oneOf(values, `${v}[${d}]`), d)};`;
    return `if(${plain(v)}){switch(${v}[${d}]){${cases.join("")}default:${wrong}}}else{${tries}}`;
  }

  const root = node(plan.root, "v", { ctx: "c", segs: [], depth: "0" });
  return { source: gen.frame(`(v,c)=>{${root}}`), helpers: gen.helpers() };
}

/** Each JSON type only one member takes, with that member; undefined when a member's types cannot be told (a ref, a union, any value). */
function membersByType(members: readonly PlanNode[]): Map<string, PlanNode> | undefined {
  const count = new Map<string, number>();
  const owner = new Map<string, PlanNode>();
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
function jsonTypes(n: PlanNode): string[] | undefined {
  const types: string[] | undefined =
    n.kind === "string" || n.kind === "date"
      ? ["string"]
      : n.kind === "number" || n.kind === "boolean" || n.kind === "null"
        ? [n.kind]
        : n.kind === "enum"
          ? [...new Set<string>(n.values.map((value) => (value === null ? "null" : typeof value)))]
          : n.kind === "array" || n.kind === "tuple"
            ? ["array"]
            : n.kind === "object"
              ? ["object"]
              : n.kind === "any" && n.object
                ? ["object"]
                : undefined;
  return types && n.nullable ? [...types, "null"] : types;
}

function isJsonType(type: string, v: string): string {
  if (type === "null") return `${v}===null`;
  if (type === "array") return `Array.isArray(${v})`;
  if (type === "object") return `(typeof ${v}==="object"&&${v}!==null&&!Array.isArray(${v}))`;
  return `typeof ${v}===${JSON.stringify(type)}`;
}
