// Property names for generated types: plain identifiers, the names Object.prototype already has
// (a check that reads `v.constructor` or `"valueOf" in v` is wrong for them), and names that must be
// quoted or that JSON Schema uses itself. `__proto__` is left out: it is a compile-time error.

const PLAIN = ["id", "name", "title", "count", "limit", "page", "query", "tags", "note", "email", "score", "level", "active", "items", "data"];
const MORE = ["value", "mode", "userId", "createdAt", "x", "y", "z9", "a_b", "camelCase", "URL", "$dollar", "_under", "état", "ΔT"];
export const PROTOTYPE_NAMES = ["constructor", "valueOf", "hasOwnProperty", "toString", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString"];
const QUOTED = ["with space", "dash-key", "dotted.key", "0", "42", "-1", "1.5", "$ref", "default", "type", "enum", "required", 'say "hi"', "back\\slash", ""];

/** A key as TypeScript writes it: bare when it is an identifier, quoted otherwise. */
export const keyText = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** Whether a name is a canonical number (as a `number` index signature's pattern takes it). */
export const isNumeric = (name) => name !== "" && String(Number(name)) === name;

/** `count` distinct property names, none of `avoid`. */
export function propertyNames(rng, count, { avoid = [] } = {}) {
  const out = [];
  for (let tries = 0; out.length < count && tries < count * 20; tries++) {
    const pool = rng.weighted([
      [6, PLAIN],
      [3, MORE],
      [2, PROTOTYPE_NAMES],
      [2, QUOTED],
    ]);
    const name = rng.pick(pool);
    if (!out.includes(name) && !avoid.includes(name)) out.push(name);
  }
  return out;
}
