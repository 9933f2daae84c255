import type { JsonValue } from "../model/Json";
import { brokenConstraint } from "../model/valueBreaks";
import { defName, isObject, type JsonObject } from "./parameters";

const TYPE_OF: Readonly<Record<string, (value: unknown) => boolean>> = {
  string: (value) => typeof value === "string",
  number: (value) => typeof value === "number",
  integer: (value) => Number.isInteger(value),
  boolean: (value) => typeof value === "boolean",
  null: (value) => value === null,
  object: isObject,
  array: Array.isArray,
};

/**
 * Why `value` is not one of the values `schema` takes (`is not a number`, `at 'year' breaks
 * 'minimum 1'`), or undefined when it is. Reads the schemas schemaof writes (type, enum, const,
 * anyOf, properties, required, items, the keywords of the run-time check), `$ref`s into `defs`
 * followed once: an example shown to a model that the tool itself would refuse.
 */
export function exampleBreaks(schema: JsonObject, value: JsonValue, defs: JsonObject, seen = new Set<string>()): string | undefined {
  if (typeof schema.$ref === "string") {
    const name = defName(schema.$ref);
    return seen.has(name) || !isObject(defs[name]) ? undefined : exampleBreaks(defs[name] as JsonObject, value, defs, new Set([...seen, name]));
  }
  const members = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(members) && !members.some((member) => isObject(member) && exampleBreaks(member, value, defs, seen) === undefined))
    return "is none of the values its type takes";
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => JSON.stringify(option) === JSON.stringify(value))) {
    return `is not one of ${schema.enum.map((option) => JSON.stringify(option)).join(", ")}`;
  }
  if ("const" in schema && JSON.stringify(schema.const) !== JSON.stringify(value)) return `is not ${JSON.stringify(schema.const)}`;
  const types = typeof schema.type === "string" ? [schema.type] : Array.isArray(schema.type) ? (schema.type as string[]) : undefined;
  if (types && !types.some((type) => TYPE_OF[type]?.(value) ?? true))
    return `is not ${types.map((type) => `a${/^[aeiou]/.test(type) ? "n" : ""} ${type}`).join(" or ")}`;
  if (isObject(value) && isObject(schema.properties)) {
    const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    const missing = required.find((key) => !Object.hasOwn(value, key));
    if (missing) return `has no '${missing}'`;
    for (const [key, inner] of Object.entries(schema.properties)) {
      if (!Object.hasOwn(value, key) || !isObject(inner)) continue;
      const reason = exampleBreaks(inner, value[key] as JsonValue, defs, seen);
      if (reason) return `at '${key}' ${reason}`;
    }
  }
  if (Array.isArray(value) && isObject(schema.items)) {
    for (const [i, item] of value.entries()) {
      const reason = exampleBreaks(schema.items, item, defs, seen);
      if (reason) return `at [${i}] ${reason}`;
    }
  }
  const broken = brokenConstraint(value, schema as Readonly<Record<string, JsonValue>>);
  return broken && `breaks '${broken}'`;
}
