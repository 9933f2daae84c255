// fast-check arbitraries read off an emitted JSON Schema: values that follow it (mostly valid), and
// the same values mutated at one place (wrong type, missing key, out of range, bad pattern, extra
// key, null). The differential test needs no value to be valid: it compares two verdicts.
import fc from "fast-check";

const FORMATS = {
  "date-time": fc.date({ min: new Date("1900-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((d) => d.toISOString()),
  date: fc.date({ min: new Date("1900-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  time: fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(11)),
  email: fc.emailAddress(),
  hostname: fc.domain(),
  ipv4: fc.ipV4(),
  ipv6: fc.ipV6(),
  uri: fc.webUrl({ withQueryParameters: true, withFragments: true }),
  uuid: fc.uuid(),
};

export function valueOf(schema, root = schema, depth = 0) {
  if (schema === true || !schema || Object.keys(schema).length === 0 || (schema.description && Object.keys(schema).length === 1)) {
    return fc.jsonValue({ maxDepth: 2 });
  }
  if (schema.$ref) {
    const target = schema.$ref === "#" ? root : root.$defs[schema.$ref.slice("#/$defs/".length)];
    return depth > 3 ? fc.constant(null) : fc.constant(null).chain(() => valueOf(target, root, depth + 1));
  }
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((member) => valueOf(member, root, depth + 1)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return fc.oneof(...types.map((type) => ofType(type, schema, root, depth)));
}

function ofType(type, schema, root, depth) {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
    case "number":
      return number(type, schema);
    case "string":
      return string(schema);
    case "array":
      return array(schema, root, depth);
    case "object":
      return object(schema, root, depth);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** The bounds number() draws within: min and max, and the whole multiples low..high between them. */
function bounds(schema) {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1000);
  return { min, max, low: Math.ceil(min / (schema.multipleOf ?? 1)), high: Math.floor(max / (schema.multipleOf ?? 1)) };
}

function number(type, schema) {
  const { min, max, low, high } = bounds(schema);
  if (low > high) {
    // No whole number (or multiple) between the bounds: fractions between them, or the bounds themselves.
    if (type === "number" && !schema.multipleOf && min <= max) return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    return fc.constantFrom(min, max);
  }
  if (schema.multipleOf) return fc.integer({ min: low, max: high }).map((k) => k * schema.multipleOf);
  if (type === "integer") return fc.integer({ min: low, max: high });
  return fc.oneof(fc.integer({ min: low, max: high }), fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
}

function string(schema) {
  if (schema.format && FORMATS[schema.format]) return FORMATS[schema.format];
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern, "u"));
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: schema.maxLength ?? Math.max(8, (schema.minLength ?? 0) + 4), unit: "grapheme" });
}

function array(schema, root, depth) {
  if (schema.prefixItems) {
    const prefix = schema.prefixItems.map((item) => valueOf(item, root, depth + 1));
    const rest = schema.items ? fc.array(valueOf(schema.items, root, depth + 1), { maxLength: 3 }) : fc.constant([]);
    return fc.tuple(fc.tuple(...prefix), rest, fc.nat({ max: prefix.length })).map(([fixed, more, cut]) => {
      const required = schema.minItems ?? 0;
      return [...fixed.slice(0, Math.max(required, cut === 0 ? fixed.length : cut)), ...(cut === 0 || cut >= fixed.length ? more : [])];
    });
  }
  const items = valueOf(schema.items ?? {}, root, depth + 1);
  const constraints = { minLength: schema.minItems ?? 0, maxLength: schema.maxItems ?? Math.max(3, schema.minItems ?? 0) };
  if (depth > 3) constraints.maxLength = constraints.minLength;
  if (!schema.uniqueItems) return fc.array(items, constraints);
  // Unique items of a small set: no more of them than valueOf can make (fast-check would look forever).
  const distinct = distinctValues(schema.items ?? {});
  constraints.minLength = Math.min(constraints.minLength, distinct);
  constraints.maxLength = Math.max(constraints.minLength, Math.min(constraints.maxLength, distinct));
  return fc.uniqueArray(items, { ...constraints, selector: (v) => JSON.stringify(v) });
}

/** About how many distinct values valueOf makes for a schema (Infinity for any number of them). */
function distinctValues(schema) {
  if (schema.enum) return new Set(schema.enum.map((value) => JSON.stringify(value))).size;
  if (schema.anyOf) return schema.anyOf.reduce((sum, member) => sum + distinctValues(member), 0);
  if (!schema.type) return Infinity;
  const ofType = (type) => {
    if (type === "boolean") return 2;
    if (type === "null") return 1;
    if (type === "string") return schema.maxLength === 0 ? 1 : Infinity;
    if (type === "array") return schema.maxItems === 0 ? 1 : Infinity;
    if (type === "object") {
      if (schema.additionalProperties && typeof schema.additionalProperties === "object") return Infinity;
      const required = schema.required ?? [];
      return Object.entries(schema.properties ?? {}).reduce((n, [key, value]) => n * (distinctValues(value) + (required.includes(key) ? 0 : 1)), 1);
    }
    const { min, max, low, high } = bounds(schema);
    if (low > high) return type === "number" && !schema.multipleOf && min < max ? Infinity : new Set([min, max]).size;
    if (schema.multipleOf || type === "integer") return high - low + 1;
    return min === max ? 1 : Infinity;
  };
  return (Array.isArray(schema.type) ? schema.type : [schema.type]).reduce((sum, type) => sum + ofType(type), 0);
}

function object(schema, root, depth) {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  const record = fc.record(Object.fromEntries(keys.map((key) => [key, valueOf(properties[key], root, depth + 1)])), { requiredKeys: schema.required ?? [] });
  if (!schema.additionalProperties || schema.additionalProperties === false) return record;
  return fc
    .tuple(
      record,
      fc.dictionary(
        fc.string({ maxLength: 5 }).filter((k) => !keys.includes(k)),
        valueOf(schema.additionalProperties, root, depth + 1),
        { maxKeys: 3 },
      ),
    )
    .map(([fixed, extra]) => ({ ...extra, ...fixed }));
}

/** Every place inside a JSON value, as a path of keys and indexes. */
function places(value, path = [], out = []) {
  out.push(path);
  if (Array.isArray(value)) value.forEach((item, i) => places(item, [...path, i], out));
  else if (value && typeof value === "object") for (const key of Object.keys(value)) places(value[key], [...path, key], out);
  return out;
}

const REPLACEMENTS = [
  "text",
  "",
  0,
  -0,
  -1e6,
  1e6,
  1.5,
  true,
  null,
  [],
  {},
  [1, "a"],
  { x: 1 },
  "2026-13-45T99:00:00Z",
  "not an email",
  "AB",
  "a".repeat(300),
  'say "hi"\n',
  "\ud800",
  "é".repeat(41),
];

/**
 * What JSON cannot carry, and objects that only look like JSON's: issues for validateArgs, while ajv
 * takes some of them (a function where any value goes). Compared with the interpreter, not with ajv.
 */
const HOSTILE = [
  () => 1,
  NaN,
  Infinity,
  undefined,
  Symbol("s"),
  10n,
  new Date(0),
  new Map([["a", 1]]),
  [, 1],
  [undefined],
  Object.create(null),
  Object.create({ inherited: 1 }),
  new (class Point {
    x = 1;
  })(),
  JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}'),
];

/**
 * The value (JSON) with one change at one place: to a JSON value, or with `hostile`, maybe to one
 * JSON cannot carry.
 */
export function mutated(arbitrary, { hostile = false } = {}) {
  const replacements = hostile ? [...REPLACEMENTS, ...HOSTILE] : REPLACEMENTS;
  return fc.tuple(arbitrary, fc.nat(), fc.nat(), fc.constantFrom("replace", "delete", "extra", "push")).map(([value, at, pick, how]) => {
    const copy = value === undefined ? value : JSON.parse(JSON.stringify(value));
    const all = places(copy);
    const path = all[at % all.length];
    if (path.length === 0) return how === "replace" ? replacements[pick % replacements.length] : copy;
    const parent = path.slice(0, -1).reduce((node, key) => node[key], copy);
    const key = path[path.length - 1];
    const target = parent[key];
    if (how === "delete" && !Array.isArray(parent)) delete parent[key];
    else if (how === "extra" && target && typeof target === "object" && !Array.isArray(target))
      target[`extra${pick % 3}`] = replacements[pick % replacements.length];
    else if (how === "push" && Array.isArray(target)) target.push(replacements[pick % replacements.length]);
    else parent[key] = replacements[pick % replacements.length];
    return copy;
  });
}

const text = (value) => JSON.stringify(value);
const isContainer = (value) => value !== null && typeof value === "object";
/**
 * The mistakes models make with tool arguments, and look-alikes a repair must refuse: each turns
 * the value at one place into what a model sends instead, or gives undefined where it does not apply.
 */
const MISTAKES = [
  (v) => (typeof v === "number" ? String(v) : undefined),
  (v) => (typeof v === "number" ? ` ${v}` : undefined),
  (v) => (typeof v === "number" ? `${v}abc` : undefined),
  (v) => (typeof v === "number" ? `0x${Math.abs(Math.trunc(v)).toString(16)}` : undefined),
  (v) => (typeof v === "number" ? "1e400" : undefined),
  (v) => (typeof v === "number" && Number.isInteger(v) ? String(2 ** 53 + 2) : undefined),
  (v) => (typeof v === "boolean" ? String(v) : undefined),
  (v) => (typeof v === "boolean" ? (v ? "True" : "0") : undefined),
  (v) => (isContainer(v) ? text(v) : undefined),
  (v) => (isContainer(v) ? text(text(v)) : undefined),
  (v) => (isContainer(v) ? text(text(text(v))) : undefined),
  (v) => (isContainer(v) ? "```json\n" + text(v) + "\n```" : undefined),
  (v) => (isContainer(v) ? text(v).replace(/([}\]])$/, ",$1") : undefined),
  (v) => (isContainer(v) ? `${text(v)} That is all.` : undefined),
  (v) => (isContainer(v) ? text(v).slice(0, -1) : undefined),
  (v) => (v && typeof v === "object" && !Array.isArray(v) ? text({ ...v, ["__proto__"]: { polluted: 1 } }) : undefined),
  (v) => (typeof v === "string" ? v.toUpperCase() : undefined),
  (v) => (typeof v === "string" ? v.toLowerCase() : undefined),
  () => null,
  () => "null",
  () => "",
  () => undefined,
];

/** The value (JSON) with a model's mistake, or a look-alike of one, at one place (the root too). */
export function mistaken(arbitrary) {
  return fc.tuple(arbitrary, fc.nat(), fc.nat()).map(([value, at, pick]) => {
    const copy = value === undefined ? value : JSON.parse(JSON.stringify(value));
    const all = places(copy);
    const path = all[at % all.length];
    const target = path.reduce((node, key) => node[key], copy);
    let changed;
    // The first mistake from `pick` on that applies to the value there; the last ones always do.
    for (let i = 0; i < MISTAKES.length; i++) {
      const mistake = MISTAKES[(pick + i) % MISTAKES.length];
      changed = mistake(target);
      if (changed !== undefined || mistake.length === 0) break;
    }
    if (path.length === 0) return changed;
    const parent = path.slice(0, -1).reduce((node, key) => node[key], copy);
    if (changed === undefined && !Array.isArray(parent)) delete parent[path[path.length - 1]];
    else parent[path[path.length - 1]] = changed;
    return copy;
  });
}
