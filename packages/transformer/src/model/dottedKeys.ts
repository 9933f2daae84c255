import type { Property } from "./Shape";

/** A property as the input nests it: a plain one, or a `@key` group of members. */
export type FoldedProperty =
  | { readonly kind: "leaf"; readonly key: string; readonly property: Property }
  | { readonly kind: "group"; readonly key: string; readonly required: boolean; readonly members: readonly FoldedProperty[] };

/**
 * Folds properties with dotted keys into nested groups:
 * `@key error.message` and `@key error.code` become one group `error` with `message` and `code`,
 * required when one of its members is. The one folding the schema and the run-time plan both read.
 * Also returns the names that clash with a plain property.
 */
export function foldDottedKeys(properties: readonly Property[]): { entries: FoldedProperty[]; clashes: string[] } {
  const entries: FoldedProperty[] = [];
  const groups = new Map<string, Property[]>();
  for (const property of properties) {
    const key = property.key ?? [property.name];
    if (key.length === 1) {
      entries.push({ kind: "leaf", key: key[0], property });
      continue;
    }
    let group = groups.get(key[0]);
    if (!group) {
      groups.set(key[0], (group = []));
      entries.push({ kind: "group", key: key[0], required: false, members: [] });
    }
    group.push({ ...property, key: key.slice(1) });
  }
  const clashes: string[] = [];
  const folded = entries.map((entry): FoldedProperty => {
    if (entry.kind === "leaf") return entry;
    const inner = foldDottedKeys(groups.get(entry.key)!);
    clashes.push(...inner.clashes.map((name) => `${entry.key}.${name}`));
    return {
      ...entry,
      members: inner.entries,
      required: inner.entries.some((member) => (member.kind === "leaf" ? member.property.required : member.required)),
    };
  });
  const seen = new Set<string>();
  for (const entry of folded) {
    if (seen.has(entry.key)) clashes.push(entry.key);
    seen.add(entry.key);
  }
  return { entries: folded, clashes };
}
