import type { Rules } from "./check/keywords";

/** A JSON value, as a model sends it and as a schema's `default` holds it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** The validation keywords schemaof writes (the keyword table, check/keywords.ts, says which), each with its value. */
type Keywords = { -readonly [K in keyof Rules]: Rules[K] };

/** The names JSON Schema's `type` takes (JSON Schema draft-07's types, as the AI SDK's `jsonSchema()` takes them). */
export type JsonTypeName = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";

/** A JSON Schema (draft 2020-12) object, as schemaOf<T>() emits it. */
export interface JsonSchema extends Keywords {
  $schema?: string;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: JsonTypeName | JsonTypeName[];
  enum?: JsonValue[];
  const?: JsonValue;
  items?: JsonSchema | false;
  prefixItems?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  title?: string;
  description?: string;
  default?: JsonValue;
  examples?: JsonValue[];
  deprecated?: boolean;
  [keyword: string]: unknown;
}

/** Options of a schemaOf<T>() call; an object literal read at compile time. */
export interface SchemaOptions {
  /**
   * `true`: named types used more than once, and recursive types, go to `$defs`; `"auto"`: only where
   * that makes the schema smaller (and always for a recursive type). Default `false`.
   */
  refs?: boolean | "auto";
  /** `false`: every object with fixed properties gets `"additionalProperties": false`. */
  additionalProperties?: false;
  /**
   * The provider the schema is written for (default `"mcp"`: JSON Schema 2020-12 as schemaof emits
   * it). What the provider refuses is dropped and said in the description; what it cannot express is
   * a compile-time error (TS99019). The run-time check keeps every rule of the type.
   */
  target?: "mcp" | "openai" | "openai-strict" | "anthropic" | "anthropic-strict" | "gemini" | "gemini-openapi";
}

/** The schema of an object: the root of every tool's arguments, as the providers' SDK types ask (Anthropic's `input_schema`). */
export type ObjectSchema = JsonSchema & { type: "object" };

/**
 * A schema for OpenAI's strict mode: an object whose every property is required and nothing else
 * is allowed, as `@openai/agents` types strict `parameters` (`JsonObjectSchemaStrict`).
 */
export type StrictObjectSchema = JsonSchema & { type: "object"; properties: Record<string, JsonSchema>; required: string[]; additionalProperties: false };
