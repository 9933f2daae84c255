import type { JsonObject, JsonValue } from "../model/Json";
import type { Model, Property, Shape } from "../model/Shape";
import { MAX_NODES, SchemaTooLarge, type EmitOptions } from "./toJsonSchema";
import { foldDottedKeys, type FoldedProperty } from "../model/dottedKeys";
import { expectsText, unionText } from "./planTexts";
import { discriminatorValues } from "../model/findDiscriminator";

/**
 * Model -> the run-time plan that mapArgs/validateArgs read (its type is `Plan` in
 * @schemaof/runtime): the same rules as the schema, plus what mapping needs. Recursive types stay
 * references into `defs`; everything else is inlined.
 */
export function toPlan(model: Model, options: EmitOptions, call?: "positional" | "single"): JsonObject {
  let nodes = 0;
  const defs: JsonObject = {};

  function node(shape: Shape): JsonObject {
    if (++nodes > MAX_NODES) throw new SchemaTooLarge();
    const out = kind(shape);
    if (shape.nullable) out.n = 1;
    return out;
  }

  function rules(shape: Shape): JsonObject {
    return shape.constraints && Object.keys(shape.constraints).length ? { r: { ...shape.constraints } } : {};
  }

  function kind(shape: Shape): JsonObject {
    switch (shape.kind) {
      case "any":
        return shape.object ? { t: "any", object: 1 } : { t: "any" };
      case "primitive":
        if (shape.type === "integer") return { t: "number", int: 1, ...rules(shape) };
        if (shape.type === "string" || shape.type === "number") return { t: shape.type, ...rules(shape) };
        return { t: shape.type };
      case "enum":
        return { t: "enum", v: [...shape.values] };
      case "date":
        return shape.format ? { t: "date", f: shape.format } : { t: "date" };
      case "array":
        return { t: "array", i: node(shape.items), ...rules(shape) };
      case "tuple":
        return { t: "tuple", p: shape.prefix.map(node), min: shape.minItems, ...(shape.rest ? { rest: node(shape.rest) } : {}), ...rules(shape) };
      case "object": {
        const out: JsonObject = { t: "object", p: properties(foldDottedKeys(shape.properties).entries) };
        // Keys of a pattern: checked against each pattern they match, before `add` (JSON Schema's patternProperties).
        if (shape.patterns) out.pat = shape.patterns.map(({ pattern, shape: value }) => [pattern, node(value)]);
        return shape.additional ? { ...out, add: node(shape.additional) } : { ...out, ...closed(shape.properties.length) };
      }
      case "union": {
        const members = shape.members.map(node);
        const resolve = (n: JsonObject): JsonObject => (n.t === "ref" && defs[n.to as string] ? (defs[n.to as string] as JsonObject) : n);
        const out: JsonObject = { t: "union", m: members, sum: unionText(members, shape.nullable === true, resolve) };
        if (shape.discriminator !== undefined) {
          out.d = shape.discriminator;
          out.dv = discriminatorValues(shape.members, shape.discriminator, (def) => model.defs[def]?.shape) ?? [];
        }
        return out;
      }
      case "ref": {
        const def = model.defs[shape.def];
        if (!def.recursive) return node(def.shape);
        if (!(shape.def in defs)) {
          defs[shape.def] = {};
          defs[shape.def] = node(def.shape);
        }
        return { t: "ref", to: shape.def };
      }
    }
  }

  /** Properties by input key; a `@key` group's fields land in the parent (`flat`). */
  function properties(entries: readonly FoldedProperty[]): JsonValue[] {
    return entries.map((entry) => {
      if (entry.kind === "leaf") return leaf(entry.property, entry.key);
      const out: JsonObject = { k: entry.key, flat: 1, p: { t: "object", p: properties(entry.members), ...closed(entry.members.length) } };
      if (entry.required) {
        out.req = 1;
        out.exp = "";
      }
      return out;
    });
  }

  /** The run-time twin of `additionalProperties: false` on an object with fixed properties. */
  function closed(count: number): JsonObject {
    return options.additionalProperties === false && count > 0 ? { closed: 1 } : {};
  }

  function leaf(property: Property, key: string): JsonObject {
    if (property.absent) return { k: key, p: { t: "any" }, absent: 1 };
    const out: JsonObject = { k: key, p: node(property.shape) };
    if (property.required) {
      out.req = 1;
      out.exp = expectsText(out.p);
    }
    if (property.shape.meta?.default !== undefined) out.def = property.shape.meta.default;
    if (property.name !== key) out.as = property.name;
    return out;
  }

  const plan: JsonObject = { "~plan": 1, root: node(model.root) };
  if (Object.keys(defs).length) plan.defs = defs;
  if (call) plan.call = call;
  // The argument tuple is read off the result by the parameters' names, in order.
  if (call === "positional") plan.names = ((plan.root as JsonObject).p as JsonObject[]).map((property) => property.k as string);
  return plan;
}
