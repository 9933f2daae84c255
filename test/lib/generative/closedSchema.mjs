// A schema closed by the test itself, as the type reads once unknown keys are refused: every object
// that says which keys it has (properties, patternProperties, or neither) and no additionalProperties
// gets `additionalProperties: false`; a map (additionalProperties a schema) stays as it is.

const isObject = (node) => node.type === "object" || (Array.isArray(node.type) && node.type.includes("object"));

export function closedSchema(node) {
  if (Array.isArray(node)) return node.map(closedSchema);
  if (typeof node !== "object" || node === null) return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    const nested = ["properties", "patternProperties", "$defs"].includes(key);
    out[key] = nested ? Object.fromEntries(Object.entries(value).map(([name, member]) => [name, closedSchema(member)])) : closedSchema(value);
  }
  if (isObject(node) && !("additionalProperties" in node)) out.additionalProperties = false;
  return out;
}
