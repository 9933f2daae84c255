/**
 * Plan -> JavaScript: the happy path, as functions `(v,d) => mapped | F` of a generated check's
 * setup: they check and map in one pass, with no context, no issue list and no message, building
 * the result with object literals (a fresh value, never the input), and say F at the first broken
 * rule. What asks for them: the repair pass (toCoerceSource), to know whether a member of a union
 * takes a value as it is, and the full check (toCheckSource), for what a union tried member by
 * member maps to. A union takes its first member that maps, as the interpreter does; the
 * differential tests hold the two to each other.
 *
 * This file is the walker: the kinds that map to themselves are tested inline, the others get a
 * function of the setup whose body their kind's `map` function (emit/kinds) writes.
 */
import type { GeneratedCode } from "./generatedCode";
import { Code, _, empty } from "./code";
import type { Inline, MapWalk, Mapped } from "../kinds/walks";
import { mapAny } from "../kinds/any";
import { mapBoolean } from "../kinds/boolean";
import { mapNull } from "../kinds/null";
import { mapEnum } from "../kinds/enum";
import { mapDate } from "../kinds/date";
import { mapString } from "../kinds/string";
import { mapNumber } from "../kinds/number";
import { mapArray } from "../kinds/array";
import { mapTuple } from "../kinds/tuple";
import { mapObject } from "../kinds/object";
import { mapUnion } from "../kinds/union";
import { mapRef } from "../kinds/ref";

import type { PlanNode } from "@schemaof/runtime/helpers";

// The names every mapping function is written with: its value, its depth.
const V = _`v`;
const D = _`d`;

/**
 * The happy path's walker over `gen`: the repair pass (toCoerceSource) writes its own functions into
 * the same code and asks this one whether a member of a union maps a value.
 */
export function createMapWalk(gen: GeneratedCode, defs: Readonly<Record<string, PlanNode>>): MapWalk {
  const { fresh, h } = gen;
  const defFunctions = new Map<string, Code>();
  /** A function of the setup, `(v,d)` to the mapped value or F, for the kinds that need their own `return F`. */
  const fn = (body: Code) => {
    const name = fresh("M");
    gen.once(_`function ${name}(v,d){${body}}`);
    return name;
  };

  /** `v` checked against `n` at depth `d` (code), mapped. */
  function value(n: PlanNode, v: Code, d: Code): Mapped {
    const inline = scalar(n, v);
    if (inline !== undefined) {
      const out = inline.made ? (n.nullable ? _`(${v}===null?null:${inline.made})` : inline.made) : v;
      return { code: _`if(!(${n.nullable ? _`${v}===null||` : empty}${inline.test}))return F;`, out };
    }
    const { callee, depth } = n.kind === "ref" ? mapRef(n, d, walk) : { callee: function_(n), depth: d };
    const y = fresh("y");
    const run = _`${y}=${callee}(${v},${depth});if(${y}===F)return F;`;
    return { code: n.nullable ? _`let ${y}=null;if(${v}!==null){${run}}` : _`let ${run}`, out: y };
  }

  /** A recursive type's function; past the depth limit the full check reports it. */
  function def(name: string): Code {
    let found = defFunctions.get(name);
    if (found) return found;
    found = fresh("D");
    defFunctions.set(name, found);
    const inner = value(defs[name], V, D);
    gen.once(_`function ${found}(v,d){if(d>=${h("D")})return F;${inner.code}return ${inner.out};}`);
    return found;
  }

  const walk: MapWalk = { gen, defs, value, fn, def };

  /** The test of a kind that maps to itself (or to `new Date`), inline; undefined for the others. */
  function scalar(n: PlanNode, v: Code): Inline | undefined {
    switch (n.kind) {
      case "boolean":
        return mapBoolean(v);
      case "null":
        return mapNull(v);
      case "enum":
        return mapEnum(n, v);
      case "string":
        return mapString(n, v, walk);
      case "number":
        return mapNumber(n, v, walk);
      case "date":
        return mapDate(n, v, walk);
      default:
        return undefined;
    }
  }

  /** The function that maps a container, a union or an `unknown` (nullability is the caller's). */
  function function_(n: PlanNode): Code {
    switch (n.kind) {
      case "array":
        return fn(mapArray(n, walk));
      case "tuple":
        return fn(mapTuple(n, walk));
      case "object":
        return fn(mapObject(n, walk));
      case "union":
        return fn(mapUnion(n, walk));
      case "any":
        return fn(mapAny(n, walk));
      default:
        // Scalars and references map inline (see value).
        throw new Error(`no function maps a plan node of kind '${n.kind}'`);
    }
  }

  return walk;
}
