import { jsonEqual } from "./jsonEqual";

/** The first pair of equal items; primitives by a set, containers pairwise. */
export function findRepeat(value: readonly unknown[]): [number, number] | undefined {
  const seen = new Map<unknown, number>();
  const containers: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const item = value[i];
    if (typeof item === "object" && item !== null) {
      for (const j of containers) if (jsonEqual(value[j], item)) return [j, i];
      containers.push(i);
    } else {
      const key = typeof item === "string" ? "s" + item : item;
      const at = seen.get(key);
      if (at !== undefined) return [at, i];
      seen.set(key, i);
    }
  }
  return undefined;
}
