// Defects the generative test has found and an issue still holds open, pinned: for the default seed,
// each group's failing types must be exactly the pinned ones, so a new failure fails the test, and
// so does a fixed one until it is taken off the list (UPDATE=1 rewrites the file; read the diff).
// For another seed a pinned group may fail (it is printed); every other group must hold nothing.
import { existsSync, readFileSync, writeFileSync } from "node:fs";

/** `group: T1, T2` lines, `#` comments. */
export function readOpenDefects(file) {
  if (!existsSync(file)) return {};
  const pinned = {};
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.trim() || line.startsWith("#")) continue;
    const at = line.lastIndexOf(": ");
    pinned[line.slice(0, at)] = line.slice(at + 2).split(", ");
  }
  return pinned;
}

export function writeOpenDefects(file, header, found) {
  const lines = Object.entries(found).map(([group, types]) => `${group}: ${types.join(", ")}`);
  writeFileSync(file, `${header}\n${lines.join("\n")}${lines.length ? "\n" : ""}`);
}

/**
 * What differs from the pin, as sentences (none when it holds): `found` and `pinned` map each group
 * to its failing types. With `exact` false (another seed) only groups the pin does not name count.
 */
export function pinDifferences(found, pinned, exact) {
  const out = [];
  for (const [group, types] of Object.entries(found)) {
    if (!(group in pinned)) continue;
    const known = new Set(pinned[group]);
    if (!exact) continue;
    const added = types.filter((type) => !known.has(type));
    const gone = pinned[group].filter((type) => !types.includes(type));
    if (added.length) out.push(`${group}: new failing types ${added.join(", ")}`);
    if (gone.length) out.push(`${group}: ${gone.join(", ")} no longer fail; take them off the pin (UPDATE=1)`);
  }
  if (exact) for (const group of Object.keys(pinned)) if (!(group in found)) out.push(`${group}: no longer fails; take it off the pin (UPDATE=1)`);
  return out;
}
