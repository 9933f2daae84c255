/**
 * Plan -> JavaScript: the happy path. A function (`map: (h) => (v) => mapped | h.F`) that checks and
 * maps in one pass, with no context, no issue list and no message: it builds the result with
 * object literals (a fresh value, never the input), fills defaults and nulls, turns date-times into
 * Dates, folds dotted keys, and says h.F at the first broken rule. Then the full check runs from
 * the start, to report every issue with its words.
 *
 * Unknown keys are dropped by construction (the literal names only the declared ones), so an object
 * costs no key walk; only an index signature or `additionalProperties: false` walks `Object.keys`.
 * With `unknownKeys: "reject"` the runtime runs the full check after it too, to find them.
 *
 * It accepts exactly what the full check accepts and maps to the same value, key order included:
 * a union takes its first member that maps, as the full check does, so a member said no to here
 * must be one the full check refuses too. The differential tests hold it to both.
 */
import { ruleTests } from "./ruleTests";
import { createGeneratedCode, freshLiteral, literalKey, plainObject as plain, store, type GeneratedSource } from "./generatedCode";

import type { ObjectPlan, PlanNode, PropertyPlan, Rules } from "@schemaof/runtime/helpers";
import type { PlanData } from "../plan/toPlan";

type Node<K extends PlanNode["kind"]> = Extract<PlanNode, { kind: K }>;

/** One key of an object's result: its name there, the variable holding its value. */
interface Entry {
  readonly name: string;
  readonly out: string;
  /** An optional key with no default and not nullable: absent from the result when absent from the input. */
  readonly maybeAbsent: boolean;
  /** A dotted-key group, whose members are added to the result. */
  readonly flat: boolean;
}

/** Statements that leave the mapped value in `out` (or return F from the function they sit in). */
interface Mapped {
  readonly code: string;
  readonly out: string;
}

export function toMapSource(plan: PlanData): GeneratedSource {
  const gen = createGeneratedCode();
  const { fresh, h, regex } = gen;
  const defs: Readonly<Record<string, PlanNode>> = plan.defs ?? {};
  const defFunctions = new Map<string, string>();
  const lit = (value: unknown) => JSON.stringify(value);

  /** A function of the setup, `(v,d)` to the mapped value or F, for the kinds that need their own `return F`. */
  const fn = (body: string) => {
    const name = fresh("M");
    gen.once(`function ${name}(v,d){${body}}`);
    return name;
  };

  /** `v` checked against `n` at depth `d` (code), mapped. */
  function value(n: PlanNode, v: string, d: string): Mapped {
    const test = scalar(n, v);
    if (test !== undefined) {
      // A calendar date is midnight UTC (`new Date("2026-11-30")` reads it so too, but says nothing of why).
      const made = n.kind === "date" && n.format === "date" ? `new Date(${v}+"T00:00:00Z")` : `new Date(${v})`;
      const out = n.kind === "date" ? (n.nullable ? `(${v}===null?null:${made})` : made) : v;
      return { code: `if(!(${n.nullable ? `${v}===null||` : ""}${test}))return F;`, out };
    }
    // A definition is entered one level below the place that names it, as in the full check.
    const target = n.kind === "ref" ? [ref(n.to), `${d}+1`] : [function_(n), d];
    const y = fresh("y");
    const run = `${y}=${target[0]}(${v},${target[1]});if(${y}===F)return F;`;
    return { code: n.nullable ? `let ${y}=null;if(${v}!==null){${run}}` : `let ${run}`, out: y };
  }

  /** The test of a kind that maps to itself (or to `new Date`), inline; undefined for the others. */
  function scalar(n: PlanNode, v: string): string | undefined {
    const none = (tests: { broken: string }[]) => tests.map((t) => `&&!(${t.broken})`).join("");
    switch (n.kind) {
      case "boolean":
        return `typeof ${v}==="boolean"`;
      case "null":
        return `${v}===null`;
      case "enum":
        return n.values.map((option) => `${v}===${lit(option)}`).join("||") || "false";
      case "string":
        return `typeof ${v}==="string"${none(ruleTests("string", n.rules ?? {}, v, gen))}`;
      case "number":
        return `typeof ${v}==="number"&&${n.integer ? "Number.isInteger" : "Number.isFinite"}(${v})${none(ruleTests("number", n.rules ?? {}, v, gen))}`;
      case "date":
        return `typeof ${v}==="string"&&${h(n.format === "date" ? "date" : "dateTime")}(${v})`;
      default:
        return undefined;
    }
  }

  /** The function that maps a container, a union or an `unknown` (nullability is the caller's). */
  function function_(n: PlanNode): string {
    switch (n.kind) {
      case "array":
        return fn(`if(!Array.isArray(v))return F;${counts(n.rules ?? {}, "v")}const o=[];${items(n.items, "0")}return o;`);
      case "tuple":
        return tuple(n);
      case "object":
        return object(n);
      case "union":
        return union(n);
      case "any":
        // Copied as JSON by the full check's own code, with a scratch context.
        return fn(`${n.object ? `if(typeof v!=="object"||v===null||Array.isArray(v))return F;` : ""}return ${h("json")}(v,d);`);
      default:
        // Scalars and references map inline (see value).
        throw new Error(`no function maps a plan node of kind '${n.kind}'`);
    }
  }

  /** A recursive type's function; past the depth limit the full check reports it. */
  function ref(name: string): string {
    let found = defFunctions.get(name);
    if (found) return found;
    found = fresh("D");
    defFunctions.set(name, found);
    const inner = value(defs[name], "v", "d");
    gen.once(`function ${found}(v,d){if(d>=${h("D")})return F;${inner.code}return ${inner.out};}`);
    return found;
  }

  function counts(rules: Rules, v: string): string {
    const code = ruleTests("array", rules, v, gen)
      .map((t) => `if(${t.broken})return F;`)
      .join("");
    return rules.uniqueItems ? `${code}if(${h("rep")}(${v}))return F;` : code;
  }

  // Each item into a new plain array (a subclass of Array is not copied as one). A hole or an
  // undefined item reads as undefined, which every kind refuses, as the full check does.
  function items(n: PlanNode, from: string): string {
    const item = value(n, "x", "d+1");
    return `for(let i=${from};i<v.length;i++){const x=v[i];${item.code}o.push(${item.out});}`;
  }

  function tuple(n: Node<"tuple">): string {
    let body = `if(!Array.isArray(v)||v.length<${n.minItems}${n.rest ? "" : `||v.length>${n.prefix.length}`})return F;${counts(n.rules ?? {}, "v")}const o=[];`;
    n.prefix.forEach((element, index) => {
      const item = value(element, "x", "d+1");
      body += `if(v.length>${index}){const x=v[${index}];${item.code}o.push(${item.out});}`;
    });
    if (n.rest) body += items(n.rest, String(n.prefix.length));
    return fn(body + "return o;");
  }

  /** Each declared key read, checked and mapped; an index signature's keys too; then the result (`assemble`). */
  function object(n: ObjectPlan): string {
    let body = `if(!${plain("v")})return F;`;
    const entries: Entry[] = [];
    n.properties.forEach((property) => {
      const key = lit(property.key);
      const name = property.name ?? property.key;
      const x = fresh("x");
      const absent = property.key in Object.prototype ? `${x}===undefined||!${h("own")}(v,${key})` : `${x}===undefined`;
      body += `const ${x}=v[${key}];`;
      // A key that may only be absent gives up when it came, and is no part of the result.
      if (property.absent) {
        body += `if(!(${absent}))return F;`;
        return;
      }
      const present = value(property.plan, x, "d+1");
      const fill = missing(property);
      if (property.required) {
        body += `if(${absent})return F;${present.code}`;
        entries.push({ name, out: present.out, maybeAbsent: false, flat: !!property.flat });
        return;
      }
      // Optional: the mapped value, the fill when absent, or nothing.
      const y = fresh("y");
      body += `let ${y}${fill === undefined ? "" : `=${fill}`};if(!(${absent})){${present.code}${y}=${present.out};}`;
      entries.push({ name, out: y, maybeAbsent: fill === undefined, flat: !!property.flat });
    });

    const extra: string[] = [];
    const safe = `k!=="__proto__"&&k!=="constructor"&&k!=="prototype"`;
    if (n.patterns) {
      // Keys of a pattern: mapped by the first pattern they match, checked by every one; other keys as below.
      const known = fresh("K");
      gen.once(`const ${known}=new Set(${lit(n.properties.map((p) => p.key))});`);
      // A declared key the patterns match is checked by them too, and mapped by its own property.
      let each = "";
      for (const [pattern, member] of n.patterns) {
        const mapped = value(member, "x", "d+1");
        each += `if(${regex(pattern)}.test(k)){${mapped.code}if(!hit)y=${mapped.out};hit=true;}`;
      }
      let other = n.closed ? "return F;" : "";
      if (n.additional) {
        const mapped = value(n.additional, "x", "d+1");
        other = `${mapped.code}if(${safe})o[k]=${mapped.out};`;
      }
      extra.push(
        `for(const k of Object.keys(v)){const x=v[k],own=${known}.has(k);let y,hit=false;if(!own||x!==undefined){${each}}if(own)continue;if(hit){if(${safe})o[k]=y;}else{${other}}}`,
      );
    } else if (n.additional || n.closed) {
      const known = fresh("K");
      gen.once(`const ${known}=new Set(${lit(n.properties.map((p) => p.key))});`);
      if (n.additional) {
        const each = value(n.additional, "x", "d+1");
        extra.push(`for(const k of Object.keys(v)){if(${known}.has(k))continue;const x=v[k];${each.code}if(${safe})o[k]=${each.out};}`);
      } else {
        body += `for(const k of Object.keys(v))if(!${known}.has(k))return F;`;
      }
    }
    return fn(body + assemble(entries, extra));
  }

  /**
   * The statements that build an object's result and return it, its keys in declaration order (the
   * full check's order): one object literal, which V8 makes in one allocation, of the keys up to the
   * first dotted-key group or the fourth key that may be absent. Those that may be absent are told
   * apart by a switch over which of them came, one literal per case (adding them one by one was a
   * fifth of a small object's time). The other keys and the `extra` statements then add to it.
   */
  function assemble(entries: readonly Entry[], extra: readonly string[]): string {
    let cut = 0;
    for (let absentCount = 0; cut < entries.length && !entries[cut].flat; cut++) {
      if (entries[cut].maybeAbsent && ++absentCount > 3) break;
    }
    const later = entries.slice(cut).map((entry) => {
      const add = entry.flat ? `Object.assign(o,${entry.out});` : store("o", entry.name, entry.out);
      return entry.maybeAbsent ? `if(${entry.out}!==undefined)${add}` : add;
    });
    later.push(...extra);
    const head = entries.slice(0, cut);
    const literal = (present: readonly Entry[]) => `{${present.map((e) => `${literalKey(e.name)}:${e.out}`).join(",")}}`;
    const optional = head.filter((entry) => entry.maybeAbsent);
    if (!optional.length) return later.length ? `const o=${literal(head)};${later.join("")}return o;` : `return ${literal(head)};`;
    const give = (object: string) => (later.length ? `o=${object};break;` : `return ${object};`);
    const mask = optional.map((entry, bit) => `(${entry.out}===undefined?0:${1 << bit})`).join("|");
    const cases = Array.from({ length: 1 << optional.length }, (_, bits) => {
      const present = head.filter((entry) => !entry.maybeAbsent || bits & (1 << optional.indexOf(entry)));
      return `${bits === (1 << optional.length) - 1 ? "default" : `case ${bits}`}:${give(literal(present))}`;
    });
    const choose = `switch(${mask}){${cases.join("")}}`;
    return later.length ? `let o;${choose}${later.join("")}return o;` : choose;
  }

  /** What a missing optional key leaves: its default (a fresh copy), null when nullable, a group's fills; undefined for nothing. */
  function missing(property: PropertyPlan): string | undefined {
    if (property.flat && property.plan.kind === "object") {
      const fills = property.plan.properties.flatMap((member) => {
        const fill = missing(member);
        const name = member.name ?? member.key;
        return fill === undefined ? [] : [`${literalKey(name)}:${fill}`];
      });
      return fills.length ? `{${fills.join(",")}}` : undefined;
    }
    if (property.default !== undefined) return freshLiteral(property.default);
    if (property.plan.nullable || property.plan.kind === "null") return "null";
    return undefined;
  }

  function union(n: Node<"union">): string {
    const { discriminator, discriminatorValues = [] } = n;
    if (discriminator !== undefined) {
      const cases = n.members.map((member, index) => {
        const mapped = value(member, "v", "d");
        return `case ${lit(discriminatorValues[index])}:{${mapped.code}return ${mapped.out};}`;
      });
      return fn(`if(!${plain("v")})return F;switch(v[${lit(discriminator)}]){${cases.join("")}default:return F;}`);
    }
    // The first member that maps the value, as the full check takes the first that accepts it.
    const tries = n.members.map((member) => {
      const mapped = value(member, "v", "d");
      return fn(`${mapped.code}return ${mapped.out};`);
    });
    return fn(
      `let y=${tries[0]}(v,d);${tries
        .slice(1)
        .map((t) => `if(y===F)y=${t}(v,d);`)
        .join("")}return y;`,
    );
  }

  const root = value(plan.root, "v", "0");
  return { source: gen.frame(`(v)=>{${root.code}return ${root.out};}`, `const F=${h("F")};`), helpers: gen.helpers() };
}
