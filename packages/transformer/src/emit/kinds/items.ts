/**
 * What arrays and tuples share, for each walker: an item checked at its index, the count keywords
 * (minItems, maxItems) and `uniqueItems`, which is compared only once the items are sound JSON.
 */
import { FAIL, fail, findRepeat, full as fullCtx, type Context, type PlanNode, type Rules } from "@schemaof/runtime/interpret";
import { _, empty, join, type Code } from "../code/code";
import { sayCode } from "../code/messageSource";
import { interpretRules, ruleTests } from "./keywords";
import { say } from "./say";
import { below, report, segmentCode, type CheckWalk, type CoerceWalk, type Interpret, type MapWalk, type Scope, type Segment } from "./walks";

/** One item at `at` (an index known now, or the loop's variable), its mapped value pushed onto the array `into`. */
export function checkItem(walk: CheckWalk, n: PlanNode, v: Code, at: Segment, scope: Scope, into: Code): Code {
  const x = walk.gen.fresh("x");
  const child = walk.node(n, x, below(scope, at));
  return _`{const ${x}=${v}[${segmentCode(at)}];if(${x}===undefined)${walk.fail(scope, "type", sayCode.undefinedItem(), at)};else{${child.code}${into}.push(${child.out});}}`;
}

/**
 * minItems, maxItems, then uniqueItems if the items are sound: no issue was added by them (since
 * `before`, marked just before the items; when the list is full nothing more is added anyway).
 * Soundness is taken before the count tests, so that `maxItems` does not hide a repeat.
 */
export function checkCounts(walk: CheckWalk, rules: Rules, v: Code, before: Code, scope: Scope): Code {
  const { fresh, h } = walk.gen;
  const tests = report(walk, ruleTests("array", rules, v, walk.gen), scope);
  if (!rules.uniqueItems) return tests;
  const [sound, pair] = [fresh("s"), fresh("q")];
  const repeat = _`const ${pair}=${h("rep")}(${v});if(${pair})${walk.fail(scope, "uniqueItems", sayCode.uniqueItems(_`${pair}[0]`, _`${pair}[1]`))};`;
  return _`const ${sound}=${scope.ctx}.issues.length===${before};${tests}if(${sound}){${repeat}}`;
}

/** The issue count before the items, for `uniqueItems` to tell whether they added any. */
export function markIssues(walk: CheckWalk, rules: Rules | undefined, scope: Scope): { before: Code; code: Code } {
  if (!rules?.uniqueItems) return { before: _`0`, code: empty };
  const before = walk.gen.fresh("n");
  return { before, code: _`const ${before}=${scope.ctx}.issues.length;` };
}

export function mapCounts(walk: MapWalk, rules: Rules, v: Code): Code {
  const code = join(ruleTests("array", rules, v, walk.gen).map((t) => _`if(${t.broken})return F;`));
  return rules.uniqueItems ? _`${code}if(${walk.gen.h("rep")}(${v}))return F;` : code;
}

// Each item into a new plain array (a subclass of Array is not copied as one). A hole or an
// undefined item reads as undefined, which every kind refuses, as the full check does.
export function mapItems(walk: MapWalk, n: PlanNode, from: number): Code {
  const item = walk.value(n, _`x`, _`d+1`);
  return _`for(let i=${from};i<v.length;i++){const x=v[i];${item.code}o.push(${item.out});}`;
}

/**
 * JSON text where an object or an array belongs (json-text, json-syntax): read, once or twice
 * encoded, and taken when it spells a value of that type (`is`, a test of `t`); nothing else is.
 */
export function coerceText(walk: CoerceWalk, is: (t: Code) => Code): Code | undefined {
  if (!walk.has("json-text")) return undefined;
  const { fresh, h } = walk.gen;
  const t = fresh("t");
  return _`if(typeof v==="string"){const ${t}=${h("jt")}(v,${walk.has("json-syntax")});if(${t}!==undefined&&${is(_`${t}.value`)}){${h("cr")}(r,p,undefined,${t}.rule,v,${t}.value);v=${t}.value;}}`;
}

/** An array's JSON text read, then its items repaired; undefined when neither is asked for. */
/** `prefix`: the items at fixed places (a tuple's), `rest`: every item after them. */
export function coerceList(walk: CoerceWalk, prefix: readonly PlanNode[], rest: PlanNode | undefined): Code | undefined {
  const text = coerceText(walk, (t) => _`Array.isArray(${t})`);
  const each = (n: PlanNode, index: Code) => {
    const code = walk.value(n, _`x`, _`d+1`);
    return code && _`{let x=v[${index}];const y=x;p.push(${index});${code}p.pop();if(x!==y){if(o===v)o=v.slice();o[${index}]=x;}}`;
  };
  const fixed = prefix.flatMap((n, index) => {
    const code = each(n, _`${index}`);
    return code ? [_`if(v.length>${index})${code}`] : [];
  });
  const tail = rest && each(rest, _`i`);
  if (!text && !fixed.length && !tail) return undefined;
  const loop = tail ? _`for(let i=${prefix.length};i<v.length;i++)${tail}` : empty;
  return _`${text ?? empty}if(!Array.isArray(v))return v;let o=v;${join(fixed)}${loop}return o;`;
}

export function interpretItems(
  value: readonly unknown[],
  planAt: (index: number) => PlanNode | undefined,
  ctx: Context,
  interpret: Interpret,
): unknown[] | typeof FAIL {
  const out: unknown[] = new Array(value.length);
  let ok = true;
  for (let i = 0; i < value.length; i++) {
    const plan = planAt(i);
    if (!plan) continue;
    ctx.path.push(i);
    // A hole or `undefined` is not JSON: JSON.stringify would turn it into null behind the model's back.
    const item = i in value ? value[i] : undefined;
    const mapped = item === undefined ? fail(ctx, "type", say.undefinedItem()) : interpret(plan, item, ctx);
    ctx.path.pop();
    if (mapped === FAIL) {
      ok = false;
      if (fullCtx(ctx)) return FAIL;
    } else out[i] = mapped;
  }
  return ok ? out : FAIL;
}

/** minItems, maxItems, and uniqueItems (compared only once the items are known to be sound JSON). */
export function interpretCounts(rules: Rules | undefined, value: readonly unknown[], itemsOk: boolean, ctx: Context): boolean {
  if (!rules) return true;
  let ok = interpretRules("array", rules, value, ctx);
  if (rules.uniqueItems && itemsOk) {
    const repeat = findRepeat(value);
    if (repeat) ok = !fail(ctx, "uniqueItems", say.uniqueItems(repeat[0], repeat[1]));
  }
  return ok;
}
