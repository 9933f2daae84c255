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
import { keptKeys } from "@schemaof/runtime/plan";
import { createGeneratedCode, leftOut, freshLiteral, literalKey, plainObject as plain, store, type GeneratedSource } from "./generatedCode";
import { Code, _, empty, join, lit } from "./code";

import type { ObjectPlan, PlanNode, PropertyPlan, Rules } from "@schemaof/runtime/helpers";
import type { PlanData } from "../plan/toPlan";

type Node<K extends PlanNode["kind"]> = Extract<PlanNode, { kind: K }>;

/** One key of an object's result: its name there, the variable holding its value. */
interface Entry {
  readonly name: string;
  readonly out: Code;
  /** An optional key with no default and not nullable: absent from the result when absent from the input. */
  readonly maybeAbsent: boolean;
  /** A dotted-key group, whose members are added to the result. */
  readonly flat: boolean;
}

/** Statements that leave the mapped value in `out` (or return F from the function they sit in). */
interface Mapped {
  readonly code: Code;
  readonly out: Code;
}

// The names every mapping function is written with: its value, its depth, an item, a key, its result.
const V = _`v`;
const D = _`d`;
const DEEPER = _`d+1`;
const X = _`x`;
const NONE = _`null`;

export function toMapSource(plan: PlanData): GeneratedSource {
  const gen = createGeneratedCode();
  const { fresh, h, regex } = gen;
  const defs: Readonly<Record<string, PlanNode>> = plan.defs ?? {};
  const defFunctions = new Map<string, Code>();

  /** A function of the setup, `(v,d)` to the mapped value or F, for the kinds that need their own `return F`. */
  const fn = (body: Code) => {
    const name = fresh("M");
    gen.once(_`function ${name}(v,d){${body}}`);
    return name;
  };

  /** `v` checked against `n` at depth `d` (code), mapped. */
  function value(n: PlanNode, v: Code, d: Code): Mapped {
    const test = scalar(n, v);
    if (test !== undefined) {
      // A calendar date is midnight UTC (`new Date("2026-11-30")` reads it so too, but says nothing of why).
      const made = n.kind === "date" && n.format === "date" ? _`new Date(${v}+"T00:00:00Z")` : _`new Date(${v})`;
      const out = n.kind === "date" ? (n.nullable ? _`(${v}===null?null:${made})` : made) : v;
      return { code: _`if(!(${n.nullable ? _`${v}===null||` : empty}${test}))return F;`, out };
    }
    // A definition is entered one level below the place that names it, as in the full check.
    const [callee, depth] = n.kind === "ref" ? [ref(n.to), _`${d}+1`] : [function_(n), d];
    const y = fresh("y");
    const run = _`${y}=${callee}(${v},${depth});if(${y}===F)return F;`;
    return { code: n.nullable ? _`let ${y}=null;if(${v}!==null){${run}}` : _`let ${run}`, out: y };
  }

  /** The test of a kind that maps to itself (or to `new Date`), inline; undefined for the others. */
  function scalar(n: PlanNode, v: Code): Code | undefined {
    const none = (tests: readonly { broken: Code }[]) => join(tests.map((t) => _`&&!(${t.broken})`));
    switch (n.kind) {
      case "boolean":
        return _`typeof ${v}==="boolean"`;
      case "null":
        return _`${v}===null`;
      case "enum":
        return n.values.length
          ? join(
              n.values.map((option) => _`${v}===${lit(option)}`),
              _`||`,
            )
          : _`false`;
      case "string":
        return _`typeof ${v}==="string"${none(ruleTests("string", n.rules ?? {}, v, gen))}`;
      case "number":
        return _`typeof ${v}==="number"&&${n.integer ? _`Number.isInteger` : _`Number.isFinite`}(${v})${none(ruleTests("number", n.rules ?? {}, v, gen))}`;
      case "date":
        return _`typeof ${v}==="string"&&${h(n.format === "date" ? "date" : "dateTime")}(${v})`;
      default:
        return undefined;
    }
  }

  /** The function that maps a container, a union or an `unknown` (nullability is the caller's). */
  function function_(n: PlanNode): Code {
    switch (n.kind) {
      case "array":
        return fn(_`if(!Array.isArray(v))return F;${counts(n.rules ?? {}, V)}const o=[];${items(n.items, 0)}return o;`);
      case "tuple":
        return tuple(n);
      case "object":
        return object(n);
      case "union":
        return union(n);
      case "any":
        // Copied as JSON by the full check's own code, with a scratch context.
        return fn(_`${n.object ? _`if(typeof v!=="object"||v===null||Array.isArray(v))return F;` : empty}return ${h(n.nullsAbsent ? "jsonNA" : "json")}(v,d);`);
      default:
        // Scalars and references map inline (see value).
        throw new Error(`no function maps a plan node of kind '${n.kind}'`);
    }
  }

  /** A recursive type's function; past the depth limit the full check reports it. */
  function ref(name: string): Code {
    let found = defFunctions.get(name);
    if (found) return found;
    found = fresh("D");
    defFunctions.set(name, found);
    const inner = value(defs[name], V, D);
    gen.once(_`function ${found}(v,d){if(d>=${h("D")})return F;${inner.code}return ${inner.out};}`);
    return found;
  }

  function counts(rules: Rules, v: Code): Code {
    const code = join(ruleTests("array", rules, v, gen).map((t) => _`if(${t.broken})return F;`));
    return rules.uniqueItems ? _`${code}if(${h("rep")}(${v}))return F;` : code;
  }

  // Each item into a new plain array (a subclass of Array is not copied as one). A hole or an
  // undefined item reads as undefined, which every kind refuses, as the full check does.
  function items(n: PlanNode, from: number): Code {
    const item = value(n, X, DEEPER);
    return _`for(let i=${from};i<v.length;i++){const x=v[i];${item.code}o.push(${item.out});}`;
  }

  function tuple(n: Node<"tuple">): Code {
    const body: Code[] = [
      _`if(!Array.isArray(v)||v.length<${n.minItems}${n.rest ? empty : _`||v.length>${n.prefix.length}`})return F;${counts(n.rules ?? {}, V)}const o=[];`,
    ];
    n.prefix.forEach((element, index) => {
      const item = value(element, X, DEEPER);
      body.push(_`if(v.length>${index}){const x=v[${index}];${item.code}o.push(${item.out});}`);
    });
    if (n.rest) body.push(items(n.rest, n.prefix.length));
    return fn(_`${join(body)}return o;`);
  }

  /** Each declared key read, checked and mapped; an index signature's keys too; then the result (`assemble`). */
  function object(n: ObjectPlan): Code {
    const body: Code[] = [_`if(!${plain(V)})return F;`];
    const entries: Entry[] = [];
    n.properties.forEach((property) => {
      const key = lit(property.key);
      const name = property.name ?? property.key;
      const x = fresh("x");
      const absent = leftOut(x, property, _`v`, gen);
      body.push(_`const ${x}=v[${key}];`);
      // A key that may only be absent gives up when it came, and is no part of the result.
      if (property.absent) {
        body.push(_`if(!(${absent}))return F;`);
        return;
      }
      const present = value(property.plan, x, DEEPER);
      const fill = missing(property);
      if (property.required) {
        body.push(_`if(${absent})return F;${present.code}`);
        entries.push({ name, out: present.out, maybeAbsent: false, flat: !!property.flat });
        return;
      }
      // Optional: the mapped value, the fill when absent, or nothing.
      const y = fresh("y");
      body.push(_`let ${y}${fill === undefined ? empty : _`=${fill}`};if(!(${absent})){${present.code}${y}=${present.out};}`);
      entries.push({ name, out: y, maybeAbsent: fill === undefined, flat: !!property.flat });
    });

    const extra: Code[] = [];
    // `__proto__` is never written into the result (the full check tells a caller that rejects unknown keys).
    const safe = _`k!=="__proto__"`;
    if (n.patterns) {
      // Keys of a pattern: mapped by the first pattern they match, checked by every one; other keys as below.
      const known = fresh("K");
      gen.once(_`const ${known}=new Set(${lit(n.properties.map((p) => p.key))});`);
      // A declared key the patterns match is checked by them too, and mapped by its own property.
      const each = n.patterns.map(([pattern, member]) => {
        const mapped = value(member, X, DEEPER);
        return _`if(${regex(pattern)}.test(k)){${mapped.code}if(!hit)y=${mapped.out};hit=true;}`;
      });
      let other = n.closed ? _`${n.nullsAbsent ? _`if(x!==null)` : empty}return F;` : empty;
      if (n.additional) {
        const mapped = value(n.additional, X, DEEPER);
        other = _`${mapped.code}if(${safe})o[k]=${mapped.out};`;
      }
      extra.push(
        _`for(const k of Object.keys(v)){const x=v[k],own=${known}.has(k);let y,hit=false;if(!own||x!==undefined){${join(each)}}if(own)continue;if(hit){if(${safe})o[k]=y;}else{${other}}}`,
      );
    } else if (n.additional || n.closed) {
      const known = fresh("K");
      gen.once(_`const ${known}=new Set(${lit(n.properties.map((p) => p.key))});`);
      if (n.additional) {
        const each = value(n.additional, X, DEEPER);
        extra.push(_`for(const k of Object.keys(v)){if(${known}.has(k))continue;const x=v[k];${each.code}if(${safe})o[k]=${each.out};}`);
      } else {
        body.push(_`for(const k of Object.keys(v))if(!${known}.has(k)${n.nullsAbsent ? _`&&v[k]!==null` : empty})return F;`);
      }
    }
    return fn(_`${join(body)}${assemble(entries, extra)}`);
  }

  /**
   * The statements that build an object's result and return it, its keys in declaration order (the
   * full check's order): one object literal, which V8 makes in one allocation, of the keys up to the
   * first dotted-key group or the fourth key that may be absent. Those that may be absent are told
   * apart by a switch over which of them came, one literal per case (adding them one by one was a
   * fifth of a small object's time). The other keys and the `extra` statements then add to it.
   */
  function assemble(entries: readonly Entry[], extra: readonly Code[]): Code {
    const O = _`o`;
    let cut = 0;
    for (let absentCount = 0; cut < entries.length && !entries[cut].flat; cut++) {
      if (entries[cut].maybeAbsent && ++absentCount > 3) break;
    }
    const later = entries.slice(cut).map((entry) => {
      const add = entry.flat ? _`Object.assign(o,${entry.out});` : store(O, entry.name, entry.out);
      return entry.maybeAbsent ? _`if(${entry.out}!==undefined)${add}` : add;
    });
    later.push(...extra);
    const head = entries.slice(0, cut);
    const literal = (present: readonly Entry[]) =>
      _`{${join(
        present.map((e) => _`${literalKey(e.name)}:${e.out}`),
        _`,`,
      )}}`;
    const optional = head.filter((entry) => entry.maybeAbsent);
    if (!optional.length) return later.length ? _`const o=${literal(head)};${join(later)}return o;` : _`return ${literal(head)};`;
    const give = (object: Code) => (later.length ? _`o=${object};break;` : _`return ${object};`);
    const mask = join(
      optional.map((entry, bit) => _`(${entry.out}===undefined?0:${1 << bit})`),
      _`|`,
    );
    const cases = Array.from({ length: 1 << optional.length }, (_unused, bits) => {
      const present = head.filter((entry) => !entry.maybeAbsent || bits & (1 << optional.indexOf(entry)));
      return _`${bits === (1 << optional.length) - 1 ? _`default` : _`case ${bits}`}:${give(literal(present))}`;
    });
    const choose = _`switch(${mask}){${join(cases)}}`;
    return later.length ? _`let o;${choose}${join(later)}return o;` : choose;
  }

  /** What a missing optional key leaves: its default (a fresh copy), null when nullable, a group's fills; undefined for nothing. */
  function missing(property: PropertyPlan): Code | undefined {
    if (property.flat && property.plan.kind === "object") {
      const fills = property.plan.properties.flatMap((member) => {
        const fill = missing(member);
        const name = member.name ?? member.key;
        return fill === undefined ? [] : [_`${literalKey(name)}:${fill}`];
      });
      return fills.length ? _`{${join(fills, _`,`)}}` : undefined;
    }
    if (property.default !== undefined) return freshLiteral(property.default);
    if (property.plan.nullable || property.plan.kind === "null") return NONE;
    return undefined;
  }

  function union(n: Node<"union">): Code {
    const { discriminator, discriminatorValues = [] } = n;
    if (discriminator !== undefined) {
      const cases = n.members.map((member, index) => {
        const mapped = value(member, V, D);
        return _`case ${lit(discriminatorValues[index])}:{${mapped.code}return ${mapped.out};}`;
      });
      return fn(_`if(!${plain(V)})return F;switch(v[${lit(discriminator)}]){${join(cases)}default:return F;}`);
    }
    // The first member that maps the value with none of its keys dropped, else the first that maps it
    // (the reference's rule): a member of fixed keys is tried first only when they hold every key sent.
    const tries = n.members.map((member) => {
      const mapped = value(member, V, D);
      const kept = keptKeys(member, defs);
      const known = kept && fresh("K");
      if (known) gen.once(_`const ${known}=new Set(${lit(kept.keys)});`);
      const patterns = kept?.patterns.length ? _`,[${join(kept.patterns.map(regex), _`,`)}]` : empty;
      return { call: fn(_`${mapped.code}return ${mapped.out};`), fits: known ? _`${h("fit")}(v,${known}${patterns})` : undefined };
    });
    const first = tries.map((t) => (t.fits ? _`if(y===F&&${t.fits})y=${t.call}(v,d);` : _`if(y===F)y=${t.call}(v,d);`));
    const then = tries.flatMap((t) => (t.fits ? [_`if(y===F&&!${t.fits})y=${t.call}(v,d);`] : []));
    return fn(_`let y=F;${join(first)}${join(then)}return y;`);
  }

  const root = value(plan.root, V, _`0`);
  return { source: gen.frame(_`(v)=>{${root.code}return ${root.out};}`, _`const F=${h("F")};`), helpers: gen.helpers() };
}
