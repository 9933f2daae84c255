import type { TypeUse } from "../types/TypeView";
import type { EnumShape, Literal, Shape } from "../model/Shape";
import { withNullable } from "../model/withCommon";
import { findDiscriminator } from "../model/findDiscriminator";
import type { Context, Path } from "./Context";
import { readNamed } from "./readNamed";
import { withTypeDocs } from "./withTypeDocs";

type Part = { literals: Literal[]; names: (string | undefined)[] } | { boolean: true } | { use: TypeUse };

/**
 * A union, in source order:
 * - `undefined` members leave (they make a property optional), `null` makes the rest nullable;
 * - literals group into one `enum` (`"a" | "b"`), `true | false` is `boolean`;
 * - one member left is that member; more are `anyOf`, with the discriminator noted when there is one.
 */
export function readUnion(ctx: Context, use: TypeUse, path: Path): Shape {
  const { view } = ctx;
  let nullable = false;
  const parts: Part[] = [];
  let literals: Literal[] | undefined;
  const names: (string | undefined)[] = [];
  const booleans = new Set<boolean>();
  for (const member of view.unionMembers(use)) {
    const kind = view.classify(member.type);
    if (kind === "undefined" || kind === "void") continue;
    if (kind === "null") {
      nullable = true;
      continue;
    }
    const value = kind === "literal" ? view.literalValue(member.type) : undefined;
    if (value !== undefined && typeof value !== "bigint") {
      if (typeof value === "boolean") booleans.add(value);
      if (!literals) parts.push({ literals: (literals = []), names });
      literals.push(value);
      names.push(typeof value === "number" ? view.enumMemberName(member.type) : undefined);
      continue;
    }
    // A member no value can have (`[never]`, `{ kind: never }`) widens nothing: left out, not refused.
    if (noValueFits(ctx, member)) continue;
    parts.push({ use: member });
  }
  // `boolean` is `true | false` to the checker: give it back its name.
  if (booleans.size === 2 && literals) {
    const rest = literals.filter((value) => typeof value !== "boolean");
    names.splice(0, names.length, ...names.filter((_, i) => typeof literals![i] !== "boolean"));
    literals.splice(0, literals.length, ...rest);
    const at = parts.findIndex((part) => "literals" in part);
    parts.splice(rest.length ? at + 1 : at, rest.length ? 0 : 1, { boolean: true });
  }
  if (parts.length === 0) return withNullable({ kind: "primitive", type: "null" });

  const named = parts.length > 1 && view.nameOf(use.type);
  const read = (): Shape => {
    const members = parts.map((part): Shape => {
      if ("literals" in part) return enumOf(part.literals, part.names);
      if ("boolean" in part) return { kind: "primitive", type: "boolean" };
      return ctx.read(ctx, part.use, path);
    });
    const merged = mergeEnums(members);
    if (merged.length === 1) return merged[0];
    const discriminator = findDiscriminator(merged, (name) => ctx.defs.get(name)?.shape);
    return discriminator ? { kind: "union", members: merged, discriminator } : { kind: "union", members: merged };
  };
  // A named union (`type Json = …`) can refer to itself, so it goes through the definitions.
  const shape = named ? readNamed(ctx, use, path, () => withTypeDocs(ctx, use, read(), path)) : read();
  return nullable ? withNullable(shape) : shape;
}

/** Literals as one enum; a numeric enum's members keep their names (`Priority.Low` is `1 = Low`). */
function enumOf(values: Literal[], names: readonly (string | undefined)[]): Shape {
  const named = values.length > 1 && values.every((value, i) => typeof value === "number" && names[i] !== undefined);
  return named ? { kind: "enum", values, names: names as string[] } : { kind: "enum", values };
}

/**
 * Literals under the same tags are one enum again: the checker reads `("a" | "b") & MaxLength<2>` as
 * `("a" & MaxLength<2>) | ("b" & MaxLength<2>)`, two members that differ only by value. Each lands
 * where its first member stood.
 */
function mergeEnums(members: readonly Shape[]): Shape[] {
  const out: Shape[] = [];
  const plain = (shape: Shape): shape is EnumShape => shape.kind === "enum" && !shape.names && !shape.meta && !shape.nullable;
  for (const member of members) {
    const at = plain(member) ? out.findIndex((other) => plain(other) && sameConstraints(other, member)) : -1;
    if (at < 0) out.push(member);
    else out[at] = { ...out[at], values: [...(out[at] as EnumShape).values, ...(member as EnumShape).values] } as EnumShape;
  }
  return out;
}

const sameConstraints = (a: Shape, b: Shape): boolean => JSON.stringify(a.constraints ?? {}) === JSON.stringify(b.constraints ?? {});

/** A tuple with a required `never` element, or an object with a required `never` property: no value is one. */
function noValueFits(ctx: Context, use: TypeUse): boolean {
  const { view } = ctx;
  const never = (member: TypeUse) => view.classify(member.type) === "never";
  const elements = view.tupleElements(use);
  if (elements) return elements.some((element) => !element.optional && !element.rest && never(element.use));
  if (view.classify(use.type) !== "object" || view.arrayElement(use) || view.callParameters(use.type)) return false;
  return view.properties(use).some((property) => property.member === "field" && !property.optional && never(property.use));
}
