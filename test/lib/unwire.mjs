// The round-trip test's oracle: what a provider's model sends, read back as the type's arguments,
// worked out from the type's own (MCP) JSON Schema and ajv alone, where the runtime does it from the
// plan. Under openai-strict every property is required, so a model sends `null` for an optional one
// it leaves out: such a null, where the property is optional and null is none of its values, or under
// a key the object does not declare, is the key left out. In a union, the value is read as the
// member it is valid for (the first), else the member the union's check speaks for: the one its
// discriminator names, or the only one that takes its JSON type.

/** `unwire(value)`: the value as the type's check should see it. `id` is a URI `ajv` does not hold yet. */
export function createUnwire(ajv, schema, id) {
  ajv.addSchema({ ...schema, $id: id });
  const valid = (pointer, value) => ajv.getSchema(`${id}#${pointer}`)(value);

  function walk(pointer, value, depth) {
    const node = at(schema, pointer);
    if (depth > 64 || typeof node !== "object" || node === null) return value;
    if (typeof node.$ref === "string") return walk(node.$ref === "#" ? "" : node.$ref.slice(1), value, depth + 1);
    if (Array.isArray(node.anyOf)) return union(pointer, node, value, depth);
    if (Array.isArray(value)) {
      const prefix = node.prefixItems?.length ?? 0;
      return value.map((item, i) => {
        if (i < prefix) return walk(`${pointer}/prefixItems/${i}`, item, depth + 1);
        return node.items !== undefined && typeof node.items === "object" ? walk(`${pointer}/items`, item, depth + 1) : item;
      });
    }
    if (typeof value !== "object" || value === null || (node.type !== "object" && !(Array.isArray(node.type) && node.type.includes("object")))) return value;
    const properties = node.properties ?? {};
    const required = new Set(node.required ?? []);
    const maps = (node.additionalProperties !== undefined && node.additionalProperties !== false) || node.patternProperties !== undefined;
    const out = {};
    for (const [key, item] of Object.entries(value)) {
      const declared = Object.prototype.hasOwnProperty.call(properties, key);
      const place = `${pointer}/properties/${escape(key)}`;
      if (item === null && declared && !required.has(key) && !valid(place, null)) continue;
      if (item === null && !declared && !maps) continue;
      out[key] = declared ? walk(place, item, depth + 1) : item;
    }
    return out;
  }

  function union(pointer, node, value, depth) {
    const read = node.anyOf.map((_, i) => walk(`${pointer}/anyOf/${i}`, value, depth + 1));
    const first = read.findIndex((candidate, i) => valid(`${pointer}/anyOf/${i}`, candidate));
    if (first >= 0) return read[first];
    const spoken = discriminated(node.anyOf, value) ?? onlyOfType(node.anyOf, value);
    return spoken === undefined ? value : read[spoken];
  }

  function discriminated(members, value) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    const objects = members.map((member) => resolve(member));
    if (!objects.every((member) => member?.type === "object" && member.properties)) return undefined;
    for (const key of Object.keys(objects[0].properties)) {
      const values = objects.map((member) => {
        const property = resolve(member.properties[key]);
        return (member.required ?? []).includes(key) && property?.enum?.length === 1 ? JSON.stringify(property.enum[0]) : undefined;
      });
      if (values.includes(undefined) || new Set(values).size !== values.length) continue;
      const index = values.indexOf(JSON.stringify(value[key]));
      return index >= 0 ? index : undefined;
    }
    return undefined;
  }

  function onlyOfType(members, value) {
    const type = value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "object" ? "object" : typeof value;
    const takes = members.map((member) => {
      const resolved = resolve(member);
      if (!resolved || resolved.anyOf || resolved.type === undefined) return undefined;
      const types = [resolved.type].flat().map((t) => (t === "integer" ? "number" : t));
      return types.includes(type);
    });
    if (takes.includes(undefined)) return undefined;
    return takes.filter(Boolean).length === 1 ? takes.indexOf(true) : undefined;
  }

  function resolve(node) {
    for (let hops = 0; node && typeof node.$ref === "string" && hops < 16; hops++) node = at(schema, node.$ref === "#" ? "" : node.$ref.slice(1));
    return node;
  }

  return (value) => walk("", value, 0);
}

/** The subschema at a JSON pointer. */
function at(schema, pointer) {
  if (pointer === "") return schema;
  return pointer
    .slice(1)
    .split("/")
    .reduce((node, step) => node?.[decodeURIComponent(step).replace(/~1/g, "/").replace(/~0/g, "~")], schema);
}

const escape = (key) => encodeURIComponent(key.replace(/~/g, "~0").replace(/\//g, "~1"));
