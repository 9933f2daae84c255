import { joinSentences } from "./joinSentences";
import type { JsonObject, JsonValue } from "../../model/Json";
import type { Model, Property, Shape } from "../../model/Shape";
import { foldDottedKeys, type FoldedProperty } from "../../model/dottedKeys";

export interface EmitOptions {
  readonly refs: boolean;
  readonly additionalProperties?: false;
  /**
   * The schema of what a function returns: every key it always returns is `required`, nullable or
   * not, defaulted or not (what arguments may leave out, a result always holds).
   */
  readonly output?: true;
}

/** Thrown past this many schema nodes: flattening a shared type everywhere can grow without bound. */
export const MAX_NODES = 20_000;
export class SchemaTooLarge extends Error {}

/**
 * Model -> JSON Schema (draft 2020-12). Keys come out in one fixed order (type and its keywords,
 * structure, then annotations), so the output is byte-stable.
 */
export function toJsonSchema(model: Model, options: EmitOptions): JsonObject {
  let nodes = 0;
  const shared = new Set<string>();
  if (options.refs) {
    for (const [name, def] of Object.entries(model.defs)) if (def.recursive || def.uses > 1) shared.add(name);
  }
  const rootDef = model.root.kind === "ref" ? model.root.def : undefined;
  const inlining: string[] = [];

  const refTo = (name: string): JsonObject => ({ $ref: name === rootDef ? "#" : `#/$defs/${name}` });

  function emit(shape: Shape): JsonObject {
    if (++nodes > MAX_NODES) throw new SchemaTooLarge();
    return decorate(emitKind(shape), shape);
  }

  function emitKind(shape: Shape): JsonObject {
    switch (shape.kind) {
      case "any":
        return shape.object ? { type: "object" } : {};
      case "primitive":
        return { type: shape.type };
      case "date":
        return { type: "string", format: shape.format ?? "date-time" };
      case "enum":
        return emitEnum(shape.values);
      case "array":
        return { type: "array", items: emit(shape.items) };
      case "tuple":
        // No slot: an empty prefixItems is not valid 2020-12; `[]` is an array of nothing, `[...T[]]` an array.
        if (shape.prefix.length === 0) return shape.rest ? { type: "array", items: emit(shape.rest) } : { type: "array", maxItems: 0 };
        return {
          type: "array",
          prefixItems: shape.prefix.map(emit),
          items: shape.rest ? emit(shape.rest) : false,
          ...(shape.minItems > 0 ? { minItems: shape.minItems } : {}),
          ...(shape.rest ? {} : { maxItems: shape.prefix.length }),
        };
      case "object":
        return emitObject(shape.properties, shape.additional, shape.patterns);
      case "union": {
        const members = withoutContained(shape.members.map(emit));
        if (members.length === 1) return members[0];
        // `boolean | string`: the same set as a type array, shorter, and what hand-written tool schemas
        // use, when no member says more than its type.
        if (members.every((member) => Object.keys(member).length === 1 && typeof member.type === "string")) {
          return { type: [...new Set(members.map((member) => member.type as string))] };
        }
        return { anyOf: members };
      }
      case "ref": {
        const def = model.defs[shape.def];
        if (shared.has(shape.def) && (shape.def !== rootDef || inlining.length > 0)) return refTo(shape.def);
        // Flattened: a cycle was reported as a diagnostic already; never recurse without end here.
        if (inlining.includes(shape.def)) return {};
        inlining.push(shape.def);
        try {
          return emit(def.shape);
        } finally {
          inlining.pop();
        }
      }
    }
  }

  function emitObject(properties: readonly Property[], additional?: Shape, patterns?: readonly { pattern: string; shape: Shape }[]): JsonObject {
    const out = emitEntries(foldDottedKeys(properties).entries);
    if (patterns) {
      const byPattern: JsonObject = {};
      for (const { pattern, shape } of patterns) byPattern[pattern] = emit(shape);
      // Before additionalProperties, which takes only the keys neither properties nor patterns name.
      // Keys of a pattern are fixed keys too: `additionalProperties: false` closes such an object as it does one with properties.
      const closed = out.additionalProperties ?? (options.additionalProperties === false && !additional ? false : undefined);
      delete out.additionalProperties;
      out.patternProperties = byPattern;
      if (closed !== undefined) out.additionalProperties = closed;
    }
    if (additional) out.additionalProperties = emit(additional);
    return out;
  }

  /** A key a value must have: required by the arguments' rule, or, for a result, any its type always holds. */
  function isRequired(property: Property): boolean {
    return options.output ? !property.optional && !property.absent : property.required;
  }

  /** Properties as the input nests them; a `@key` group is an object of its members. */
  function emitEntries(entries: readonly FoldedProperty[]): JsonObject {
    const out: JsonObject = { type: "object" };
    // An object that declares no key (`{}`, a function without parameters) takes none once closed.
    if (entries.length === 0) return options.additionalProperties === false ? { ...out, additionalProperties: false } : out;
    const props: JsonObject = {};
    const required: string[] = [];
    for (const entry of entries) {
      // A key that may only be absent: the `false` schema, which no value meets.
      const value = entry.kind === "leaf" ? (entry.property.absent ? false : emit(entry.property.shape)) : emitEntries(entry.members);
      // defineProperty: a key named `__proto__` must stay a property, not become the prototype.
      Object.defineProperty(props, entry.key, { value, enumerable: true, writable: true, configurable: true });
      if (entry.kind === "leaf" ? isRequired(entry.property) : entry.required) required.push(entry.key);
    }
    out.properties = props;
    if (required.length > 0) out.required = required;
    if (options.additionalProperties === false) out.additionalProperties = false;
    return out;
  }

  const root = emit(model.root);
  if (options.refs && shared.size > 0) {
    const defs: JsonObject = {};
    for (const name of shared) {
      if (name === rootDef) continue;
      inlining.push(name);
      defs[name] = emit(model.defs[name].shape);
      inlining.pop();
    }
    if (Object.keys(defs).length > 0) root.$defs = defs;
  }
  return root;
}

/**
 * A union's members less those another member contains: `string | Date` as a result gives
 * `{type: string}` and `{type: string, format: date-time}`, and the first accepts all the second
 * does. A member that is a bare `{type}` contains every member of that type; equal members are one.
 */
function withoutContained(members: JsonObject[]): JsonObject[] {
  const bare = (member: JsonObject) => Object.keys(member).length === 1 && typeof member.type === "string";
  const plain = new Set(members.filter(bare).map((member) => member.type));
  const seen = new Set<string>();
  return members.filter((member) => {
    if (!bare(member) && typeof member.type === "string" && plain.has(member.type)) return false;
    const text = JSON.stringify(member);
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}

/**
 * `"a" | "b"` -> `{"type":"string","enum":["a","b"]}`; mixed JSON types give a type array; numbers
 * that are all whole are `integer`.
 */
function emitEnum(values: readonly (string | number | boolean | null)[]): JsonObject {
  const whole = values.every((value) => typeof value !== "number" || Number.isInteger(value));
  const types: string[] = [];
  for (const value of values) {
    const type = value === null ? "null" : typeof value === "number" && whole ? "integer" : typeof value;
    if (!types.includes(type)) types.push(type);
  }
  return { type: types.length === 1 ? types[0] : types, enum: [...values] };
}

/** A numeric enum's names, where a model reads them: `1 = Low, 2 = Medium, 3 = High`, after any description. */
function namesText(values: readonly unknown[], names: readonly string[], description: string | undefined): string {
  return joinSentences(description, [names.map((name, i) => `${String(values[i])} = ${name}`).join(", ")]);
}

/** Adds nullability, constraints and annotations to an emitted kind. */
function decorate(out: JsonObject, shape: Shape): JsonObject {
  let result = out;
  if (shape.constraints) result = insertAfterType(result, shape.constraints);
  if (shape.nullable) result = addNull(result, shape.kind === "primitive" || shape.kind === "enum" || (shape.kind === "union" && "type" in result));
  const meta = shape.meta;
  const description = shape.kind === "enum" && shape.names ? namesText(shape.values, shape.names, meta?.description) : meta?.description;
  if (meta?.title !== undefined) result.title = meta.title;
  if (description !== undefined) result.description = description;
  if (meta) {
    if (meta.default !== undefined) result.default = meta.default;
    if (meta.examples !== undefined) result.examples = [...meta.examples];
    if (meta.deprecated) result.deprecated = true;
  }
  return result;
}

/** Constraint keywords sit right after `type`/`enum`/`format`, before structure keywords. */
function insertAfterType(out: JsonObject, constraints: Readonly<Record<string, JsonValue>>): JsonObject {
  const result: JsonObject = {};
  const head = ["$ref", "type", "enum", "format"];
  for (const key of head) if (key in out) result[key] = out[key];
  for (const [key, value] of Object.entries(constraints)) result[key] = value;
  for (const [key, value] of Object.entries(out)) if (!head.includes(key)) result[key] = value;
  return result;
}

/**
 * `T | null`: a scalar type gains `"null"` in `type` (and `null` in `enum`);
 * anything else becomes `{"anyOf":[S,{"type":"null"}]}`.
 */
function addNull(out: JsonObject, scalar: boolean): JsonObject {
  if (scalar) {
    const types = Array.isArray(out.type) ? [...(out.type as string[])] : [out.type as string];
    const result: JsonObject = { ...out, type: types.includes("null") ? types : [...types, "null"] };
    if (Array.isArray(out.enum) && !out.enum.includes(null)) result.enum = [...out.enum, null];
    return result;
  }
  if (Array.isArray(out.anyOf) && !("type" in out)) {
    return { ...out, anyOf: [...(out.anyOf as JsonValue[]), { type: "null" }] };
  }
  return { anyOf: [out, { type: "null" }] };
}
