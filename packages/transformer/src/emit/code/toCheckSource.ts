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
import { anyOfText, membersByType } from "@schemaof/runtime/plan";
import { ruleTests, type RuleTest } from "./ruleTests";
import { createGeneratedCode, leftOut, plainObject as plain, type GeneratedSource } from "./generatedCode";
import { Code, _, empty, join, lit } from "./code";

import type { ObjectPlan, PlanNode, Rules } from "@schemaof/runtime/helpers";
import type { PlanData } from "../plan/toPlan";

type Node<K extends PlanNode["kind"]> = Extract<PlanNode, { kind: K }>;

/**
 * A step of an issue's path: a key or a tuple index known at build time, or a variable holding an
 * array's index (`item`) or an object's key (`entry`, escaped in the pointer) at run time.
 */
type Segment = { readonly key: string } | { readonly index: number } | { readonly item: Code } | { readonly entry: Code };

const isStatic = (segment: Segment): segment is { key: string } | { index: number } => "key" in segment || "index" in segment;
const segmentCode = (segment: Segment): Code =>
  "key" in segment ? lit(segment.key) : "index" in segment ? _`${segment.index}` : "item" in segment ? segment.item : segment.entry;
const escaped = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

interface Scope {
  /** The variable holding the context. */
  readonly ctx: Code;
  /** Variables holding the path prefix and its JSON Pointer (inside a definition's function), or none at the root. */
  readonly base?: { readonly path: Code; readonly pointer: Code };
  /** Path segments below the base. */
  readonly segs: readonly Segment[];
  /** The nesting depth, as code. */
  readonly depth: Code;
}

const below = (scope: Scope, segment: Segment): Scope => ({ ...scope, segs: [...scope.segs, segment], depth: _`${scope.depth}+1` });

export function toCheckSource(plan: PlanData): GeneratedSource {
  const gen = createGeneratedCode();
  const { fresh, h, regex } = gen;
  const defFunctions = new Map<string, Code>();
  const defs: Readonly<Record<string, PlanNode>> = plan.defs ?? {};

  const path = (scope: Scope, ...more: Segment[]) => {
    const parts = join([...scope.segs, ...more].map(segmentCode), _`,`);
    const count = scope.segs.length + more.length;
    return scope.base ? (count ? _`[...${scope.base.path},${parts}]` : _`[...${scope.base.path}]`) : _`[${parts}]`;
  };
  /** The JSON Pointer as an expression: static keys escaped now, indexes and map keys at run time. */
  const pointer = (scope: Scope, ...more: Segment[]) => {
    const pieces: Code[] = scope.base ? [scope.base.pointer] : [];
    let words = "";
    const flush = () => {
      if (words) pieces.push(lit(words));
      words = "";
    };
    for (const segment of [...scope.segs, ...more]) {
      if ("key" in segment) words += "/" + escaped(segment.key);
      else if ("index" in segment) words += "/" + segment.index;
      else {
        words += "/";
        flush();
        pieces.push("entry" in segment ? _`${h("esc")}(${segment.entry})` : segment.item);
      }
    }
    flush();
    return pieces.length ? join(pieces, _`+`) : lit("");
  };
  /** The pointer of a place known at build time. */
  const staticPointer = (segments: readonly Segment[]) =>
    segments.map((segment) => "/" + ("key" in segment ? escaped(segment.key) : "index" in segment ? segment.index : "")).join("");
  /**
   * Records an issue. Where the place is known at build time (no index, no map key, not inside a
   * definition's function), its path is a frozen constant made once and its message is whole
   * (`"/limite must be <= 100, got "+x`), as ajv's are constants; elsewhere both are put together
   * at run time.
   */
  const staticPaths = new Map<string, Code>();
  const fail = (scope: Scope, keyword: string, message: Message, ...more: Segment[]) => {
    const segments = [...scope.segs, ...more];
    if (scope.base || !segments.every(isStatic)) {
      return _`${h("f")}(${scope.ctx},${path(scope, ...more)},${pointer(scope, ...more)},${lit(keyword)},${messageCode("", message, h)})`;
    }
    const at = staticPointer(segments);
    const array = _`[${join(segments.map(segmentCode), _`,`)}]`;
    let constant = staticPaths.get(array.text);
    if (!constant) {
      constant = fresh("P");
      staticPaths.set(array.text, constant);
      gen.once(_`const ${constant}=Object.freeze(${array});`);
    }
    return _`${h("g")}(${scope.ctx},${constant},${lit(at)},${lit(keyword)},${messageCode(`${at || "the arguments"} `, message, h)})`;
  };

  function defFunction(name: string): Code {
    let fn = defFunctions.get(name);
    if (fn) return fn;
    fn = fresh("D");
    defFunctions.set(name, fn);
    const scope: Scope = { ctx: _`c`, base: { path: _`P`, pointer: _`Q` }, segs: [], depth: _`d` };
    gen.once(_`function ${fn}(v,c,P,Q,d){if(d>=${h("D")}){${fail(scope, "depth", sayCode.depth())};return;}${node(defs[name], _`v`, scope)}}`);
    return fn;
  }

  /** Statements that report every issue of `v` against `n`. */
  function node(n: PlanNode, v: Code, scope: Scope): Code {
    const inner = kind(n, v, scope);
    return n.nullable ? _`if(${v}!==null){${inner}}` : inner;
  }

  const typeFail = (scope: Scope, expected: string, n: { readonly nullable?: true }, v: Code) =>
    _`${fail(scope, "type", sayCode.type(expected, !!n.nullable, v))};`;

  function kind(n: PlanNode, v: Code, scope: Scope): Code {
    switch (n.kind) {
      case "any": {
        // Copied only to be checked as JSON (the happy path makes the value).
        const copy = _`${h("any")}(${v},${scope.ctx},${path(scope)},${scope.depth});`;
        return n.object ? _`if(typeof ${v}!=="object"||${v}===null||Array.isArray(${v}))${typeFail(scope, "object", n, v)}else ${copy}` : copy;
      }
      case "boolean":
        return _`if(typeof ${v}!=="boolean")${typeFail(scope, "boolean", n, v)}`;
      case "null":
        return _`if(${v}!==null)${typeFail(scope, "null", {}, v)}`;
      case "enum": {
        const test = n.values.length
          ? join(
              n.values.map((value) => _`${v}!==${lit(value)}`),
              _`&&`,
            )
          : _`true`;
        return _`if(${test})${fail(scope, "enum", sayCode.oneOf(n.values, v))};`;
      }
      case "date":
        if (n.format === "date")
          return _`if(typeof ${v}!=="string")${typeFail(scope, "string", n, v)}else if(!${h("date")}(${v}))${fail(scope, "format", sayCode.format("date", v))};`;
        return _`if(typeof ${v}!=="string")${typeFail(scope, "string", n, v)}else if(!${h("dateTime")}(${v}))${fail(scope, "format", sayCode.dateTime(v))};`;
      case "string":
        return _`if(typeof ${v}!=="string")${typeFail(scope, "string", n, v)}else{${report(ruleTests("string", n.rules ?? {}, v, gen), scope)}}`;
      case "number": {
        const test = n.integer ? _`typeof ${v}!=="number"||!Number.isInteger(${v})` : _`typeof ${v}!=="number"||!Number.isFinite(${v})`;
        return _`if(${test})${typeFail(scope, n.integer ? "integer" : "number", n, v)}else{${report(ruleTests("number", n.rules ?? {}, v, gen), scope)}}`;
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
        return _`${defFunction(n.to)}(${v},${scope.ctx},${path(scope)},${pointer(scope)},${scope.depth}+1);`;
    }
  }

  /** Each broken rule is an issue. */
  const report = (tests: readonly RuleTest[], scope: Scope) => join(tests.map((t) => _`if(${t.broken})${fail(scope, t.keyword, t.message)};`));

  /**
   * minItems, maxItems, then uniqueItems if the items are sound: no issue was added by them (since
   * `before`, marked just before the items; when the list is full nothing more is added anyway).
   * Soundness is taken before the count tests, so that `maxItems` does not hide a repeat.
   */
  function counts(rules: Rules, v: Code, before: Code, scope: Scope): Code {
    const tests = report(ruleTests("array", rules, v, gen), scope);
    if (!rules.uniqueItems) return tests;
    const [sound, pair] = [fresh("s"), fresh("q")];
    const repeat = _`const ${pair}=${h("rep")}(${v});if(${pair})${fail(scope, "uniqueItems", sayCode.uniqueItems(_`${pair}[0]`, _`${pair}[1]`))};`;
    return _`const ${sound}=${scope.ctx}.issues.length===${before};${tests}if(${sound}){${repeat}}`;
  }
  const mark = (rules: Rules | undefined, scope: Scope) => {
    if (!rules?.uniqueItems) return { before: _`0`, code: empty };
    const before = fresh("n");
    return { before, code: _`const ${before}=${scope.ctx}.issues.length;` };
  };

  /**
   * A loop over items or keys goes on while the issue list has room: past the cap nothing more is
   * reported, and a million bad items would otherwise each build a message for nothing.
   */
  const full = (scope: Scope) => _`${scope.ctx}.issues.length>=${scope.ctx}.max`;
  const room = (scope: Scope) => _`&&!(${full(scope)})`;

  /** One item at `at` (an index known now, or the loop's variable). */
  function item(n: PlanNode, v: Code, at: Segment, scope: Scope): Code {
    const x = fresh("x");
    const child = node(n, x, below(scope, at));
    return _`{const ${x}=${v}[${segmentCode(at)}];if(${x}===undefined)${fail(scope, "type", sayCode.undefinedItem(), at)};else{${child}}}`;
  }

  function array(n: Node<"array">, v: Code, scope: Scope): Code {
    const i = fresh("i");
    const start = mark(n.rules, scope);
    return _`if(!Array.isArray(${v}))${typeFail(scope, "array", n, v)}else{${start.code}for(let ${i}=0;${i}<${v}.length${room(scope)};${i}++)${item(n.items, v, { item: i }, scope)}${counts(n.rules ?? {}, v, start.before, scope)}}`;
  }

  function tuple(n: Node<"tuple">, v: Code, scope: Scope): Code {
    const start = mark(n.rules, scope);
    const code: Code[] = [_`if(!Array.isArray(${v}))${typeFail(scope, "array", n, v)}else{`];
    code.push(_`if(${v}.length<${n.minItems})${fail(scope, "minItems", sayCode.minItems(n.minItems, _`${v}.length`))};`);
    if (!n.rest) code.push(_`if(${v}.length>${n.prefix.length})${fail(scope, "maxItems", sayCode.maxItems(n.prefix.length, _`${v}.length`))};`);
    // Marked after the tuple's own length tests: only the items' issues make them unsound.
    code.push(start.code);
    n.prefix.forEach((element, index) => {
      code.push(_`if(${v}.length>${index})${item(element, v, { index }, scope)}`);
    });
    if (n.rest) {
      const i = fresh("i");
      code.push(_`for(let ${i}=${n.prefix.length};${i}<${v}.length${room(scope)};${i}++)${item(n.rest, v, { item: i }, scope)}`);
    }
    return _`${join(code)}${counts(n.rules ?? {}, v, start.before, scope)}}`;
  }

  function object(n: ObjectPlan & { readonly nullable?: true }, v: Code, scope: Scope): Code {
    const code: Code[] = [_`if(!${plain(v)})${typeFail(scope, "object", n, v)}else{`];
    for (const property of n.properties) {
      const at: Segment = { key: property.key };
      const key = lit(property.key);
      const x = fresh("x");
      const absent = leftOut(x, property, v, gen);
      if (property.absent) {
        code.push(_`{const ${x}=${v}[${key}];if(!(${absent}))${fail(scope, "false schema", sayCode.absent(), at)};}`);
        continue;
      }
      // Made before the message's path constant below, so names come in the order they always have.
      const child = node(property.plan, x, below(scope, at));
      code.push(
        property.required
          ? _`{const ${x}=${v}[${key}];if(${absent})${fail(scope, "required", text(fill("required", { expects: property.expects ?? "" })), at)};else{${child}}}`
          : _`{const ${x}=${v}[${key}];if(!(${absent})){${child}}}`,
      );
    }
    const known = fresh("K");
    const keys = n.properties.map((p) => p.key);
    // The keys the message lists are those a value may be sent for.
    const allowed = n.properties.filter((p) => !p.absent).map((p) => p.key);
    gen.once(_`const ${known}=new Set(${lit(keys)});`);
    const key = fresh("e");
    const x = fresh("x");
    const inner = below(scope, { entry: key });
    // Without add, closed or patterns the walk runs only when the caller rejects unknown keys.
    const always = n.additional || n.closed || n.patterns;
    // Made only where it is written, so a plan binds no helper it does not call.
    const patterns = n.patterns?.map(([pattern]) => pattern);
    const refuse = () => _`${fail(scope, "additionalProperties", sayCode.notAllowed(allowed, patterns), { entry: key })};`;
    // Under openai-strict a null is a key left out, never an unknown key.
    const notAllowed = () => (n.nullsAbsent ? _`if(${x}!==null)${refuse()}` : refuse());
    // A caller that rejects unknown keys hears of every key no property or pattern takes, an object that declares none included.
    // A `__proto__` key a map takes is left out of the result, so a caller that rejects unknown keys hears of it.
    const proto = () => _`if(${key}==="__proto__"&&${scope.ctx}.reject)${fail(scope, "propertyNames", sayCode.protoKey(), { entry: key })};`;
    const rest = n.additional ? _`${node(n.additional, x, inner)}${proto()}` : n.closed || !always ? notAllowed() : _`if(${scope.ctx}.reject)${notAllowed()}`;
    let each = _`const ${x}=${v}[${key}];`;
    if (n.patterns) {
      // Every pattern a key matches checks its value, a declared key's too (as JSON Schema reads
      // patternProperties); a key of a pattern is no extra key.
      const matched = fresh("m");
      const own = fresh("o");
      const tests = n.patterns.map(([pattern, value]) => _`if(${regex(pattern)}.test(${key})){${matched}=true;${node(value, x, inner)}}`);
      each = _`${each}const ${own}=${known}.has(${key});let ${matched}=false;if(!${own}||${x}!==undefined){${join(tests)}}if(!${own}){if(${matched}){${proto()}}else{${rest}}}`;
    } else each = _`if(!${known}.has(${key})){${each}${rest}}`;
    const walk = _`for(const ${key} of Object.keys(${v})){if(${full(scope)})break;${each}}`;
    code.push(always ? walk : _`if(${scope.ctx}.reject)${walk}`);
    return _`${join(code)}}`;
  }

  function union(n: Node<"union">, v: Code, scope: Scope): Code {
    const { members } = n;
    // Any other union: the first member with no issue, tried with a scratch issue list.
    let tries = _`${fail(scope, "anyOf", text(anyOfText(n)))};`;
    for (let index = members.length - 1; index >= 0; index--) {
      const trial = fresh("t");
      tries = _`{const ${trial}=${h("trial")}(${scope.ctx});${node(members[index], v, { ...scope, ctx: trial })}if(${trial}.issues.length){${tries}}}`;
    }
    // A value whose JSON type only one member takes is checked by that member, which says what is wrong.
    const selected = n.discriminator === undefined ? membersByType(members) : undefined;
    if (selected && selected.size > 0) {
      const branches = [...selected].map(([type, member]) => _`if(${isJsonType(type, v)}){${node(member, v, scope)}}`);
      tries = _`${join(branches, _`else `)}else{${tries}}`;
    }
    if (n.discriminator === undefined) return tries;
    const values = n.discriminatorValues ?? [];
    const cases = members.map((member, index) => _`case ${lit(values[index])}:{${node(member, v, scope)}break;}`);
    const at: Segment = { key: n.discriminator };
    const d = lit(n.discriminator);
    // Left out, the discriminator is a required key; sent wrong, a value not among its own.
    const wrong = _`if(${v}[${d}]===undefined)${fail(scope, "required", text(requiredOneOfText(values)), at)};else ${fail(scope, "enum", sayCode.oneOf(values, _`${v}[${d}]`), at)};`;
    return _`if(${plain(v)}){switch(${v}[${d}]){${join(cases)}default:${wrong}}}else{${tries}}`;
  }

  const root = node(plan.root, _`v`, { ctx: _`c`, segs: [], depth: _`0` });
  return { source: gen.frame(_`(v,c)=>{${root}}`), helpers: gen.helpers() };
}

function isJsonType(type: string, v: Code): Code {
  if (type === "null") return _`${v}===null`;
  if (type === "array") return _`Array.isArray(${v})`;
  if (type === "object") return _`(typeof ${v}==="object"&&${v}!==null&&!Array.isArray(${v}))`;
  return _`typeof ${v}===${lit(type)}`;
}
