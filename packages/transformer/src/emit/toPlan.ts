import type { JsonObject, JsonValue } from "../model/Json";
import type { Model, Property, Shape } from "../model/Shape";
import { MAX_NODES, SchemaTooLarge, type EmitOptions } from "./toJsonSchema";
import { expectsText, unionText } from "./planTexts";

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
        return { t: "date" };
      case "array":
        return { t: "array", i: node(shape.items), ...rules(shape) };
      case "tuple":
        return { t: "tuple", p: shape.prefix.map(node), min: shape.minItems, ...(shape.rest ? { rest: node(shape.rest) } : {}), ...rules(shape) };
      case "object": {
        const out: JsonObject = { t: "object", p: properties(shape.properties) };
        if (shape.additional) out.add = node(shape.additional);
        else if (options.additionalProperties === false && shape.properties.length > 0) out.closed = 1;
        return out;
      }
      case "union": {
        const members = shape.members.map(node);
        const resolve = (n: JsonObject): JsonObject => (n.t === "ref" && defs[n.to as string] ? (defs[n.to as string] as JsonObject) : n);
        const out: JsonObject = { t: "union", m: members, sum: unionText(members, shape.nullable === true, resolve) };
        if (shape.discriminator !== undefined) out.d = shape.discriminator;
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

  /** Properties by input key; `@key a.b` members become a group whose fields land in the parent. */
  function properties(list: readonly Property[]): JsonValue[] {
    const out: JsonObject[] = [];
    const groups = new Map<string, { entry: JsonObject; members: Property[] }>();
    for (const property of list) {
      const key = property.key ?? [property.name];
      if (key.length === 1) {
        out.push(leaf(property, key[0]));
        continue;
      }
      let group = groups.get(key[0]);
      if (!group) {
        group = { entry: { k: key[0], flat: 1 }, members: [] };
        groups.set(key[0], group);
        out.push(group.entry);
      }
      group.members.push({ ...property, key: key.slice(1) });
    }
    for (const { entry, members } of groups.values()) {
      entry.p = { t: "object", p: properties(members) };
      if (members.some((member) => member.required)) {
        entry.req = 1;
        entry.exp = "";
      }
    }
    return out;
  }

  function leaf(property: Property, key: string): JsonObject {
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
  return plan;
}
