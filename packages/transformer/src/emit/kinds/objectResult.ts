/**
 * An object's result in generated code and in the interpreter: what a missing key leaves (its
 * default, null, a group's fills) and, for generated code, the literal that builds the result.
 */
import { define, type PropertyPlan } from "@schemaof/runtime/interpret";
import { _, join, type Code } from "../code/code";
import { freshLiteral, store } from "../code/generatedCode";
import { literalKey } from "../code/code";

/** One key of an object's result: its name there, the variable holding its value. */
export interface Entry {
  readonly name: string;
  readonly out: Code;
  /** An optional key with no default and not nullable: absent from the result when absent from the input. */
  readonly maybeAbsent: boolean;
  /** A dotted-key group, whose members are added to the result. */
  readonly flat: boolean;
}

/**
 * The statements that build an object's result and return it, its keys in declaration order (the
 * full check's order): one object literal, which V8 makes in one allocation, of the keys up to the
 * first dotted-key group or the fourth key that may be absent. Those that may be absent are told
 * apart by a switch over which of them came, one literal per case (adding them one by one was a
 * fifth of a small object's time). The other keys and the `extra` statements then add to it.
 * Returned (the happy path's functions), or left in the variable `into` (the check's blocks).
 */
export function assemble(entries: readonly Entry[], extra: readonly Code[], into?: Code): Code {
  const O = into ?? _`o`;
  let cut = 0;
  for (let absentCount = 0; cut < entries.length && !entries[cut].flat; cut++) {
    if (entries[cut].maybeAbsent && ++absentCount > 3) break;
  }
  const later = entries.slice(cut).map((entry) => {
    const add = entry.flat ? _`Object.assign(${O},${entry.out});` : store(O, entry.name, entry.out);
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
  if (into && !optional.length) return _`${into}=${literal(head)};${join(later)}`;
  if (!optional.length) return later.length ? _`const o=${literal(head)};${join(later)}return o;` : _`return ${literal(head)};`;
  const give = (object: Code) => (into || later.length ? _`${O}=${object};break;` : _`return ${object};`);
  const mask = join(
    optional.map((entry, bit) => _`(${entry.out}===undefined?0:${1 << bit})`),
    _`|`,
  );
  const cases = Array.from({ length: 1 << optional.length }, (_unused, bits) => {
    const present = head.filter((entry) => !entry.maybeAbsent || bits & (1 << optional.indexOf(entry)));
    return _`${bits === (1 << optional.length) - 1 ? _`default` : _`case ${bits}`}:${give(literal(present))}`;
  });
  const choose = _`switch(${mask}){${join(cases)}}`;
  if (into) return _`${choose}${join(later)}`;
  return later.length ? _`let o;${choose}${join(later)}return o;` : choose;
}

/**
 * What a missing key that is not required leaves: its default (a fresh copy), null when nullable and
 * not optional (`body: string | null`), a group's fills; undefined for nothing (`body?: string | null`
 * left out stays out: a patch never clears what the model did not send).
 */
export function missing(property: PropertyPlan): Code | undefined {
  if (property.flat && property.plan.kind === "object") {
    const fills = property.plan.properties.flatMap((member) => {
      const fill = missing(member);
      const name = member.name ?? member.key;
      return fill === undefined ? [] : [_`${literalKey(name)}:${fill}`];
    });
    return fills.length ? _`{${join(fills, _`,`)}}` : undefined;
  }
  if (property.default !== undefined) return freshLiteral(property.default);
  if (fillsNull(property)) return _`null`;
  return undefined;
}

/** A missing key that is not required, in the interpreter: as `missing` says; a missing `@key` group, each member so. */
export function fillMissing(out: Record<string, unknown>, property: PropertyPlan): void {
  if (property.flat && property.plan.kind === "object") {
    for (const member of property.plan.properties) fillMissing(out, member);
    return;
  }
  const name = property.name ?? property.key;
  if (property.default !== undefined) define(out, name, structuredCopy(property.default));
  else if (fillsNull(property)) define(out, name, null);
}

/** A nullable key the type does not let be left out: a missing one is `null`. */
const fillsNull = (property: PropertyPlan) => !property.optional && (property.plan.nullable === true || property.plan.kind === "null");

function structuredCopy(value: unknown): unknown {
  return typeof value === "object" && value !== null ? JSON.parse(JSON.stringify(value)) : value;
}
