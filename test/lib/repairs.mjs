// What a check built with `coerce` is held to: a repair is made only where the plain check refuses,
// and the value it answers is the plain check's answer to the repaired wire value, which the schema
// (ajv) accepts; where it repairs nothing, it answers as the plain check does, issues and all.

const copy = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));
/** Dates as their text, undefined properties gone: what a mapped value is as JSON. */
const asJson = (value) => JSON.stringify(value);

/**
 * The wire value a check read after its repairs: the records applied to the value sent, in order
 * (an outer JSON text's record comes before those inside it, whose `to` is the text read as it was).
 */
export function rebuildWire(value, coerced) {
  let root = copy(value);
  for (const record of coerced) {
    const { path, to } = record;
    const present = "to" in record;
    if (path.length === 0) {
      root = copy(to);
      continue;
    }
    const parent = path.slice(0, -1).reduce((node, key) => node[key], root);
    const key = path[path.length - 1];
    if (present) parent[key] = copy(to);
    else delete parent[key];
  }
  return root;
}

/**
 * What is wrong with `coerce(value)` beside `plain(value)` and the schema's verdict, or undefined.
 * `repaired` counts the values it repaired, so a test can tell that it tried.
 */
export function checkRepair({ coerce, plain, accepts }, value, counts = { repaired: 0 }) {
  const fixed = coerce(value);
  const sent = plain(value);
  if (!fixed.coerced) {
    if (asJson(fixed) !== asJson(sent)) return `without a repair it answers otherwise than the plain check: ${asJson(fixed)} vs ${asJson(sent)}`;
    return undefined;
  }
  counts.repaired++;
  if (!sent.issues) return `it repaired a value the plain check takes: ${asJson(fixed.coerced)}`;
  if (fixed.issues) return `it says it repaired but answers issues: ${asJson(fixed)}`;
  const wire = rebuildWire(value, fixed.coerced);
  if (!accepts(wire)) return `a repair let through what the schema refuses: ${asJson(wire)} (repairs ${asJson(fixed.coerced)})`;
  const again = plain(wire);
  if (again.issues || asJson(again.value) !== asJson(fixed.value))
    return `the repaired value is not the plain check's of the repaired wire value: ${asJson(fixed.value)} vs ${asJson(again)}`;
  return undefined;
}
