/**
 * Plan -> JavaScript: the repair pass of a check built with `coerce` (`coerce: (h) => h.fix((v) =>
 * { value, coerced })`, the runtime's `fix` re-checking what it repaired). It runs only when the check said no, and undoes the mistakes models are
 * known to make where the type says what was meant: JSON text where an object or array belongs, a
 * numeric or boolean string, `null`, `"null"` or `""` for an optional property that takes none, no
 * arguments at all. Each repair is recorded with its place and rule; the repaired value is a copy
 * (only what changed is copied) that the check then judges as any other, so
 * a repair never lets through what the type refuses.
 *
 * A kind that has nothing to repair writes no code, and a check built without `coerce` has no repair
 * pass at all. This file is the walker; each kind's `coerce` function (emit/kinds) writes its code.
 */
import { createGeneratedCode, type GeneratedSource } from "./generatedCode";
import { Code, _, lit } from "./code";
import { createMapWalk } from "./toMapSource";
import type { CoerceWalk } from "../kinds/walks";
import { coerceBoolean } from "../kinds/boolean";
import { coerceEnum } from "../kinds/enum";
import { coerceNumber } from "../kinds/number";
import { coerceArray } from "../kinds/array";
import { coerceTuple } from "../kinds/tuple";
import { coerceObject } from "../kinds/object";
import { coerceUnion } from "../kinds/union";
import type { CoerceRule, PlanNode } from "@schemaof/runtime/helpers";
import type { PlanData } from "../plan/toPlan";

const V = _`v`;
const D = _`d`;

export function toCoerceSource(plan: PlanData, rules: readonly CoerceRule[]): GeneratedSource {
  const gen = createGeneratedCode();
  const { fresh, h } = gen;
  const defs: Readonly<Record<string, PlanNode>> = plan.defs ?? {};
  const asked = new Set(rules);
  const happy = createMapWalk(gen, defs);
  const defFunctions = new Map<string, Code>();
  const mapFunctions = new Map<PlanNode, Code>();

  const fn = (body: Code) => {
    const name = fresh("C");
    gen.once(_`function ${name}(v,d,p,r){${body}}`);
    return name;
  };

  function value(n: PlanNode, v: Code, d: Code): Code | undefined {
    const code = n.kind === "ref" ? _`${v}=${def(n.to)}(${v},${d}+1,p,r);` : (inline(n, v) ?? call(n, v, d));
    if (code === undefined) return undefined;
    return n.nullable ? _`if(${v}!==null){${code}}` : code;
  }

  /** A scalar's repair, written where it is used. */
  function inline(n: PlanNode, v: Code): Code | undefined {
    switch (n.kind) {
      case "number":
        return coerceNumber(n, v, walk);
      case "boolean":
        return coerceBoolean(v, walk);
      case "enum":
        return coerceEnum(n, v, walk);
      default:
        return undefined;
    }
  }

  /** A container's or a union's repair, a function of its own; strings, dates, null and `unknown` repair nothing. */
  function call(n: PlanNode, v: Code, d: Code): Code | undefined {
    const body =
      n.kind === "array"
        ? coerceArray(n, walk)
        : n.kind === "tuple"
          ? coerceTuple(n, walk)
          : n.kind === "object"
            ? coerceObject(n, walk)
            : n.kind === "union"
              ? coerceUnion(n, walk)
              : undefined;
    return body && _`${v}=${fn(body)}(${v},${d},p,r);`;
  }

  /** A recursive type's repair, stopped at the depth limit (the full check reports the depth). */
  function def(name: string): Code {
    let found = defFunctions.get(name);
    if (found) return found;
    found = fresh("E");
    defFunctions.set(name, found);
    const inner = value(defs[name], V, D);
    gen.once(_`function ${found}(v,d,p,r){${inner ? _`if(d<${h("D")}){${inner}}` : _``}return v;}`);
    return found;
  }

  function maps(n: PlanNode): Code {
    let found = mapFunctions.get(n);
    if (!found) {
      const mapped = happy.value(n, V, D);
      mapFunctions.set(n, (found = happy.fn(_`${mapped.code}return ${mapped.out};`)));
    }
    return found;
  }

  const walk: CoerceWalk = { gen, defs, has: (rule) => asked.has(rule), value, fn, maps };

  const root = value(plan.root, V, _`0`) ?? _``;
  // No arguments at all, for a tool whose parameters may all be left out: the empty object it means.
  const none =
    asked.has("no-arguments") && plan.root.kind === "object" && !plan.root.nullable && plan.root.properties.every((p) => !p.required)
      ? _`if(v===undefined||v===null){${h("cr")}(r,p,undefined,${lit("no-arguments")},v,{});v={};}`
      : _``;
  // The plan hands it to the runtime's `fix`, which re-checks what it repaired (toPlanEntries).
  const pass = _`(v)=>{const p=[],r=[];${none}${root}return {value:v,coerced:r};}`;
  return { source: gen.frame(pass, _`const F=${h("F")};`), helpers: gen.helpers() };
}
