import type { JsonSchema } from "../schema";

/**
 * Under OpenAI's strict mode every property is required, and a model that leaves an optional one out
 * sends `null` for it. Read against the tool's own (MCP) schema, such a `null` is the property left
 * out: removed where the property is optional and its type has no `null`, at any depth, so the check
 * that follows speaks of the type, and the function's own default applies. The arguments are copied
 * where anything is removed, never changed.
 */
export function absentNulls(schema: JsonSchema, value: unknown): unknown {
  return walk(schema, value, { ...(schema.$defs as Record<string, JsonSchema> | undefined), "#": schema }, 0);
}

function walk(schema: JsonSchema | boolean | undefined, value: unknown, defs: Record<string, JsonSchema>, depth: number): unknown {
  if (typeof schema !== "object" || schema === null || depth > 64) return value;
  if (typeof schema.$ref === "string") return walk(defs[schema.$ref === "#" ? "#" : schema.$ref.replace(/^#\/\$defs\//, "")], value, defs, depth + 1);
  if (Array.isArray(value)) {
    const items = schema.items as JsonSchema | undefined;
    if (typeof items !== "object") return value;
    let changed = false;
    const out = value.map((item) => {
      const next = walk(items, item, defs, depth + 1);
      changed ||= next !== item;
      return next;
    });
    return changed ? out : value;
  }
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (typeof value !== "object" || value === null || !properties) return value;
  const required = new Set((schema.required ?? []) as string[]);
  let out: Record<string, unknown> | undefined;
  for (const [key, property] of Object.entries(properties)) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    const next = item === null && !required.has(key) && !allowsNull(property) ? REMOVE : walk(property, item, defs, depth + 1);
    if (next === item) continue;
    out ??= { ...(value as Record<string, unknown>) };
    if (next === REMOVE) delete out[key];
    else out[key] = next;
  }
  return out ?? value;
}

const REMOVE = Symbol("remove");

function allowsNull(schema: JsonSchema | boolean): boolean {
  if (typeof schema !== "object" || schema === null) return schema === true;
  if (schema.type === "null" || (Array.isArray(schema.type) && schema.type.includes("null"))) return true;
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) return true;
  if (Array.isArray(schema.anyOf)) return schema.anyOf.some((member) => allowsNull(member as JsonSchema));
  return Object.keys(schema).length === 0 || (Object.keys(schema).length === 1 && "description" in schema);
}
