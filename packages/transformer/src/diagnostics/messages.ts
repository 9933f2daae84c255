/**
 * Every diagnostic schemaof reports: one numeric block (TS99001 up), a headline per code, and one
 * line per offending property path with the remedy. Headlines are one sentence, names in quotes.
 */
export const Code = {
  Unsupported: 99001,
  Recursive: 99002,
  RestParameter: 99003,
  InvalidPattern: 99004,
  NonPortablePattern: 99005,
  MisplacedConstraint: 99006,
  NonLiteralOptions: 99007,
  MissingTypeArgument: 99008,
  UnresolvedTypeParameter: 99009,
  InvalidTag: 99010,
  DottedKeyClash: 99011,
  TooLarge: 99012,
  Internal: 99013,
  NotATool: 99014,
  Unresolved: 99015,
  NoStrictNullChecks: 99016,
  ComputedEnumMember: 99017,
  SerializedArgument: 99018,
  TargetCannotExpress: 99019,
  UnmeetableConstraint: 99020,
  DefaultBreaksType: 99021,
  RepeatableItems: 99022,
  ToolSetOverLimit: 99023,
  RuntimeVersion: 99024,
  // Lint (lint/rules.ts): warnings by default, one code per rule, about what a model reads.
  NoToolDescription: 99101,
  DescriptionLength: 99102,
  FreeString: 99103,
  NoParameterDescription: 99104,
  ClosedSetInProse: 99105,
  UntypedInput: 99106,
  UnboundedCount: 99107,
  TooManyParameters: 99108,
  DeepNesting: 99109,
  UntaggedUnion: 99110,
  AmbientParameter: 99111,
  ExampleBreaksType: 99112,
  RefusedName: 99113,
  CollidingNames: 99114,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

/** The headline of each code; `{0}` is the type's name. */
export const headline: Record<Code, string> = {
  [Code.Unsupported]: "'{0}' holds values that JSON tool arguments cannot carry.",
  [Code.Recursive]: "'{0}' is recursive, and a flattened schema cannot describe it.",
  [Code.RestParameter]: "'{0}' has a rest parameter, which has no name to become a property.",
  [Code.InvalidPattern]: "'{0}' has a pattern that is not a valid ECMA-262 regular expression.",
  [Code.NonPortablePattern]: "'{0}' has a pattern that JSON Schema validators do not all understand.",
  [Code.MisplacedConstraint]: "'{0}' has a constraint on a type it does not apply to.",
  [Code.NonLiteralOptions]: "The options of '{0}' must be an object literal of constant values.",
  [Code.MissingTypeArgument]: "'{0}' needs a type argument: the type to describe.",
  [Code.UnresolvedTypeParameter]: "'{0}' depends on a type parameter that this call site cannot resolve.",
  [Code.InvalidTag]: "'{0}' has a tag whose value cannot be used.",
  [Code.DottedKeyClash]: "'{0}' has dotted keys that clash with another property.",
  [Code.TooLarge]: "'{0}' is too large to describe.",
  [Code.Internal]: "schemaof could not analyze '{0}'.",
  [Code.NotATool]: "'{0}' cannot be made a tool.",
  [Code.Unresolved]: "'{0}' names a type that TypeScript cannot resolve.",
  [Code.NoStrictNullChecks]: "'{0}' is read without strictNullChecks.",
  [Code.ComputedEnumMember]: "'{0}' has an enum member whose value is not a constant.",
  [Code.TargetCannotExpress]: "'{0}' cannot be written as the schema this provider accepts.",
  [Code.UnmeetableConstraint]: "'{0}' has a constraint that none of its values meets.",
  [Code.DefaultBreaksType]: "'{0}' has a default that its own type refuses.",
  [Code.RepeatableItems]: "'{0}' has unique items that mapping can make equal.",
  [Code.ToolSetOverLimit]: "The tool set '{0}' is more than a provider takes in one request.",
  [Code.RuntimeVersion]: "The check of '{0}' would run against a @schemaof/runtime of another version.",
  [Code.NoToolDescription]: "Tool '{0}' has no description, so a model chooses it by its name alone.",
  [Code.DescriptionLength]: "Tool '{0}' has a description that tells a model little.",
  [Code.FreeString]: "Tool '{0}' has a string parameter that nothing describes or bounds, which a model fills at random.",
  [Code.NoParameterDescription]: "Tool '{0}' has a parameter with no description.",
  [Code.ClosedSetInProse]: "Tool '{0}' lists a parameter's values in words, where a literal union would hold a model to them.",
  [Code.UntypedInput]: "Tool '{0}' takes a value of any type, which tells a model nothing of what to send.",
  [Code.UnboundedCount]: "Tool '{0}' has a count with no upper bound.",
  [Code.TooManyParameters]: "Tool '{0}' has more parameters than a model fills well.",
  [Code.DeepNesting]: "Tool '{0}' nests its parameters deeper than a model fills well.",
  [Code.UntaggedUnion]: "Tool '{0}' has a union of objects with no literal property to tell them apart.",
  [Code.AmbientParameter]: "Tool '{0}' asks the model for what the application already knows.",
  [Code.ExampleBreaksType]: "Tool '{0}' shows a model an example that the tool itself refuses.",
  [Code.RefusedName]: "Tool '{0}' has a name that a provider refuses.",
  [Code.CollidingNames]: "Tool '{0}' has a name that another tool's differs from only by case or separators.",
  [Code.SerializedArgument]: "'{0}' travels as what a toJSON() returns, which mapArgs cannot turn back into it.",
};

/** One problem the analysis found, at a property path (`payment.iban`, `tags[]`, `(root)`). */
export interface Problem {
  readonly code: Code;
  readonly path: string;
  /** What is wrong and what to do instead, one or two sentences. */
  readonly detail: string;
}

/** An error's first line, for a problem that says what went wrong inside. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message.split("\n")[0] : String(error);
}
