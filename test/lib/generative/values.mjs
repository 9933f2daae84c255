// The values a generated type's checks are run on: fast-check values read off its emitted schema
// (test/lib/arbitraries.mjs), the same mutated at one place, the same with a key added to one of its
// objects (a key an index signature's pattern takes or does not, or one Object.prototype has), and
// the same with an array holding a copy of one of its objects plus an unknown key (distinct items
// to ajv, the same once unknown keys are dropped).
import fc from "fast-check";
import { mistaken, mutated, valueOf } from "../arbitraries.mjs";

const KEYS = ["0", "12", "-3", "1.5", "01", "p_x", "p_", "q_x", "extra", "constructor", "valueOf", "toString", "hasOwnProperty", ""];
const VALUES = ["s", 1, -1, null, true, {}, [], "p"];

/** The objects, or the arrays, of a JSON value, depth first. */
function nodesOf(value, arrays) {
  const found = [];
  const visit = (node) => {
    if (Array.isArray(node)) (arrays && found.push(node), node.forEach(visit));
    else if (node && typeof node === "object") (arrays || found.push(node), Object.values(node).forEach(visit));
  };
  visit(value);
  return found;
}

const copied = (value) => (value === undefined ? value : JSON.parse(JSON.stringify(value)));

/** `value` with `key` set to `added` on its `at`-th object, or as it is. */
function withKey(value, at, key, added) {
  const copy = copied(value);
  const objects = nodesOf(copy, false);
  if (objects.length) objects[at % objects.length][key] = added;
  return copy;
}

/** `value` with its `at`-th array that holds an object given a copy of it and one more key. */
function withTwin(value, at, key) {
  const copy = copied(value);
  const arrays = nodesOf(copy, true).filter((array) => array.some((item) => item && typeof item === "object" && !Array.isArray(item)));
  if (!arrays.length) return copy;
  const array = arrays[at % arrays.length];
  const item = array.find((x) => x && typeof x === "object" && !Array.isArray(x));
  array.push({ ...item, [key]: 1 });
  return copy;
}

/** `runs` values for `schema`, the same for the same `seed`. */
export function valuesFor(schema, seed, runs) {
  const generated = valueOf(schema);
  const placed = fc.tuple(generated, fc.nat(), fc.constantFrom(...KEYS));
  const keyed = fc.tuple(placed, fc.constantFrom(...VALUES)).map(([[value, at, key], added]) => withKey(value, at, key, added));
  const twinned = placed.map(([value, at, key]) => withTwin(value, at, key));
  return fc.sample(fc.oneof(generated, mutated(generated), keyed, twinned), { numRuns: runs, seed });
}

/** `runs` values for `schema` with a model's mistake (or a look-alike of one) at one place, the same for the same `seed`. */
export function mistakesFor(schema, seed, runs) {
  return fc.sample(mistaken(valueOf(schema)), { numRuns: runs, seed });
}
