export { schemaOf, mapArgs, validateArgs } from "./intrinsics";
export type { Mapped, CheckOptions } from "./intrinsics";
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
