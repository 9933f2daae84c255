// The generative test's failures, collected rather than thrown: grouped by what disagreed, a few
// kept per type and a few types shown per group, each with what reproduces it (the seed, the
// type's source, the call, the value, and what each side said).
import { CALLS } from "./writeProbes.mjs";

const PER_TYPE = 2;

/** `seed` and `count` are the run's, for the line that reruns it. */
export function createFailures(seed, count) {
  const groups = new Map();
  /** The groups named, each with its kinds (`group — kind`). */
  const within = (names) => [...groups.keys()].filter((key) => names.some((name) => key === name || key.startsWith(`${name} — `)));
  return {
    /**
     * One failure of `group` (of its `kind`, when it has kinds): `type` (a generated type), `call` (a
     * key of CALLS), `value`, `detail`.
     */
    add(group, { type, call, value, detail, kind }) {
      const name = kind ? `${group} — ${kind}` : group;
      if (!groups.has(name)) groups.set(name, { count: 0, types: new Map() });
      const entry = groups.get(name);
      entry.count++;
      const key = type?.index ?? -1;
      if (!entry.types.has(key)) entry.types.set(key, []);
      const kept = entry.types.get(key);
      if (kept.length < PER_TYPE) kept.push({ type, call, value, detail });
    },
    /** How many failures the groups named hold. */
    count: (names) => within(names).reduce((sum, name) => sum + groups.get(name).count, 0),
    groups: () => [...groups.entries()].map(([name, { count, types }]) => ({ name, count, types: types.size })),
    /** The generated types that failed in the groups named, by group: `{ "group — kind": ["T12", "T40"] }`. */
    typesOf: (names) =>
      Object.fromEntries(
        within(names).map((name) => [name, [...groups.get(name).types.values()].map((kept) => kept[0].type?.name ?? "(none)").sort(byNumber)]),
      ),
    /** Leaves out the groups named: what a pinned open defect is, once its types are the pinned ones. */
    forget(names) {
      for (const name of within(names)) groups.delete(name);
    },
    /** The failures of the groups named, as text: each group, then up to `cap` of its types, each with its failures. */
    report(names, cap = 4) {
      const out = [];
      for (const name of within(names)) {
        const entry = groups.get(name);
        out.push(`${name}: ${entry.count} failure(s) over ${entry.types.size} type(s)${entry.types.size > cap ? `, first ${cap}` : ""}`);
        for (const kept of [...entry.types.values()].slice(0, cap)) {
          const { type } = kept[0];
          if (type)
            out.push(`  ${type.name} (GENERATIVE_SEED=${seed}, type ${type.index} of ${count}):`, ...type.source.split("\n").map((line) => `    | ${line}`));
          for (const { call, value, detail } of kept) {
            if (call) out.push(`    call: export const ${type.name}_${call} = ${CALLS[call](type.name, type.target)};`);
            if (value !== undefined) out.push(`    value: ${shown(value)}`);
            if (detail)
              out.push(
                ...String(detail)
                  .split("\n")
                  .map((line) => `    ${line}`),
              );
          }
        }
      }
      return out.join("\n");
    },
  };
}

const byNumber = (a, b) => Number(a.replace(/\D/g, "")) - Number(b.replace(/\D/g, "")) || a.localeCompare(b);

/** A value as JSON text (cut), or as JavaScript shows it when JSON cannot. */
export function shown(value, limit = 600) {
  let text;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}
