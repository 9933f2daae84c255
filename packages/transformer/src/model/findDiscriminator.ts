import type { Literal, Shape } from "./Shape";

/**
 * The property that tells the members of a union of objects apart: required in every member, with
 * one literal value each, no two alike. `{ type: "Card", … } | { type: "bank", … }` -> `type`.
 */
export function findDiscriminator(members: readonly Shape[], lookup: (def: string) => Shape | undefined): string | undefined {
  const first = resolve(members[0], lookup);
  if (first?.kind !== "object") return undefined;
  for (const candidate of first.properties) {
    const values = discriminatorValues(members, candidate.name, lookup);
    if (values && new Set(values).size === values.length) return candidate.name;
  }
  return undefined;
}

/** Each member's one value of `key`, in member order; undefined when a member has none. */
export function discriminatorValues(members: readonly Shape[], key: string, lookup: (def: string) => Shape | undefined): Literal[] | undefined {
  const values: Literal[] = [];
  for (const member of members) {
    const object = resolve(member, lookup);
    if (object?.kind !== "object") return undefined;
    const property = object.properties.find((p) => p.name === key && p.required && !p.key);
    const shape = property && resolve(property.shape, lookup);
    if (shape?.kind !== "enum" || shape.values.length !== 1 || shape.nullable) return undefined;
    values.push(shape.values[0]);
  }
  return values;
}

function resolve(shape: Shape, lookup: (def: string) => Shape | undefined): Shape | undefined {
  let current: Shape | undefined = shape;
  for (let hops = 0; current?.kind === "ref" && hops < 16; hops++) current = lookup(current.def);
  return current;
}
