// A seeded source of choices for the type generator (mulberry32): the same seed and index give the
// same type on every machine, whatever else the run generates.

/** One generator per type: `seed` the run's, `index` the type's, mixed so neighbours differ. */
export function createRandom(seed, index = 0) {
  let state = (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (items) => items[int(0, items.length - 1)];
  return {
    int,
    pick,
    chance: (p) => next() < p,
    /** One of `table`'s values, `[weight, value]` each. */
    weighted(table) {
      let at = next() * table.reduce((sum, [weight]) => sum + weight, 0);
      for (const [weight, value] of table) if ((at -= weight) < 0) return value;
      return table[table.length - 1][1];
    },
    /** `n` distinct items of `items`, in a random order. */
    some(items, n) {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, n);
    },
  };
}
