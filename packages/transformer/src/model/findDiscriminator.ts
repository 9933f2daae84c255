import type { Shape } from "./Shape";

/**
 * The property that tells the members of a union of objects apart: required in every member, with
 * one literal value each, no two alike. `{ type: "Card", … } | { type: "bank", … }` -> `type`.
 */
export function findDiscriminator(members: readonly Shape[], lookup: (def: string) => Shape | undefined): string | undefined {
  const objects = members.map((member) => resolve(member, lookup));
  if (objects.some((o) => o?.kind !== "object")) return undefined;
  const first = objects[0];
  if (first?.kind !== "object") return undefined;
  for (const candidate of first.properties) {
    const values = new Set<unknown>();
    const ok = objects.every((object) => {
      if (object?.kind !== "object") return false;
      const property = object.properties.find((p) => p.name === candidate.name && p.required && !p.key);
      const shape = property && resolve(property.shape, lookup);
      if (shape?.kind !== "enum" || shape.values.length !== 1 || shape.nullable) return false;
      if (values.has(shape.values[0])) return false;
      values.add(shape.values[0]);
      return true;
    });
    if (ok) return candidate.name;
  }
  return undefined;
}

function resolve(shape: Shape, lookup: (def: string) => Shape | undefined): Shape | undefined {
  let current: Shape | undefined = shape;
  for (let hops = 0; current?.kind === "ref" && hops < 16; hops++) current = lookup(current.def);
  return current;
}
