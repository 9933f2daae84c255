// The types inside a generated type: leaves (with constraints as type tags), arrays, tuples
// (optional elements, rest, empty), records, unions, discriminated unions, generic aliases
// instantiated, Partial/Pick/Omit/Required/Readonly of an interface, intersections, and the types
// JSON cannot carry. Each is `{ text, ... }`; a leaf or an array also carries `base` and
// `constraints`, so a property can write its constraints as JSDoc instead.
import { randomConstraints, randomLeaf, tagged } from "./leaves.mjs";
import { PROTOTYPE_NAMES, keyText, propertyNames } from "./names.mjs";
import { objectType } from "./objects.mjs";

const paren = (text) => (/[|&]|=>|^readonly |\?$/.test(text) ? `(${text})` : text);

/** A type at `depth` (0 the root): leaves grow likelier with depth; only leaves from depth 3. */
export function node(ctx, depth) {
  const { rng } = ctx;
  if (depth >= 3 || rng.chance(0.3 + depth * 0.25)) return leafNode(ctx);
  return rng.weighted([
    [4, arrayNode],
    [3, (c, d) => objectType(c, d)],
    [1.5, tupleNode],
    [1, recordNode],
    [1, unionNode],
    [1, discriminatedUnion],
    [1, genericNode],
    [1, utilityNode],
    [0.7, intersectionNode],
    [0.5, unionOrderShape],
  ])(ctx, depth);
}

/**
 * Shapes whose union order TypeScript 7 (which sorts unions) has been seen to change: arrays of
 * arrays of a numeric literal union, and Partial<I> of an interface with a literal array or null.
 */
function unionOrderShape(ctx) {
  const { rng } = ctx;
  const numbers = rng.some([10, -1, 3, -20, 0, 7.5], rng.int(2, 3)).join(" | ");
  if (rng.chance(0.5)) return (ctx.features.add("nested-literal-arrays"), { text: `((${numbers})[])[]` });
  const words = rng.some(['"draft"', '"sent"', '"read"', '"a"'], rng.int(2, 3)).join(" | ");
  const name = ctx.fresh("I");
  ctx.declare(`interface ${name} {
  states: (${words})[] | null;
  count: number;
}`);
  ctx.features.add("utility-Partial");
  return { text: `Partial<${name}>`, kind: "object" };
}

export function leafNode(ctx) {
  const leaf = randomLeaf(ctx.rng, ctx);
  const constraints = leaf.kind && ctx.rng.chance(0.35) ? randomConstraints(ctx.rng, ctx, leaf.kind, leaf) : {};
  const text = tagged(leaf.base, constraints, undefined, leaf);
  return { text, base: leaf.base, constraints, leaf, integer: leaf.integer, union: leaf.union };
}

function arrayNode(ctx, depth) {
  const { rng } = ctx;
  const item = node(ctx, depth + 1);
  ctx.features.add("array");
  if (rng.chance(0.08)) return (ctx.features.add("non-empty-array"), { text: `NonEmptyArray<${item.text}>` });
  const base = rng.weighted([
    [5, `${paren(item.text)}[]`],
    [2, `Array<${item.text}>`],
    [1, `readonly ${paren(item.text)}[]`],
  ]);
  const constraints = rng.chance(0.3) ? randomConstraints(rng, ctx, "array") : {};
  // Unique objects, often: items that mapping can make equal (unknown keys dropped, defaults filled).
  if (item.kind === "object" && rng.chance(0.3)) constraints.uniqueItems = true;
  if (constraints.uniqueItems && item.kind === "object") ctx.features.add("unique-objects");
  return { text: tagged(base, constraints), base, constraints, union: base.startsWith("readonly") };
}

function tupleNode(ctx, depth) {
  const { rng } = ctx;
  const form = rng.weighted([
    [1.5, "empty"],
    [3, "fixed"],
    [2, "optional"],
    [2, "rest"],
    [1, "named"],
  ]);
  ctx.features.add(`tuple-${form}`);
  if (form === "empty") return { text: "[]" };
  const elements = Array.from({ length: rng.int(1, 3) }, () => node(ctx, depth + 1).text);
  if (form === "optional") return { text: `[${elements.map((t, i) => (i === 0 ? t : `${paren(t)}?`)).join(", ")}]` };
  if (form === "rest") return { text: `[${elements.join(", ")}, ...${paren(node(ctx, depth + 1).text)}[]]` };
  if (form === "named") {
    // After an optional element every element is optional.
    const from = rng.int(1, elements.length);
    return { text: `[${elements.map((t, i) => `e${i}${i >= from ? "?" : ""}: ${t}`).join(", ")}]` };
  }
  return { text: `[${elements.join(", ")}]` };
}

function recordNode(ctx, depth) {
  const value = node(ctx, depth + 1).text;
  if (ctx.rng.chance(0.3)) return (ctx.features.add("record-keys"), { text: `Record<"left" | "right", ${value}>`, kind: "object" });
  ctx.features.add("record");
  return { text: `Record<string, ${value}>`, kind: "object" };
}

function unionNode(ctx, depth) {
  const { rng } = ctx;
  const members = [objectType(ctx, depth + 1, { declared: false }), leafNode(ctx), arrayNode(ctx, depth + 1)];
  const chosen = rng.some(members, rng.int(2, 3)).map((m) => m.text);
  ctx.features.add("union");
  return { text: chosen.map(paren).join(" | ") + (rng.chance(0.3) ? " | null" : "") };
}

/** A union of objects told apart by one literal property; with `prototypeKey`, a member has a key Object.prototype has. */
export function discriminatedUnion(ctx, depth, { prototypeKey = ctx.rng.chance(0.4) } = {}) {
  const { rng } = ctx;
  const key = propertyNames(rng, 1)[0] ?? "kind";
  const count = rng.int(2, 4);
  const numeric = rng.chance(0.25);
  const members = [];
  for (let i = 0; i < count; i++) {
    const literal = numeric ? String(i * 10 - 5) : JSON.stringify(rng.pick(["card", "bank", "cash", "a", "b", "x y"]) + i);
    const names = propertyNames(rng, rng.int(0, 3), { avoid: [key] });
    if (prototypeKey && i === count - 1 && !names.some((n) => PROTOTYPE_NAMES.includes(n))) names.push(rng.pick(PROTOTYPE_NAMES.filter((n) => n !== key)));
    members.push(objectType(ctx, depth, { declared: rng.chance(0.6), names, extra: { name: key, line: `${keyText(key)}: ${literal};` } }).text);
  }
  ctx.features.add("discriminated-union");
  if (prototypeKey) ctx.features.add("discriminated-prototype-key");
  return { text: members.map(paren).join(" | "), kind: "union" };
}

const GENERICS = {
  G: "type $<X> = X | { wrapped: X };",
  Box: "type $<X> = { value: X; list?: X[] };",
  Maybe: "type $<X> = X | null;",
  Pair: "type $<A, B> = [A, B];",
};

export function genericNode(ctx, depth) {
  const { rng } = ctx;
  const which = rng.pick(Object.keys(GENERICS));
  const name = `${ctx.prefix}_${which}`;
  if (!ctx.generics.has(which)) (ctx.generics.add(which), ctx.declare(GENERICS[which].replace("$", name)));
  ctx.features.add(`generic-${which}`);
  const argument = () => (rng.chance(0.5) ? objectType(ctx, depth + 1, { declared: false }) : node(ctx, depth + 1)).text;
  return { text: which === "Pair" ? `${name}<${argument()}, ${argument()}>` : `${name}<${argument()}>` };
}

export function utilityNode(ctx, depth) {
  const { rng } = ctx;
  const base = objectType(ctx, depth, { declared: true, count: rng.int(1, 4) });
  const names = base.names;
  const which = names.length ? rng.pick(["Partial", "Required", "Readonly", "Pick", "Omit"]) : "Partial";
  ctx.features.add(`utility-${which}`);
  if (which === "Pick" || which === "Omit") {
    const keys = rng.some(names, rng.int(1, names.length));
    return { text: `${which}<${base.text}, ${keys.map((k) => JSON.stringify(k)).join(" | ")}>`, kind: "object" };
  }
  return { text: `${which}<${base.text}>`, kind: "object" };
}

export function intersectionNode(ctx, depth) {
  const left = objectType(ctx, depth + 1, { declared: true });
  const names = propertyNames(ctx.rng, ctx.rng.int(1, 3), { avoid: left.names });
  const right = objectType(ctx, depth + 1, { declared: false, names });
  ctx.features.add("intersection");
  return { text: `${left.text} & ${right.text}`, kind: "object" };
}

const REFUSED = {
  function: "() => void",
  method: "(x: number) => string",
  map: "Map<string, number>",
  set: "Set<string>",
  bigint: "bigint",
  promise: "Promise<string>",
  symbol: "symbol",
  bytes: "Uint8Array",
};

/** A type JSON cannot carry: every call of a type that holds one is TS99001. */
export function refusedNode(ctx) {
  const which = ctx.rng.pick(Object.keys(REFUSED));
  ctx.features.add(`refused-${which}`);
  return { text: REFUSED[which] };
}
