// The leaves of generated types (primitives, literal unions, enums) and the constraints a leaf or
// an array may carry, each written as a type tag of @schemaof/runtime (`Minimum<1>`) or as its JSDoc
// equivalent (`@minimum 1`), and a default for a leaf (mostly one it allows, sometimes a bound it
// does not: a default that breaks its own constraint).

/** Patterns, each with a string it matches. */
const PATTERNS = [
  ["^[a-z]+$", "abc"],
  ["^[A-Z]{2,3}$", "FR"],
  ["^\\d{3}-\\d{4}$", "555-1234"],
  ["^(foo|bar)", "foobar"],
  ["é+", "é"],
  ["^[^\\s]+$", "x"],
  ["^.{2}$", "ab"],
];
/** Formats, each with a string it takes. */
const FORMATS = {
  "date-time": "2026-01-02T03:04:05Z",
  date: "2026-01-02",
  time: "03:04:05Z",
  email: "ada@example.org",
  hostname: "example.org",
  ipv4: "192.168.0.1",
  ipv6: "::1",
  uri: "https://example.org/a?b#c",
  uuid: "123e4567-e89b-12d3-a456-426614174000",
};
const WORDS = ["a", "b", "abc", "x", "Card", "bank", "é", "with space", 'q"uote', "", "0", "true", "null", "constructor"];

/** The keywords each kind of leaf may be constrained by. */
const KEYWORDS = {
  string: ["minLength", "maxLength", "pattern", "format"],
  number: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  array: ["minItems", "maxItems", "uniqueItems"],
};
const TAG = {
  minLength: "MinLength",
  maxLength: "MaxLength",
  pattern: "Pattern",
  format: "Format",
  minimum: "Minimum",
  maximum: "Maximum",
  exclusiveMinimum: "ExclusiveMinimum",
  exclusiveMaximum: "ExclusiveMaximum",
  multipleOf: "MultipleOf",
  minItems: "MinItems",
  maxItems: "MaxItems",
  uniqueItems: "UniqueItems",
};
/** The type names a generated file imports from @schemaof/runtime. */
export const TAG_IMPORTS = [...Object.values(TAG), "Integer", "NonEmptyArray"];

const literalText = (value) => (typeof value === "string" ? JSON.stringify(value) : String(value));
const number = (rng) =>
  rng.weighted([
    [6, () => rng.int(-20, 40)],
    [1, () => rng.int(-8, 8) / 2],
    [1, () => rng.pick([0, -1, 1, 100, 1e6])],
  ])();

/**
 * A leaf: `base` its TypeScript text, `kind` what its constraints apply to (string, number, or none),
 * `values` the closed set it takes (literals and enums), `integer` whether it is a whole number.
 */
export function randomLeaf(rng, ctx) {
  return rng.weighted([
    [6, () => ({ base: "string", kind: "string" })],
    [4, () => ({ base: "number", kind: "number" })],
    [2, () => ({ base: "number", kind: "number", integer: true })],
    [3, () => ({ base: "boolean" })],
    [1, () => ({ base: "unknown" })],
    [1, () => ({ base: "null", values: [null] })],
    [3, () => literals(rng, ctx, "string")],
    [3, () => literals(rng, ctx, "number")],
    [1, () => literals(rng, ctx, "mixed")],
    [2, () => enumeration(rng, ctx, "string")],
    [2, () => enumeration(rng, ctx, "number")],
  ])();
}

function literals(rng, ctx, of) {
  const count = rng.int(1, 4);
  const values = [];
  for (let tries = 0; values.length < count && tries < 20; tries++) {
    const value = of === "string" ? rng.pick(WORDS) : of === "number" ? number(rng) : rng.pick([rng.pick(WORDS), number(rng), true, false]);
    if (!values.includes(value)) values.push(value);
  }
  ctx.features.add(`literal-${of}`);
  const kind = values.every((v) => typeof v === "string") ? "string" : values.every((v) => typeof v === "number") ? "number" : undefined;
  return { base: values.map(literalText).join(" | "), kind, values, union: values.length > 1 };
}

function enumeration(rng, ctx, of) {
  const name = ctx.fresh("E");
  const count = rng.int(1, 4);
  const implicit = of === "number" && rng.chance(0.4);
  const values = [];
  const members = [];
  for (let i = 0; i < count; i++) {
    const value = implicit ? i : of === "string" ? `${rng.pick(WORDS)}${i}` : number(rng) + i * 100;
    values.push(value);
    members.push(implicit ? `  M${i},` : `  M${i} = ${literalText(value)},`);
  }
  const doc = rng.chance(0.3) ? `/** ${rng.pick(["Colours.", "The member's level.", "Où? ici."])} */\n` : "";
  ctx.declare(`${doc}${rng.chance(0.15) ? "const " : ""}enum ${name} {\n${members.join("\n")}\n}`);
  ctx.features.add(`enum-${of}`);
  return { base: name, kind: of, values };
}

/** Constraints for a leaf or an array (`kind`), `{ keyword: value }`; `values` its closed set, if any. */
export function randomConstraints(rng, ctx, kind, { values, integer } = {}) {
  const keywords = KEYWORDS[kind];
  if (!keywords) return {};
  const out = {};
  for (const keyword of rng.some(keywords, rng.int(1, 2))) {
    if (keyword === "format" && ("pattern" in out || values)) continue;
    if (keyword === "pattern" && "format" in out) continue;
    out[keyword] = constraintValue(rng, keyword, integer);
  }
  if ("minimum" in out && "exclusiveMinimum" in out) delete out.minimum;
  if ("maximum" in out && "exclusiveMaximum" in out) delete out.maximum;
  const low = out.minimum ?? out.exclusiveMinimum;
  const high = out.maximum ?? out.exclusiveMaximum;
  if (low !== undefined && high !== undefined && high <= low) delete out[out.maximum !== undefined ? "maximum" : "exclusiveMaximum"];
  if (out.minLength !== undefined && out.maxLength !== undefined && out.maxLength < out.minLength) out.maxLength = out.minLength + 2;
  if (out.minItems !== undefined && out.maxItems !== undefined && out.maxItems < out.minItems) out.maxItems = out.minItems + 1;
  if (values) ctx.features.add("constraint-on-closed-set");
  for (const keyword of Object.keys(out)) ctx.features.add(`keyword-${keyword}`);
  return out;
}

function constraintValue(rng, keyword, integer) {
  switch (keyword) {
    case "minLength":
      return rng.int(0, 3);
    case "maxLength":
      return rng.int(1, 8);
    case "pattern":
      return rng.pick(PATTERNS)[0];
    case "format":
      return rng.pick(Object.keys(FORMATS));
    case "multipleOf":
      return integer ? rng.pick([2, 3, 5]) : rng.pick([2, 5, 0.5, 0.25, 3]);
    case "minItems":
      return rng.int(0, 2);
    case "maxItems":
      return rng.int(1, 4);
    case "uniqueItems":
      return true;
    default:
      return rng.pick([-10, -1, 0, 1, 3, 10, 2.5]);
  }
}

/** `base` with the constraints of `keywords` as type tags: `string & MinLength<1>`. */
export function tagged(base, constraints, keywords = Object.keys(constraints), { integer, union } = {}) {
  const tags = keywords.map((keyword) => {
    const value = constraints[keyword];
    if (keyword === "uniqueItems") return TAG[keyword];
    return `${TAG[keyword]}<${typeof value === "string" ? JSON.stringify(value) : value}>`;
  });
  if (integer) return [base === "number" ? "Integer" : `${base} & Integer`, ...tags].join(" & ");
  if (!tags.length) return base;
  return [union || /[|&]/.test(base) ? `(${base})` : base, ...tags].join(" & ");
}

/** The JSDoc tags of `keywords`: `@minimum 1`, `@uniqueItems`; `@integer` for a whole number. */
export function jsdocTags(constraints, keywords, integer) {
  const tags = keywords.map((keyword) => (keyword === "uniqueItems" ? "@uniqueItems" : `@${keyword} ${constraints[keyword]}`));
  return integer ? ["@integer", ...tags] : tags;
}

/**
 * A default for a leaf, as JSON text, or undefined: one of its values, or one within its
 * constraints; with `boundary`, the very bound an exclusive constraint leaves out.
 */
export function defaultOf(rng, leaf, constraints, boundary) {
  if (leaf.values) return JSON.stringify(rng.pick(leaf.values));
  if (leaf.base === "boolean") return String(rng.chance(0.5));
  if (leaf.kind === "string") {
    if (constraints.pattern) return JSON.stringify(PATTERNS.find(([re]) => re === constraints.pattern)[1]);
    if (constraints.format) return JSON.stringify(FORMATS[constraints.format]);
    return JSON.stringify("d".repeat(Math.min(Math.max(constraints.minLength ?? 0, 1), constraints.maxLength ?? Infinity)));
  }
  if (leaf.kind === "number") {
    if (boundary && constraints.exclusiveMinimum !== undefined) return String(constraints.exclusiveMinimum);
    if (boundary && constraints.exclusiveMaximum !== undefined) return String(constraints.exclusiveMaximum);
    const step = constraints.multipleOf ?? 1;
    const low = constraints.minimum ?? (constraints.exclusiveMinimum ?? -1e9) + step / 2;
    const high = constraints.maximum ?? (constraints.exclusiveMaximum ?? 1e9) - step / 2;
    const at = Math.ceil(Math.max(low, Math.min(0, high)) / step) * step;
    return at <= high ? String(at) : undefined;
  }
  return undefined;
}
