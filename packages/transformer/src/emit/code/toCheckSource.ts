/**
 * Plan -> JavaScript: the check specialised to one type, emitted into the user's build beside the
 * call (`check: (h) => (v, c) => mapped`), so the run time interprets nothing and evaluates no code.
 * One pass reports every issue into the context and builds the mapped value (a fresh value, never
 * the input: object literals of the declared keys, defaults and nulls filled, dates made, dotted
 * keys folded), which counts only when no issue was reported. `h` is the runtime's helpers (issue
 * list, messages, formats); the generated code inlines the type tests, the bounds and the loops, and
 * builds an issue's path only when there is an issue to report.
 *
 * One pass, where there were two (a happy path that gave up at the first broken rule, then this
 * check to word the issues): as fast on valid arguments, faster on invalid ones, and a third less
 * code. A union tried member by member maps through the happy path's function (toMapSource) of it.
 *
 * This file is the walker: it keeps the issue's path and how an issue is recorded, and hands each
 * node to its kind's `check` function (emit/kinds), which is handed this walker back for its children.
 *
 * The plan is the contract (`PlanNode` in @schemaof/runtime's plan.ts); this file only reads it.
 */
import { messageCode, sayCode, type Message } from "./messageSource";
import { createGeneratedCode, type GeneratedSource } from "./generatedCode";
import { Code, _, join, lit } from "./code";
import { isStatic, itself, segmentCode, type CheckCode, type CheckWalk, type MapWalk, type Scope, type Segment } from "../kinds/walks";
import { createMapWalk } from "./toMapSource";
import { checkAny } from "../kinds/any";
import { checkBoolean } from "../kinds/boolean";
import { checkNull } from "../kinds/null";
import { checkEnum } from "../kinds/enum";
import { checkDate } from "../kinds/date";
import { checkString } from "../kinds/string";
import { checkNumber } from "../kinds/number";
import { checkArray } from "../kinds/array";
import { checkTuple } from "../kinds/tuple";
import { checkObject } from "../kinds/object";
import { checkUnion } from "../kinds/union";
import { checkRef } from "../kinds/ref";

import type { PlanNode } from "@schemaof/runtime/helpers";
import type { PlanData } from "../plan/toPlan";

const escaped = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

export function toCheckSource(plan: PlanData): GeneratedSource {
  const gen = createGeneratedCode();
  const { fresh, h } = gen;
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
   * definition's function), its path and pointer are a constant made once (`h.at`) and its message is whole
   * (`"/limite must be <= 100, got "+x`), as ajv's are constants, but for the commonest three (a
   * wrong type, a missing key, a null to leave out), which the runtime words from the place
   * (`h.ti(c,P3,"integer",x)`); elsewhere both are put together at run time.
   */
  const staticPaths = new Map<string, Code>();
  const fail = (scope: Scope, keyword: string, message: Message, ...more: Segment[]) => {
    const segments = [...scope.segs, ...more];
    if (scope.base || !segments.every(isStatic)) {
      return _`${h("f")}(${scope.ctx},${path(scope, ...more)},${pointer(scope, ...more)},${lit(keyword)},${messageCode("", message, h, gen.words)})`;
    }
    const at = staticPointer(segments);
    const array = _`[${join(segments.map(segmentCode), _`,`)}]`;
    let constant = staticPaths.get(array.text);
    if (!constant) {
      constant = fresh("P");
      staticPaths.set(array.text, constant);
      gen.constant(constant, _`${h("at")}(${array})`);
    }
    const issue = message.atPlace;
    if (issue?.keyword === keyword) return _`${h(issue.helper)}(${join([scope.ctx, constant, ...issue.args], _`,`)})`;
    return _`${h("i")}(${scope.ctx},${constant},${lit(keyword)},${messageCode(`${at || "the arguments"} `, message, h, gen.words)})`;
  };

  function defFunction(name: string): Code {
    let fn = defFunctions.get(name);
    if (fn) return fn;
    fn = fresh("D");
    defFunctions.set(name, fn);
    const scope: Scope = { ctx: _`c`, base: { path: _`P`, pointer: _`Q` }, segs: [], depth: _`d` };
    const body = node(defs[name], _`v`, scope);
    gen.once(_`function ${fn}(v,c,P,Q,d){if(d>=${h("D")}){${fail(scope, "depth", sayCode.depth())};return;}${body.code}return ${body.out};}`);
    return fn;
  }

  /** Statements that report every issue of `v` against `n`, and its mapped value. */
  function node(n: PlanNode, v: Code, scope: Scope): CheckCode {
    const inner = kind(n, v, scope);
    if (!n.nullable) return inner;
    // A date's result reads the value alone (null stays null); a container's is a variable of its block.
    if (n.kind === "date" || inner.out.text === v.text) return { code: _`if(${v}!==null){${inner.code}}`, out: inner.out };
    const y = fresh("y");
    return { code: _`let ${y}=null;if(${v}!==null){${inner.code}${y}=${inner.out};}`, out: y };
  }

  // The happy path's functions, for what a union tried member by member maps to (made at their first use).
  let happy: MapWalk | undefined;
  const mapFunctions = new Map<PlanNode, Code>();
  function maps(n: PlanNode): Code {
    happy ??= createMapWalk(gen, defs);
    let found = mapFunctions.get(n);
    if (!found) {
      const mapped = happy.value(n, _`v`, _`d`);
      mapFunctions.set(n, (found = happy.fn(_`${mapped.code}return ${mapped.out};`)));
    }
    return found;
  }

  const walk: CheckWalk = { gen, node, maps, fail, path, pointer, def: defFunction };

  function kind(n: PlanNode, v: Code, scope: Scope): CheckCode {
    switch (n.kind) {
      case "any":
        return checkAny(n, v, scope, walk);
      case "boolean":
        return itself(checkBoolean(n, v, scope, walk), v);
      case "null":
        return itself(checkNull(v, scope, walk), v);
      case "enum":
        return itself(checkEnum(n, v, scope, walk), v);
      case "date":
        return checkDate(n, v, scope, walk);
      case "string":
        return itself(checkString(n, v, scope, walk), v);
      case "number":
        return itself(checkNumber(n, v, scope, walk), v);
      case "array":
        return checkArray(n, v, scope, walk);
      case "tuple":
        return checkTuple(n, v, scope, walk);
      case "object":
        return checkObject(n, v, scope, walk);
      case "union":
        return checkUnion(n, v, scope, walk);
      case "ref":
        return checkRef(n, v, scope, walk);
    }
  }

  const root = node(plan.root, _`v`, { ctx: _`c`, segs: [], depth: _`0` });
  const result = _`(v,c)=>{${root.code}return ${root.out};}`;
  return { source: gen.frame(result, happy ? _`const F=${h("F")};` : undefined), helpers: gen.helpers() };
}
