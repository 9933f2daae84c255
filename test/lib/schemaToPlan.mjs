// Turns a JSON Schema from the official test suite into a run-time plan, for the schemas the
// runtime can be given: the keywords schemaof emits, in the shapes it emits them. Anything else
// throws OutOfScope with the reason, so the suite runner can list it rather than skip it silently.

// @ts-check
/** @typedef {import("@schemaof/runtime/helpers").PlanNode} PlanNode */
/** @typedef {import("@schemaof/runtime/helpers").PropertyPlan} PropertyPlan */

/** @returns {PlanNode} */
const anyValue = () => ({ kind: "any" });

import { FORMATS, rulesFor } from "@schemaof/runtime/helpers";

export class OutOfScope extends Error {}

const ANNOTATIONS = new Set(["$schema", "$id", "$comment", "title", "description", "default", "examples", "deprecated"]);
const TYPES = ["null", "boolean", "integer", "number", "string", "array", "object"];
// The keywords schemaof checks, and the formats, as the runtime's keyword table lists them.
const STRING_RULES = rulesFor("string");
const NUMBER_RULES = rulesFor("number");
const ARRAY_RULES = rulesFor("array");
const KNOWN_FORMATS = new Set(Object.keys(FORMATS));
/** The keywords a schema may use to be given to the runtime: those schemaof emits. */
export const SUPPORTED_KEYWORDS = [
  "type",
  "properties",
  "required",
  "additionalProperties",
  "patternProperties",
  "items",
  "prefixItems",
  "enum",
  "const",
  "anyOf",
  "$ref",
  "$defs",
  ...STRING_RULES,
  ...NUMBER_RULES,
  ...ARRAY_RULES,
];
const SUPPORTED = new Set(SUPPORTED_KEYWORDS);

export function schemaToPlan(schema) {
  // The root is a definition of its own, so `{"$ref": "#"}` refers back to it.
  /** @type {Record<string, PlanNode>} */
  const defs = { "#": { kind: "any" } };
  defs["#"] = convert(schema, schema, defs);
  return { "~plan": 1, root: { kind: "ref", to: "#" }, defs };
}

/** @returns {PlanNode} */
function convert(schema, root, defs) {
  if (schema === true) return { kind: "any" };
  if (schema === false) throw new OutOfScope("a false schema outside items");
  const keys = Object.keys(schema).filter((k) => !ANNOTATIONS.has(k));
  for (const key of keys) if (!SUPPORTED.has(key)) throw new OutOfScope(`keyword '${key}' (never emitted)`);
  for (const [name, def] of Object.entries(schema.$defs ?? {})) {
    if (Object.hasOwn(defs, name)) continue;
    defs[name] = { kind: "any" };
    defs[name] = convert(def, root, defs);
  }
  const rest = keys.filter((k) => k !== "$defs");
  if (schema.$ref !== undefined) {
    if (rest.length > 1) throw new OutOfScope("$ref beside other keywords (never emitted)");
    if (schema.$ref === "#") return { kind: "ref", to: "#" };
    const match = /^#\/\$defs\/([^/]+)$/.exec(schema.$ref);
    if (!match || !root.$defs || !(match[1] in root.$defs)) throw new OutOfScope(`$ref '${schema.$ref}' (only #/$defs/Name and # are emitted)`);
    return { kind: "ref", to: match[1] };
  }
  if (schema.anyOf) {
    if (rest.length > 1) throw new OutOfScope("anyOf beside other keywords (never emitted)");
    return { kind: "union", members: schema.anyOf.map((member) => convert(member, root, defs)) };
  }
  if (schema.enum !== undefined || schema.const !== undefined) {
    const values = schema.enum ?? [schema.const];
    if (values.some((v) => v !== null && typeof v === "object")) throw new OutOfScope("enum or const with arrays or objects (never emitted)");
    if (rest.some((k) => !["enum", "const", "type"].includes(k))) throw new OutOfScope("enum beside constraints (never emitted)");
    const types = schema.type === undefined ? undefined : [].concat(schema.type);
    const kept = types ? values.filter((v) => types.includes(jsonType(v)) || (types.includes("number") && typeof v === "number")) : values;
    return { kind: "enum", values: kept };
  }
  if (schema.format !== undefined && !KNOWN_FORMATS.has(schema.format)) throw new OutOfScope(`format '${schema.format}' (never emitted)`);
  const types =
    schema.type === undefined
      ? TYPES.filter((t) => t !== "integer")
      : [].concat(schema.type).filter((t) => !(t === "integer" && [].concat(schema.type).includes("number")));
  const members = types.map((type) => ofType(type, schema, root, defs));
  return members.length === 1 ? members[0] : { kind: "union", members };
}

function pick(schema, names) {
  const out = {};
  for (const name of names) if (schema[name] !== undefined) out[name] = schema[name];
  return Object.keys(out).length ? { rules: out } : {};
}

/** @returns {PlanNode} */
function ofType(type, schema, root, defs) {
  switch (type) {
    case "null":
    case "boolean":
      return { kind: type };
    case "integer":
      return { kind: "number", integer: true, ...pick(schema, NUMBER_RULES) };
    case "number":
      return { kind: "number", ...pick(schema, NUMBER_RULES) };
    case "string":
      return { kind: "string", ...pick(schema, STRING_RULES) };
    case "array": {
      if (schema.prefixItems) {
        const rest = schema.items === false ? {} : { rest: schema.items === undefined ? anyValue() : convert(schema.items, root, defs) };
        return { kind: "tuple", prefix: schema.prefixItems.map((item) => convert(item, root, defs)), minItems: 0, ...rest, ...pick(schema, ARRAY_RULES) };
      }
      if (schema.items === false) return { kind: "tuple", prefix: [], minItems: 0, ...pick(schema, ARRAY_RULES) };
      return { kind: "array", items: schema.items === undefined ? anyValue() : convert(schema.items, root, defs), ...pick(schema, ARRAY_RULES) };
    }
    case "object": {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      // A `false` property may only be absent (schemaof's `x?: never`); a required one is no value at all.
      /** @type {PropertyPlan[]} */
      const props = Object.keys(properties).map((key) =>
        properties[key] === false && !required.has(key)
          ? { key, plan: anyValue(), absent: true }
          : { key, plan: convert(properties[key], root, defs), ...(required.has(key) ? { required: true } : {}) },
      );
      for (const key of required) if (!Object.hasOwn(properties, key)) props.push({ key, plan: anyValue(), required: true });
      const extra = schema.additionalProperties;
      const patterns = schema.patternProperties
        ? { patterns: Object.entries(schema.patternProperties).map(([pattern, value]) => /** @type {const} */ ([pattern, convert(value, root, defs)])) }
        : {};
      return {
        kind: "object",
        properties: props,
        ...patterns,
        ...(extra === false ? { closed: true } : extra === undefined ? {} : { additional: convert(extra, root, defs) }),
      };
    }
  }
}

function jsonType(value) {
  if (value === null) return "null";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}
