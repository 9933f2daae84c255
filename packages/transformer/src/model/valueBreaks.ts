import type { Shape } from "./Shape";
import type { JsonValue } from "./Json";
import { RULES, rep } from "@schemaof/runtime/helpers";
import { breaks } from "../emit/kinds/keywords";

type Constraints = Readonly<Record<string, JsonValue>>;
/** A named type's shape, when it is known yet. */
export type DefinitionOf = (name: string) => Shape | undefined;

/** The JSON type a keyword's target is, as a value shows it. */
const applies = (target: "string" | "number" | "array", value: JsonValue): boolean => (target === "array" ? Array.isArray(value) : typeof value === target);

/**
 * The first keyword of `constraints` that `value` breaks (`minimum 1`), or undefined. A keyword
 * constrains only values of its own JSON type, as JSON Schema reads it: `maxLength` says nothing of 1.
 * Read at build time, with the very tests the run-time check makes.
 */
export function brokenConstraint(value: JsonValue, constraints: Constraints | undefined): string | undefined {
  if (!constraints) return undefined;
  for (const [keyword, limit] of Object.entries(constraints)) {
    const rule = Object.hasOwn(RULES, keyword) ? RULES[keyword as keyof typeof RULES] : undefined;
    if (!rule || !applies(rule.target, value)) continue;
    const broken = keyword === "uniqueItems" ? limit === true && rep(value as JsonValue[]) !== undefined : breaks(keyword as keyof typeof RULES, value, limit);
    if (broken) return `${keyword} ${typeof limit === "string" ? limit : JSON.stringify(limit)}`;
  }
  return undefined;
}

/**
 * Why `value` is not one of `shape`'s values, as the end of a sentence about it (`breaks 'minimum 1'`,
 * `is not a string`, `at [1] is not a string`), or undefined when it is one. For the values a type names itself (a default): it follows a named type, and takes
 * any value where a recursive one would have to be followed again.
 */
export function valueBreaks(shape: Shape, value: JsonValue, def: DefinitionOf, seen = new Set<string>()): string | undefined {
  if (value === null && shape.nullable) return undefined;
  const own = breaksKind(shape, value, def, seen);
  if (own !== undefined) return own;
  const constraint = brokenConstraint(value, shape.constraints);
  return constraint && `breaks '${constraint}'`;
}

function breaksKind(shape: Shape, value: JsonValue, def: DefinitionOf, seen: Set<string>): string | undefined {
  const isObject = typeof value === "object" && value !== null && !Array.isArray(value);
  switch (shape.kind) {
    case "any":
      return shape.object && !isObject ? "is not an object" : undefined;
    case "primitive":
      if (shape.type === "integer") return Number.isInteger(value) ? undefined : "is not an integer";
      if (shape.type === "null") return value === null ? undefined : "is not null";
      return typeof value === shape.type ? undefined : `is not a ${shape.type}`;
    case "enum":
      return shape.values.includes(value as never) ? undefined : `is not one of ${shape.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "date":
      return typeof value === "string" ? undefined : "is not a date string";
    case "array":
      if (!Array.isArray(value)) return "is not an array";
      return firstOf(value.map((item, i) => at(`[${i}]`, valueBreaks(shape.items, item, def, seen))));
    case "tuple": {
      if (!Array.isArray(value)) return "is not an array";
      if (value.length < shape.minItems || (!shape.rest && value.length > shape.prefix.length)) return `has ${value.length} items`;
      return firstOf(value.map((item, i) => at(`[${i}]`, valueBreaks(shape.prefix[i] ?? shape.rest!, item, def, seen))));
    }
    case "object": {
      if (!isObject) return "is not an object";
      const missing = shape.properties.find((p) => p.required && !p.key && !Object.hasOwn(value, p.name));
      if (missing) return `has no '${missing.name}'`;
      return firstOf(
        shape.properties.map((p) => (!p.key && Object.hasOwn(value, p.name) ? at(`'${p.name}'`, valueBreaks(p.shape, value[p.name], def, seen)) : undefined)),
      );
    }
    case "union":
      return shape.members.some((member) => valueBreaks(member, value, def, seen) === undefined) ? undefined : "is none of its members' values";
    case "ref": {
      const target = seen.has(shape.def) ? undefined : def(shape.def);
      return target && valueBreaks(target, value, def, new Set([...seen, shape.def]));
    }
  }
}

const at = (where: string, reason: string | undefined): string | undefined => reason && `at ${where} ${reason}`;
const firstOf = (reasons: readonly (string | undefined)[]): string | undefined => reasons.find((reason) => reason !== undefined);
