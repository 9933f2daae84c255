import type { ObjectShape, Property, Shape } from "./Shape";

/**
 * Folds properties with dotted keys into nested objects:
 * `@key error.message` and `@key error.code` become one property `error` with `message` and `code`,
 * required when one of its members is. Returns the names that clash with a plain property.
 */
export function foldDottedKeys(properties: readonly Property[]): { properties: Property[]; clashes: string[] } {
  if (!properties.some((p) => p.key && p.key.length > 1)) return { properties: [...properties], clashes: [] };
  const out: Property[] = [];
  const groups = new Map<string, Property[]>();
  const clashes: string[] = [];
  for (const property of properties) {
    const key = property.key ?? [property.name];
    if (key.length === 1) {
      out.push({ ...property, name: key[0], key: undefined });
      continue;
    }
    const [head, ...rest] = key;
    let group = groups.get(head);
    if (!group) {
      group = [];
      groups.set(head, group);
      out.push({ name: head, shape: { kind: "object", properties: [] }, required: false, key: ["\0group"] });
    }
    group.push({ ...property, key: rest });
  }
  const result = out.map((property) => {
    if (property.key?.[0] !== "\0group") return property;
    const inner = foldDottedKeys(groups.get(property.name)!);
    clashes.push(...inner.clashes.map((name) => `${property.name}.${name}`));
    const shape: ObjectShape = { kind: "object", properties: inner.properties };
    return { name: property.name, shape: shape as Shape, required: inner.properties.some((p) => p.required) };
  });
  const seen = new Set<string>();
  for (const property of result) {
    if (seen.has(property.name)) clashes.push(property.name);
    seen.add(property.name);
  }
  return { properties: result, clashes };
}
