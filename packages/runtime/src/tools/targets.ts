import type { JsonSchema } from "../schema";

export type JsonSchemaTarget = "draft-2020-12" | "draft-07";

/**
 * The emitted schema (draft 2020-12) in the dialect a consumer asks for through Standard JSON
 * Schema. The keywords schemaof emits differ between the two in two places only: tuples
 * (`prefixItems` is draft-07's array `items`) and definitions (`$defs` is `definitions`).
 */
export function toTarget(schema: JsonSchema, target: string): JsonSchema {
  switch (target) {
    case "draft-2020-12":
      return schema;
    case "draft-07":
      return toDraft07(schema) as JsonSchema;
    default:
      throw new Error(`schemaof describes arguments as JSON Schema draft-2020-12 or draft-07, not '${target}'.`);
  }
}

/** Keywords whose value is a map of names to subschemas: the names are data, never keywords. */
const SCHEMA_MAPS = new Set(["properties", "$defs"]);
/** Keywords whose value is a subschema or a list of them. */
const SUBSCHEMAS = new Set(["items", "prefixItems", "additionalProperties", "anyOf", "oneOf", "allOf", "not"]);

function toDraft07(schema: unknown): unknown {
  if (typeof schema !== "object" || schema === null) return schema;
  const node = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    let converted = value;
    if (SCHEMA_MAPS.has(key)) converted = Object.fromEntries(Object.entries(value as object).map(([name, sub]) => [name, toDraft07(sub)]));
    else if (SUBSCHEMAS.has(key)) converted = Array.isArray(value) ? value.map(toDraft07) : toDraft07(value);
    if (key === "prefixItems") out.items = converted;
    else if (key === "items" && "prefixItems" in node) out.additionalItems = converted;
    else if (key === "$defs") out.definitions = converted;
    else if (key === "$ref" && typeof value === "string") out.$ref = value.replace(/^#\/\$defs\//, "#/definitions/");
    else out[key] = converted;
  }
  return out;
}
