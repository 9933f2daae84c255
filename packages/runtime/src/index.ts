export { schemaOf, mapArgs, validateArgs, standardSchemaOf, toolOf } from "./intrinsics";
export type { Mapped, ArgumentsOf, CheckOptions } from "./intrinsics";
export { Tool } from "./tools/tool";
export type { ToolOptions, CallToolResult } from "./tools/tool";
export type { StandardSchema, StandardProps, StandardResult, StandardJsonSchemaOptions } from "./tools/standard";
export { openAITool, anthropicTool } from "./tools/adapters";
export { ArgumentsError } from "./issues";
export type { Issue, ValidationResult } from "./issues";
export type { JsonSchema, JsonValue, SchemaOptions } from "./schema";
export type {
  Tag,
  Integer,
  Minimum,
  Maximum,
  ExclusiveMinimum,
  ExclusiveMaximum,
  MultipleOf,
  MinLength,
  MaxLength,
  Pattern,
  Format,
  FormatName,
  MinItems,
  MaxItems,
  UniqueItems,
  NonEmptyArray,
} from "./tags";
