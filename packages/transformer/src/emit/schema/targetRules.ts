import type { JsonValue } from "../../model/Json";

/**
 * The providers a schema may be written for. `mcp` is the full JSON Schema 2020-12 schemaof emits;
 * the others are what each provider's tool definitions accept (issue 14's table, its sources: the
 * providers' docs on structured outputs and strict tool use, openai-node's `toStrictJsonSchema`,
 * anthropic-sdk-typescript's `transform-json-schema`, @google/genai's `Schema`). Where a source is
 * unsure, the safe side is taken.
 */
export const TARGETS = ["mcp", "openai", "openai-strict", "anthropic", "anthropic-strict", "gemini", "gemini-openapi"] as const;
export type Target = (typeof TARGETS)[number];

export interface TargetRules {
  /** Objects with fixed properties: `additionalProperties: false` added to every one, left as they are, or never written. */
  readonly closed: "add" | "keep" | "omit";
  /** Every property listed in `required`, an optional one nullable instead (OpenAI's strict mode). */
  readonly allRequired?: true;
  /** `Record<string, T>` (`additionalProperties: T`) and pattern keys (`patternProperties`). */
  readonly maps: boolean;
  /** Tuples (`prefixItems`). */
  readonly tuples: boolean;
  /** `$ref`: false inlines the definitions, and a recursive type cannot be described. */
  readonly refs: boolean;
  /** A union at the root (`anyOf`): the providers but MCP want an object there. */
  readonly rootUnion: boolean;
  /** `{"type":["string","null"]}`; without, OpenAPI's `nullable: true`. */
  readonly typeArrays: boolean;
  /** Enums of strings only (OpenAPI 3.0 as Gemini reads it). */
  readonly stringEnums?: true;
  /** Keywords the provider refuses: dropped, and said in the description the model reads instead. */
  readonly drop: readonly string[];
  /** Every object names its properties, `{}` where it has none (OpenAI: "object schema missing properties"). */
  readonly properties?: "add";
  /** Objects below the root need a property (Gemini's OBJECT); the root without one is a tool with no arguments, sent without parameters. */
  readonly nonEmptyObjects?: true;
  /** The largest `minItems` it takes (Anthropic's strict mode: 0 or 1); a larger one is dropped and said. */
  readonly maxMinItems?: number;
  /** The formats it accepts; another is dropped and said in the description. */
  readonly formats?: readonly string[];
  /** Counted limits. */
  readonly maxOptional?: number;
  readonly maxUnions?: number;
  /** OpenAI's Structured Outputs: object properties in all, levels of object nesting, enum values in all, and the characters of every property name and string enum value. */
  readonly maxProperties?: number;
  readonly maxNesting?: number;
  readonly maxEnumValues?: number;
  readonly maxCharacters?: number;
}

const ANNOTATIONS = ["uniqueItems", "default", "examples"];
const NUMBER_BOUNDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"];

export const TARGET_RULES: Readonly<Record<Target, TargetRules>> = {
  mcp: { closed: "keep", maps: true, tuples: true, refs: true, rootUnion: true, typeArrays: true, drop: [] },
  // Tuples: the sources do not say; the safe side is to refuse them.
  openai: { closed: "keep", properties: "add", maps: true, tuples: false, refs: true, rootUnion: false, typeArrays: true, drop: [] },
  // String lengths are doubtful in strict mode: dropped, and said.
  "openai-strict": {
    closed: "add",
    properties: "add",
    allRequired: true,
    maps: false,
    tuples: false,
    refs: true,
    rootUnion: false,
    typeArrays: true,
    drop: [...ANNOTATIONS, "minLength", "maxLength"],
    formats: ["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"],
    maxProperties: 5000,
    maxNesting: 10,
    maxEnumValues: 1000,
    maxCharacters: 120_000,
  },
  anthropic: { closed: "keep", maps: true, tuples: true, refs: true, rootUnion: false, typeArrays: true, drop: [] },
  "anthropic-strict": {
    closed: "add",
    maps: false,
    tuples: false,
    refs: false,
    rootUnion: false,
    typeArrays: true,
    drop: [...ANNOTATIONS, ...NUMBER_BOUNDS, "minLength", "maxLength", "maxItems"],
    maxMinItems: 1,
    maxOptional: 24,
    maxUnions: 16,
  },
  gemini: {
    closed: "keep",
    maps: true,
    tuples: true,
    refs: false,
    rootUnion: false,
    typeArrays: true,
    drop: [...ANNOTATIONS, "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "pattern"],
    formats: ["date-time", "date", "time"],
  },
  "gemini-openapi": {
    closed: "omit",
    maps: false,
    tuples: false,
    refs: false,
    rootUnion: false,
    typeArrays: false,
    stringEnums: true,
    nonEmptyObjects: true,
    drop: [...ANNOTATIONS, "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "deprecated"],
    formats: ["date-time"],
  },
};

/** The same provider's target that takes what a strict one refuses (maps, tuples): the way out a remedy names. */
export const LOOSER: Readonly<Record<Target, Target>> = {
  mcp: "mcp",
  openai: "anthropic",
  "openai-strict": "openai",
  anthropic: "anthropic",
  "anthropic-strict": "anthropic",
  gemini: "gemini",
  "gemini-openapi": "gemini",
};

/** Whether the target's model sends `null` for an optional property left out (every property is required there). */
export function sendsNullForAbsent(target: Target | undefined): boolean {
  return target !== undefined && TARGET_RULES[target].allRequired === true;
}

/**
 * How a keyword a target drops is said in the description the model reads instead (`at least 1`,
 * `at most 5 items`, `no repeated items`); `units` are ` items` or ` characters` (singular for 1)
 * where the schema is an array or a string. A keyword not here is said by name and value.
 */
export const DROPPED_WORDS: Readonly<Record<string, (value: JsonValue, units: { readonly items: string; readonly characters: string }) => string>> = {
  minimum: (value) => `at least ${value}`,
  maximum: (value) => `at most ${value}`,
  exclusiveMinimum: (value) => `more than ${value}`,
  exclusiveMaximum: (value) => `less than ${value}`,
  multipleOf: (value) => `a multiple of ${value}`,
  minLength: (value, units) => `at least ${value}${units.characters}`,
  maxLength: (value, units) => `at most ${value}${units.characters}`,
  minItems: (value, units) => `at least ${value}${units.items}`,
  maxItems: (value, units) => `at most ${value}${units.items}`,
  pattern: (value) => `matching /${value}/`,
  format: (value) => `a ${value} string`,
  uniqueItems: () => "no repeated items",
  default: (value) => `default ${JSON.stringify(value)}`,
  examples: (value) => `e.g. ${(value as JsonValue[]).map((example) => JSON.stringify(example)).join(", ")}`,
};
