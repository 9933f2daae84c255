import type { JsonObject, JsonValue } from "../../model/Json";
import { flattenRootUnion } from "./flattenRootUnion";
import { describeDropped } from "./describeDropped";
import { joinSentences } from "./joinSentences";
import { LOOSER, TARGET_RULES, type Target } from "./targetRules";

/** What cannot be written for a target, at a property path, with the way out. */
export interface TargetProblem {
  readonly path: string;
  readonly detail: string;
}

/**
 * The schema schemaof emits (JSON Schema 2020-12, the `mcp` target) as a provider accepts it. What
 * the provider refuses is dropped and said in the description (the run-time check keeps every rule
 * of the type); what it cannot express at all is a problem at its path, never a schema the
 * provider answers 400 to.
 */
export function toTarget(schema: JsonObject, target: Target): { schema: JsonObject; problems: TargetProblem[] } {
  const rules = TARGET_RULES[target];
  if (target === "mcp") return { schema, problems: [] };
  const problems: TargetProblem[] = [];
  /** `what` the value is, which the target cannot take, and the way out. */
  const problem = (path: string, what: string, remedy: string) =>
    void problems.push({ path: path || "(root)", detail: `${what}, which ${target} cannot take; ${remedy}` });
  const defs = (schema.$defs ?? {}) as Record<string, JsonObject>;
  let optional = 0;
  let unions = 0;
  let propertyCount = 0;
  let deepest = 0;
  let enumValues = 0;
  let characters = 0;

  const convert = (node: JsonValue, path: string, open: readonly string[]): JsonValue => {
    if (node === false || node === true || typeof node !== "object" || node === null || Array.isArray(node)) return node;
    if (typeof node.$ref === "string") {
      const name = node.$ref === "#" ? "#" : node.$ref.replace(/^#\/\$defs\//, "");
      if (rules.refs) return node;
      if (open.includes(name)) {
        problem(
          path,
          `is recursive (${[...open.slice(open.indexOf(name)), name].join(" -> ")})`,
          "cut the cycle, or target one that takes $ref (mcp, openai, anthropic)",
        );
        return {};
      }
      const definition = name === "#" ? schema : defs[name];
      const { $defs: _defs, ...inlined } = definition;
      return convert({ ...inlined, ...withoutRef(node) }, path, [...open, name]);
    }
    const out: JsonObject = {};
    const dropped: string[] = [];
    for (const [key, value] of Object.entries(node)) {
      if (key === "$defs") continue;
      const refused =
        rules.drop.includes(key) ||
        (key === "format" && rules.formats && !rules.formats.includes(value as string)) ||
        (key === "minItems" && rules.maxMinItems !== undefined && (value as number) > rules.maxMinItems);
      if (refused) dropped.push(key);
      else out[key] = value;
    }
    if (!path && !rules.rootUnion && out.anyOf === undefined && out.type !== "object") {
      problem(path, "is not an object (a tool's arguments are one object)", "wrap it in a property ({ value: T })");
    }
    if (!rules.typeArrays && out.type === "null") problem(path, "is always null (OpenAPI 3.0 has no null type)", "leave the property out");
    if (Array.isArray(out.type)) convertType(out, path);
    if (Array.isArray(out.enum)) {
      enumValues += out.enum.length;
      for (const value of out.enum) if (typeof value === "string") characters += value.length;
    }
    if (out.enum !== undefined && rules.stringEnums && (out.enum as JsonValue[]).some((value) => typeof value !== "string" && value !== null)) {
      problem(path, "is an enum of numbers or booleans", "use string literals, or target gemini");
    }
    if (Array.isArray(out.anyOf)) {
      unions++;
      if (!path && !rules.rootUnion) {
        problem(
          path,
          "is a union at the root (a tool's arguments are one object) whose members no discriminator tells apart",
          'give every member a literal property of its own (kind: "…") to have it written as one object, or wrap it in a property ({ value: T })',
        );
      }
      // A `null` member stays as it is; without type arrays, withoutNullMember makes it `nullable`.
      const isNull = (member: JsonValue) => typeof member === "object" && member !== null && !Array.isArray(member) && member.type === "null";
      out.anyOf = out.anyOf.map((member) => (isNull(member) ? member : convert(member, path, open)));
    }
    if (out.items !== undefined && out.items !== false) out.items = convert(out.items, `${path}[]`, open);
    // An empty tuple (`[]`) is an array with no `items` and `maxItems: 0`, which a provider without tuples reads as no array at all.
    const array = out.type === "array" || (Array.isArray(out.type) && out.type.includes("array"));
    if (array && out.items === undefined && out.prefixItems === undefined && !rules.tuples) problem(path, "is an empty tuple", "leave the property out");
    if (Array.isArray(out.prefixItems)) {
      if (!rules.tuples) problem(path, "is a tuple", "take an object with named properties");
      out.prefixItems = out.prefixItems.map((item, i) => convert(item, `${path}[${i}]`, open));
    }
    if (out.type === "object" || (Array.isArray(out.type) && out.type.includes("object"))) {
      // The root object is level 1; each property path step below it one more.
      const level = path ? path.split(".").length + 1 : 1;
      deepest = Math.max(deepest, level);
      convertObject(out, path, open);
    }
    if (dropped.length) out.description = joinSentences(typeof out.description === "string" ? out.description : undefined, describeDropped(dropped, node));
    return withoutNullMember(out);
  };

  /** A type array (`["string","null"]`): one more union, and OpenAPI's `nullable` where type arrays are refused. */
  const convertType = (out: JsonObject, path: string) => {
    unions++;
    if (rules.typeArrays) return;
    const all = out.type as string[];
    const types = all.filter((type) => type !== "null");
    if (types.length === 1) {
      out.type = types[0];
      if (all.includes("null")) out.nullable = true;
    } else problem(path, `takes values of several JSON types (${types.join(", ")})`, "take one type, or target gemini");
    if ((out.enum as JsonValue[] | undefined)?.includes(null)) out.enum = (out.enum as JsonValue[]).filter((value) => value !== null);
  };

  /** OpenAPI 3.0 has no null type: `anyOf: [T, null]` is T, nullable. */
  const withoutNullMember = (out: JsonObject): JsonObject => {
    if (rules.typeArrays || !Array.isArray(out.anyOf)) return out;
    const members = out.anyOf.filter((member) => !(typeof member === "object" && member !== null && !Array.isArray(member) && member.type === "null"));
    if (members.length === out.anyOf.length) return out;
    const { anyOf: _anyOf, ...rest } = out;
    if (members.length === 1 && typeof members[0] === "object" && members[0] !== null) return { ...rest, ...(members[0] as JsonObject), nullable: true };
    return { ...rest, anyOf: members, nullable: true };
  };

  const convertObject = (out: JsonObject, path: string, open: readonly string[]) => {
    const properties = (out.properties ?? {}) as Record<string, JsonValue>;
    const mapped = out.patternProperties !== undefined || (out.additionalProperties !== undefined && out.additionalProperties !== false);
    if (rules.nonEmptyObjects && path && Object.keys(properties).length === 0 && !mapped) {
      problem(
        path,
        "is an object with no properties (OpenAPI's OBJECT as Gemini reads it needs one)",
        "give it properties, take its JSON as a string, or target gemini",
      );
    }
    const required = new Set((out.required ?? []) as string[]);
    // Entries, not assignments: a property named `__proto__` stays a property.
    const next = new Map<string, JsonValue>();
    for (const [name, value] of Object.entries(properties)) {
      const at = path ? `${path}.${name}` : name;
      // A key that may only be absent (`x?: never`): no provider but MCP takes a `false` schema; the run-time check still refuses it.
      if (value === false) continue;
      propertyCount++;
      characters += name.length;
      let converted = convert(value, at, open);
      if (!required.has(name)) {
        optional++;
        if (rules.allRequired) converted = nullable(converted);
      }
      next.set(name, converted);
    }
    if (out.properties !== undefined || rules.allRequired || rules.properties === "add") out.properties = Object.fromEntries(next);
    if (rules.allRequired) out.required = [...next.keys()];
    else if (out.required !== undefined) out.required = (out.required as string[]).filter((name) => next.has(name));
    if (Array.isArray(out.required) && out.required.length === 0 && !rules.allRequired) delete out.required;
    const maps = out.additionalProperties !== undefined && out.additionalProperties !== false;
    if (out.patternProperties !== undefined || maps) {
      if (!rules.maps)
        problem(path, "is a map of keys to values (an index signature or Record)", `take an array of { key, value }, or target ${LOOSER[target]}`);
      if (maps) out.additionalProperties = convert(out.additionalProperties, `${path}[string]`, open);
      if (out.patternProperties !== undefined) {
        out.patternProperties = Object.fromEntries(
          Object.entries(out.patternProperties as JsonObject).map(([pattern, value]) => [pattern, convert(value, `${path}[string]`, open)]),
        );
      }
    }
    if (rules.closed === "add" && !maps) out.additionalProperties = false;
    if (rules.closed === "omit" && out.additionalProperties === false) delete out.additionalProperties;
  };

  // A union of objects at the root, told apart by a discriminator, is written as one object.
  const converted = convert((!rules.rootUnion && flattenRootUnion(schema)) || schema, "", []) as JsonObject;
  // Where references stay, so do the definitions they name, written for the target as well.
  if (rules.refs && schema.$defs !== undefined) {
    converted.$defs = Object.fromEntries(Object.entries(defs).map(([name, definition]) => [name, convert(definition, name, [])]));
  }
  if (rules.maxOptional !== undefined && optional > rules.maxOptional) {
    problem("", `has ${optional} optional properties, over ${rules.maxOptional}`, "make some required, or split the tool");
  }
  const counted: [number, number | undefined, string, string][] = [
    [propertyCount, rules.maxProperties, "object properties", "split the tool"],
    [deepest, rules.maxNesting, "levels of nested objects", "flatten the arguments"],
    [enumValues, rules.maxEnumValues, "enum values", "take a string with a pattern, or split the tool"],
    [characters, rules.maxCharacters, "characters of property names and enum values", "split the tool"],
  ];
  for (const [count, limit, what, remedy] of counted) if (limit !== undefined && count > limit) problem("", `has ${count} ${what}, over ${limit}`, remedy);
  if (rules.maxUnions !== undefined && unions > rules.maxUnions) {
    problem("", `has ${unions} unions (nullable values count), over ${rules.maxUnions}`, "make some values non-nullable, or split the tool");
  }
  return { schema: converted, problems };
}

function withoutRef(node: JsonObject): JsonObject {
  const { $ref: _ref, ...rest } = node;
  return rest;
}

/** `T` or null: a type array gains "null", anything else is `anyOf` with null. */
function nullable(schema: JsonValue): JsonValue {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return schema;
  if (schema.type === "null") return schema;
  if (typeof schema.type === "string" && !schema.enum) return { ...schema, type: [schema.type, "null"] };
  if (Array.isArray(schema.type) && !schema.enum) return schema.type.includes("null") ? schema : { ...schema, type: [...schema.type, "null"] };
  if (Array.isArray(schema.enum))
    return schema.enum.includes(null) ? schema : { ...schema, enum: [...schema.enum, null], type: [...[schema.type ?? []].flat(), "null"] as JsonValue };
  return { anyOf: [schema, { type: "null" }] };
}
