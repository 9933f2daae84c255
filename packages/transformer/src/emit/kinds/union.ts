/**
 * `anyOf`. A discriminated union checks the one member its discriminator names, so the issues are
 * that member's (`/payment/iban required`), or one issue on the discriminator; a value whose JSON
 * type only one member takes is that member's; any other value is tried against each member, and
 * one short summary says what would have been accepted.
 */
import {
  FAIL,
  closest,
  compiled,
  fail,
  fitsKeys,
  isPlainObject,
  requiredOneOfText,
  type Checked,
  type Context,
  type PlanNode,
} from "@schemaof/runtime/interpret";
import { anyOfText, keptKeys, membersByType } from "@schemaof/runtime/plan";
import { _, empty, join, lit, member, type Code } from "../code/code";
import { plainObject as plain } from "../code/generatedCode";
import { sayCode, text } from "../code/messageSource";
import { oneOf } from "./enum";
import { say } from "./say";
import type { CheckCode, CheckWalk, CoerceWalk, Interpret, MapWalk, Node, Scope, Segment } from "./walks";

export function checkUnion(n: Node<"union">, v: Code, scope: Scope, walk: CheckWalk): CheckCode {
  const { members } = n;
  const { fresh, h } = walk.gen;
  // Any other union: the first member with no issue, tried with a scratch issue list; when none
  // takes the value, the summary names the member it came closest to, by each trial's first issue.
  // Made only where it is written: what it makes (constants, helpers) would be kept even unwritten.
  const trying = () => {
    const trials = members.map(() => fresh("t"));
    const near = _`${h("near")}([${join(trials, _`,`)}],${walk.path(scope)}.length)`;
    let tries = _`${walk.fail(scope, "anyOf", [anyOfText(n), { code: near }])};`;
    for (let index = members.length - 1; index >= 0; index--) {
      const trial = trials[index];
      tries = _`{const ${trial}=${h("trial")}(${scope.ctx});${walk.node(members[index], v, { ...scope, ctx: trial }).code}if(${trial}.issues.length){${tries}}}`;
    }
    return tries;
  };
  if (n.discriminator === undefined) {
    // What it maps to is the happy path's (the first member that keeps every key sent, else the
    // first that takes the value), which a trial's first issue-free member need not be.
    const out = _`${walk.maps(n)}(${v},${scope.depth})`;
    // A value whose JSON type only one member takes is checked by that member, which says what is wrong.
    const selected = membersByType(members);
    if (!selected?.size) return { code: trying(), out };
    const branches = [...selected].map(([type, member]) => _`if(${isJsonType(type, v)}){${walk.node(member, v, scope).code}}`);
    return { code: _`${join(branches, _`else `)}else{${trying()}}`, out };
  }
  const values = n.discriminatorValues ?? [];
  const y = fresh("y");
  // A case's member is an object and the value is one, whose discriminator is the case's: the
  // member tests neither again.
  const cases = members.map((member, index) => {
    const known = { key: n.discriminator as string, value: values[index] };
    const checked = walk.node(member, v, member.kind === "object" && !member.nullable ? { ...scope, plain: true, known } : scope);
    return _`case ${lit(values[index])}:{${checked.code}${y}=${checked.out};break;}`;
  });
  // Not an object: were every member an object that takes no null, each trial's one issue would be
  // at the union's own place, which names no closest member; the summary alone is what they come to.
  const tries = members.every((member) => member.kind === "object" && !member.nullable) ? _`${walk.fail(scope, "anyOf", [anyOfText(n)])};` : trying();
  const at: Segment = { key: n.discriminator };
  const d = member(v, n.discriminator);
  // Left out, the discriminator is a required key; sent wrong, a value not among its own.
  const wrong = _`if(${d}===undefined)${walk.fail(scope, "required", text(requiredOneOfText(values)), at)};else ${walk.fail(scope, "enum", sayCode.oneOf(values, d), at)};`;
  // Not an object, a member that takes null or some other value may still take it (its out is the happy path's).
  const other = members.every((member) => member.kind === "object" && !member.nullable) ? empty : _`${y}=${walk.maps(n)}(${v},${scope.depth});`;
  return { code: _`let ${y};if(${plain(v)}){switch(${d}){${join(cases)}default:${wrong}}}else{${tries}${other}}`, out: y };
}

function isJsonType(type: string, v: Code): Code {
  if (type === "null") return _`${v}===null`;
  if (type === "array") return _`Array.isArray(${v})`;
  if (type === "object") return _`(typeof ${v}==="object"&&${v}!==null&&!Array.isArray(${v}))`;
  return _`typeof ${v}===${lit(type)}`;
}

export function mapUnion(n: Node<"union">, walk: MapWalk): Code {
  const { fresh, h, regex } = walk.gen;
  const V = _`v`;
  const D = _`d`;
  const { discriminator, discriminatorValues = [] } = n;
  if (discriminator !== undefined) {
    const cases = n.members.map((member, index) => {
      const mapped = walk.value(member, V, D);
      return _`case ${lit(discriminatorValues[index])}:{${mapped.code}return ${mapped.out};}`;
    });
    return _`if(!${plain(V)})return F;switch(${member(_`v`, discriminator)}){${join(cases)}default:return F;}`;
  }
  // The first member that maps the value with none of its keys dropped, else the first that maps it
  // (the reference's rule): a member of fixed keys is tried first only when they hold every key sent.
  const tries = n.members.map((member) => {
    const mapped = walk.value(member, V, D);
    const kept = keptKeys(member, walk.defs);
    const known = kept && walk.gen.keySet(kept.keys);
    const patterns = kept?.patterns.length ? _`,[${join(kept.patterns.map(regex), _`,`)}]` : empty;
    return { call: walk.fn(_`${mapped.code}return ${mapped.out};`), fits: known ? _`${h("fit")}(v,${known}${patterns})` : undefined };
  });
  const first = tries.map((t) => (t.fits ? _`if(y===F&&${t.fits})y=${t.call}(v,d);` : _`if(y===F)y=${t.call}(v,d);`));
  const then = tries.flatMap((t) => (t.fits ? [_`if(y===F&&!${t.fits})y=${t.call}(v,d);`] : []));
  return _`let y=F;${join(first)}${join(then)}return y;`;
}

/**
 * No repair when a member takes the value as it is; otherwise the first member, in order, whose
 * repairs of the value it then takes, with those repairs and no other member's.
 */
export function coerceUnion(n: Node<"union">, walk: CoerceWalk): Code | undefined {
  const repairs = n.members.flatMap((member) => {
    const code = walk.value(member, _`v`, _`d`);
    return code ? [{ member, call: walk.fn(_`${code}return v;`) }] : [];
  });
  if (!repairs.length) return undefined;
  const { fresh } = walk.gen;
  const asIs = join(
    n.members.map((member) => _`${walk.maps(member)}(v,d)!==F`),
    _`||`,
  );
  const tries = repairs.map(({ member, call }) => {
    const [s, y] = [fresh("s"), fresh("y")];
    return _`{const ${s}=[];const ${y}=${call}(v,d,p,${s});if(${s}.length&&${walk.maps(member)}(${y},d)!==F){r.push(...${s});return ${y};}}`;
  });
  return _`if(${asIs})return v;${join(tries)}return v;`;
}

export function interpretUnion(node: Node<"union">, value: unknown, ctx: Context, interpret: Interpret): Checked {
  const { discriminator } = node;
  if (discriminator !== undefined && node.discriminatorValues && isPlainObject(value)) {
    const values = node.discriminatorValues;
    const at = values.indexOf(value[discriminator] as never);
    if (at < 0) {
      // Left out, the discriminator is a required key; sent wrong, a value not among its own.
      if (value[discriminator] === undefined) return fail(ctx, "required", say.requiredOneOf(values), discriminator);
      ctx.path.push(discriminator);
      oneOf(values, value[discriminator], ctx);
      ctx.path.pop();
      return FAIL;
    }
    return interpret(node.members[at], value, ctx);
  }
  // A value whose JSON type only one member takes is that member's: its own issues say what is wrong
  // (`/tags/1 must be string`), where a summary of the forms would not.
  const selected = memberByType(node, value);
  if (selected) return interpret(selected, value, ctx);
  // The first member that maps the value with none of its keys dropped, else the first that maps it.
  const fits = node.members.map((member) => {
    const kept = keptKeys(member, ctx.defs);
    return kept === undefined || fitsKeys(value, new Set(kept.keys), kept.patterns.map(compiled));
  });
  const order = [...node.members.keys()].sort((a, b) => Number(fits[b]) - Number(fits[a]));
  const trials: Context[] = [];
  for (const index of order) {
    const trial: Context = { issues: [], max: 1, path: ctx.path, defs: ctx.defs, reject: ctx.reject, depth: ctx.depth };
    const mapped = interpret(node.members[index], value, trial);
    if (mapped !== FAIL) return mapped;
    trials[index] = trial;
  }
  // None takes it: the summary names the member it came closest to, members in their own order.
  return fail(ctx, "anyOf", anyOfText(node) + closest(trials, ctx.path.length));
}

const byType = new WeakMap<Node<"union">, Map<string, PlanNode> | null>();

/** The one member that takes values of this JSON type, when every member's types are known and only one takes it. */
function memberByType(node: Node<"union">, value: unknown): PlanNode | undefined {
  let members = byType.get(node);
  if (members === undefined) byType.set(node, (members = membersByType(node.members) ?? null));
  return members?.get(value === null ? "null" : Array.isArray(value) ? "array" : typeof value);
}
