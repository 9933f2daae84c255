/**
 * An object of declared properties, with an index signature (`additional`), key patterns, or
 * closed: required keys present, each value checked, unknown keys checked, refused or dropped.
 */
import {
  FAIL,
  PROTO,
  compiled,
  define,
  fail,
  fill,
  full,
  isPlainObject,
  type Checked,
  type Context,
  type ObjectPlan,
  type PlanNode,
  type PropertyPlan,
} from "@schemaof/runtime/interpret";
import { _, empty, join, lit, member, type Code } from "../code/code";
import { leftOut, plainObject as plain, store } from "../code/generatedCode";
import { messageCode, sayCode, text } from "../code/messageSource";
import { jsonTypes } from "@schemaof/runtime/plan";
import { assemble, fillMissing, missing, type Entry } from "./objectResult";
import { coerceText } from "./items";
import { say, typeError } from "./say";
import {
  below,
  carried,
  full as fullCode,
  typeFail,
  type CheckCode,
  type CheckWalk,
  type CoerceWalk,
  type Interpret,
  type MapWalk,
  type Scope,
  type Segment,
} from "./walks";

type ObjectNode = ObjectPlan & { readonly nullable?: true };

/**
 * An optional key whose own type takes no `null` (nor anything, a union or a recursive type, that
 * might): a `null` there is a model's way of leaving it out, and the issue says to.
 */
function takesNoNull(property: PropertyPlan): boolean {
  if (property.required || property.absent || property.nullAbsent || property.flat || property.plan.kind === "any") return false;
  // The plan's JSON types are known but for a union or a reference; `null` is one when nullable.
  const types = jsonTypes(property.plan);
  return types !== undefined && !types.includes("null");
}

/** A required key whose value the scope knows, and its type takes as it is: nothing of it to check. */
function isKnown(property: PropertyPlan, scope: Scope): boolean {
  const { known } = scope;
  const { plan } = property;
  return (
    known !== undefined &&
    known.value !== null &&
    known.key === property.key &&
    !!property.required &&
    !property.flat &&
    plan.kind === "enum" &&
    plan.values.includes(known.value)
  );
}

export function checkObject(n: ObjectNode, v: Code, scope: Scope, walk: CheckWalk): CheckCode {
  const { gen } = walk;
  const { fresh, regex } = gen;
  const fail = walk.fail;
  const y = fresh("y");
  // Inline, not a helper of the runtime's: each place keeps its own view of the objects it sees (a
  // shared test was a fifth slower on an order of twelve objects).
  const code: Code[] = [scope.plain ? _`{` : _`if(!${plain(v)})${typeFail(walk, scope, "object", n, v)}else{`];
  // Each key's value is read into a variable of the object's block, for the result to be built of.
  const entries: Entry[] = [];
  for (const property of n.properties) {
    const at: Segment = { key: property.key };
    const x = fresh("x");
    const absent = leftOut(x, property, v, gen);
    const read = _`const ${x}=${member(v, property.key)};`;
    if (property.absent) {
      code.push(_`${read}if(!(${absent}))${fail(scope, "false schema", sayCode.absent(), at)};`);
      continue;
    }
    const name = property.name ?? property.key;
    const flat = !!property.flat;
    if (isKnown(property, scope)) {
      code.push(read);
      entries.push({ name, out: x, maybeAbsent: false, flat });
      continue;
    }
    // Made before the message's path constant below, so names come in the order they always have.
    const child = walk.node(property.plan, x, below(scope, at));
    if (property.required) {
      const kept = carried(gen, child, x);
      code.push(_`${read}${kept.declare}if(${absent})${fail(scope, "required", sayCode.required(property.expects ?? ""), at)};else{${kept.code}}`);
      entries.push({ name, out: kept.out, maybeAbsent: false, flat });
      continue;
    }
    // Optional: the mapped value, the fill when absent, or nothing. A value that is itself and is
    // left out only as undefined needs no variable of its own.
    const fillWith = missing(property);
    const plainAbsent = fillWith === undefined && !property.nullAbsent && !(property.key in Object.prototype) && child.out.text === x.text;
    const out = plainAbsent ? x : fresh("y");
    const keep = plainAbsent ? child.code : _`${child.code}${out}=${child.out};`;
    // A null for an optional key whose type has none is told to leave it out: the one issue of it.
    const checked = takesNoNull(property) ? _`if(${x}===null)${fail(scope, "type", sayCode.nullOptional(), at)};else{${keep}}` : keep;
    const declare = plainAbsent ? empty : _`let ${out}${fillWith === undefined ? empty : _`=${fillWith}`};`;
    code.push(_`${read}${declare}if(!(${absent})){${checked}}`);
    entries.push({ name, out, maybeAbsent: fillWith === undefined, flat });
  }
  code.push(assemble(entries, [], y));
  const known = gen.keySet(n.properties.map((p) => p.key));
  // The keys the message lists are those a value may be sent for.
  const allowed = n.properties.filter((p) => !p.absent).map((p) => p.key);
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
  const proto = () => _`if(${key}==="__proto__"){if(${scope.ctx}.reject)${fail(scope, "propertyNames", sayCode.protoKey(), { entry: key })};}`;
  /** A key a map or a pattern takes: its value into the result, but never as `__proto__`. */
  const put = (value: Code) => _`${proto()}else ${y}[${key}]=${value};`;
  const rest = () => {
    if (!n.additional) return n.closed || !always ? notAllowed() : _`if(${scope.ctx}.reject)${notAllowed()}`;
    const each = walk.node(n.additional, x, inner);
    return _`${each.code}${put(each.out)}`;
  };
  // The value is read only where something reads it (refused, a key's name is all the message needs).
  let each = n.additional || n.patterns || n.nullsAbsent ? _`const ${x}=${v}[${key}];` : empty;
  if (n.patterns) {
    // Every pattern a key matches checks its value, a declared key's too (as JSON Schema reads
    // patternProperties); a key of a pattern is no extra key, and the first it matches maps it.
    const [matched, own, first] = [fresh("m"), fresh("o"), fresh("y")];
    const tests = n.patterns.map(([pattern, value]) => {
      const checked = walk.node(value, x, inner);
      return _`if(${regex(pattern)}.test(${key})){${checked.code}if(!${matched})${first}=${checked.out};${matched}=true;}`;
    });
    each = _`${each}const ${own}=${known}.has(${key});let ${matched}=false,${first};if(!${own}||${x}!==undefined){${join(tests)}}if(!${own}){if(${matched}){${put(first)}}else{${rest()}}}`;
  } else if (!n.additional && !n.nullsAbsent) {
    // Only declared keys: the runtime walks the keys (`uk`), where each such object wrote the loop.
    const words = messageCode("", sayCode.notAllowed(allowed), gen.h);
    const walkKeys = _`${gen.h("uk")}(${scope.ctx},${v},${known},${walk.path(scope)},${walk.pointer(scope)},${words});`;
    code.push(always ? walkKeys : _`if(${scope.ctx}.reject)${walkKeys}`);
    return { code: _`let ${y};${join(code)}}`, out: y };
  } else each = _`if(!${known}.has(${key})){${each}${rest()}}`;
  const walkKeys = _`for(const ${key} of Object.keys(${v})){if(${fullCode(scope)})break;${each}}`;
  code.push(always ? walkKeys : _`if(${scope.ctx}.reject)${walkKeys}`);
  return { code: _`let ${y};${join(code)}}`, out: y };
}

/** Each declared key read, checked and mapped; an index signature's keys too; then the result (`assemble`). */
export function mapObject(n: ObjectPlan, walk: MapWalk): Code {
  const { gen } = walk;
  const { fresh, regex } = gen;
  const X = _`x`;
  const DEEPER = _`d+1`;
  const body: Code[] = [_`if(!${plain(_`v`)})return F;`];
  const entries: Entry[] = [];
  n.properties.forEach((property) => {
    const name = property.name ?? property.key;
    const x = fresh("x");
    const absent = leftOut(x, property, _`v`, gen);
    body.push(_`const ${x}=${member(_`v`, property.key)};`);
    // A key that may only be absent gives up when it came, and is no part of the result.
    if (property.absent) {
      body.push(_`if(!(${absent}))return F;`);
      return;
    }
    const present = walk.value(property.plan, x, DEEPER);
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
    const known = gen.keySet(n.properties.map((p) => p.key));
    // A declared key the patterns match is checked by them too, and mapped by its own property.
    const each = n.patterns.map(([pattern, member]) => {
      const mapped = walk.value(member, X, DEEPER);
      return _`if(${regex(pattern)}.test(k)){${mapped.code}if(!hit)y=${mapped.out};hit=true;}`;
    });
    let other = n.closed ? _`${n.nullsAbsent ? _`if(x!==null)` : empty}return F;` : empty;
    if (n.additional) {
      const mapped = walk.value(n.additional, X, DEEPER);
      other = _`${mapped.code}if(${safe})o[k]=${mapped.out};`;
    }
    extra.push(
      _`for(const k of Object.keys(v)){const x=v[k],own=${known}.has(k);let y,hit=false;if(!own||x!==undefined){${join(each)}}if(own)continue;if(hit){if(${safe})o[k]=y;}else{${other}}}`,
    );
  } else if (n.additional || n.closed) {
    const known = gen.keySet(n.properties.map((p) => p.key));
    if (n.additional) {
      const each = walk.value(n.additional, X, DEEPER);
      extra.push(_`for(const k of Object.keys(v)){if(${known}.has(k))continue;const x=v[k];${each.code}if(${safe})o[k]=${each.out};}`);
    } else {
      body.push(_`for(const k of Object.keys(v))if(!${known}.has(k)${n.nullsAbsent ? _`&&v[k]!==null` : empty})return F;`);
    }
  }
  return _`${join(body)}${assemble(entries, extra)}`;
}

/**
 * An optional key whose type takes no value of the JSON type `type` (a union's members each, a
 * recursive type's definition): `null`, `"null"` or `""` there is a model's way of leaving it out.
 */
function leavesOut(property: PropertyPlan, type: "null" | "string", defs: Readonly<Record<string, PlanNode>>): boolean {
  if (property.required || property.absent || property.nullAbsent || property.flat) return false;
  const seen = new Set<string>();
  const takes = (n: PlanNode): boolean => {
    if (type === "null" && n.nullable) return true;
    if (n.kind === "union") return n.members.some(takes);
    if (n.kind === "ref") return seen.has(n.to) ? false : (seen.add(n.to), defs[n.to] === undefined || takes(defs[n.to]));
    const types = jsonTypes(n);
    return types === undefined || types.includes(type);
  };
  return !takes(property.plan);
}

/**
 * The object sent as JSON text; `null` (null-as-absent), `"null"` or `""` (empty-as-absent) for an
 * optional key that takes none, left out; each declared value's repairs, and an index signature's
 * (not a pattern's: which of them maps a key is the check's to say). Other keys are kept as they
 * came, for the check to drop or refuse.
 */
export function coerceObject(n: ObjectPlan, walk: CoerceWalk): Code | undefined {
  const { gen } = walk;
  const { h, fresh } = gen;
  const text = coerceText(walk, plain);
  const copy = _`if(o===v)o={...v};`;
  const repair = (rule: string, key: string, from: Code) => _`${copy}delete o[${lit(key)}];${h("cr")}(r,p,${lit(key)},${lit(rule)},${from});`;
  const code: Code[] = [];
  for (const property of n.properties) {
    if (property.absent) continue;
    const key = lit(property.key);
    const x = fresh("x");
    const ways: Code[] = [];
    if (walk.has("null-as-absent") && leavesOut(property, "null", walk.defs)) ways.push(_`if(${x}===null){${repair("null-as-absent", property.key, _`null`)}}`);
    if (walk.has("empty-as-absent") && leavesOut(property, "string", walk.defs))
      ways.push(_`if(${x}==="null"||${x}===""){${repair("empty-as-absent", property.key, x)}}`);
    const child = walk.value(property.plan, x, _`d+1`);
    if (child) ways.push(_`{const y=${x};p.push(${key});${child}p.pop();if(${x}!==y){${copy}${store(_`o`, property.key, x)}}}`);
    if (!ways.length) continue;
    code.push(_`{let ${x}=${member(_`v`, property.key)};if(!(${leftOut(x, property, _`v`, gen)})){${join(ways, _`else `)}}}`);
  }
  const each = n.additional && !n.patterns ? walk.value(n.additional, _`x`, _`d+1`) : undefined;
  if (each) {
    const known = gen.keySet(n.properties.map((p) => p.key));
    // A `__proto__` key is never written: the check drops it or says so.
    code.push(
      _`for(const k of Object.keys(v)){if(${known}.has(k)||k==="__proto__")continue;let x=v[k];const y=x;p.push(k);${each}p.pop();if(x!==y){${copy}o[k]=x;}}`,
    );
  }
  if (!text && !code.length) return undefined;
  return _`${text ?? empty}if(!${plain(_`v`)})return v;let o=v;${join(code)}return o;`;
}

const declared = new WeakMap<ObjectPlan, Set<string>>();
const keysOf = (node: ObjectPlan) => {
  let keys = declared.get(node);
  if (!keys) declared.set(node, (keys = new Set(node.properties.map((p) => p.key))));
  return keys;
};

/**
 * Properties: required ones present, each value checked, a missing one given its default (or null
 * when nullable). Keys not declared are checked against the map's value type, refused when the
 * object is closed (or the caller asks), and otherwise dropped. The result is a new object.
 */
export function interpretObject(node: ObjectNode, value: unknown, ctx: Context, interpret: Interpret): Checked {
  if (!isPlainObject(value)) return typeError(ctx, "object", node.nullable, value);
  const out: Record<string, unknown> = {};
  let ok = true;
  for (const property of node.properties) {
    const item = value[property.key];
    // Read first, own-ness second: a missing `toString` must not be found on the prototype.
    // `null` is the key left out where a provider sends it so (openai-strict's optional properties).
    const missing = item === undefined || (item === null && property.nullAbsent === true) || !Object.prototype.hasOwnProperty.call(value, property.key);
    if (property.absent) {
      if (!missing) ok = !fail(ctx, "false schema", say.absent(), property.key);
    } else if (missing) {
      if (property.required) ok = !fail(ctx, "required", fill("required", { expects: property.expects ?? "" }), property.key);
      else fillMissing(out, property);
    } else if (item === null && takesNoNull(property)) {
      ok = !fail(ctx, "type", say.nullOptional(), property.key);
    } else {
      ctx.path.push(property.key);
      const mapped = interpret(property.plan, item, ctx);
      ctx.path.pop();
      if (mapped === FAIL) ok = false;
      else if (property.flat) Object.assign(out, mapped);
      else define(out, property.name ?? property.key, mapped);
    }
    if (!ok && full(ctx)) return FAIL;
  }
  // Unknown keys are dropped unless something is to be said of them: skip the walk otherwise.
  // A caller that rejects unknown keys is told of keys no property or pattern takes, an object that declares none included.
  if (!node.additional && !node.closed && !node.patterns && !ctx.reject) return ok ? out : FAIL;
  const known = keysOf(node);
  for (const key of Object.keys(value)) {
    const declared = known.has(key);
    const patterns = node.patterns?.filter(([pattern]) => compiled(pattern).test(key)) ?? [];
    if (patterns.length > 0 && (!declared || value[key] !== undefined)) {
      // Every pattern a key matches checks its value, a declared key's too (as JSON Schema reads
      // patternProperties); the first maps a key no property declares.
      ctx.path.push(key);
      const mapped = patterns.map(([, member]) => interpret(member, value[key], ctx));
      ctx.path.pop();
      if (mapped.includes(FAIL)) ok = false;
      else if (!declared && key !== PROTO) define(out, key, mapped[0]);
      if (!declared && key === PROTO) ok = protoKey(ctx) && ok;
    } else if (declared) {
      continue;
    } else if (node.additional) {
      ctx.path.push(key);
      const mapped = interpret(node.additional, value[key], ctx);
      ctx.path.pop();
      if (mapped === FAIL) ok = false;
      else if (key !== PROTO) define(out, key, mapped);
      if (key === PROTO) ok = protoKey(ctx) && ok;
    } else if ((node.closed || ctx.reject) && !(node.nullsAbsent && value[key] === null)) {
      const allowed = node.properties.filter((property) => !property.absent).map((property) => property.key);
      ok = !fail(
        ctx,
        "additionalProperties",
        say.notAllowed(
          allowed,
          node.patterns?.map(([pattern]) => pattern),
        ),
        key,
      );
    }
    if (!ok && full(ctx)) return FAIL;
  }
  return ok ? out : FAIL;
}

/** A `__proto__` key a map takes is never written into the result: left out, or an issue to a caller that rejects unknown keys. */
function protoKey(ctx: Context): boolean {
  return !ctx.reject || !fail(ctx, "propertyNames", say.protoKey(), PROTO);
}
