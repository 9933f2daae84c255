import type { JsonSchema } from "../schema";
import type { Plan } from "../plan";
import type { Issue } from "../issues";
import { checkEither } from "../check/checkArgs";
import { toTarget, type JsonSchemaTarget } from "./targets";

/**
 * Standard Schema V1 (validation) and Standard JSON Schema V1 (the schema), on one object: what
 * MCP SDK v2's registerTool, the AI SDK's tool() and other libraries take in place of a zod schema.
 * The types follow @standard-schema/spec 1.1; they are written here so the runtime depends on nothing.
 */
export interface StandardSchema<Input = unknown, Output = Input> {
  readonly "~standard": StandardProps<Input, Output>;
}

export interface StandardProps<Input, Output> {
  readonly version: 1;
  readonly vendor: "schemaof";
  readonly validate: (value: unknown) => StandardResult<Output>;
  readonly jsonSchema: {
    readonly input: (options?: StandardJsonSchemaOptions) => Record<string, unknown>;
    readonly output: (options?: StandardJsonSchemaOptions) => Record<string, unknown>;
  };
  readonly types?: { readonly input: Input; readonly output: Output };
}

export interface StandardJsonSchemaOptions {
  /** `draft-2020-12` (the default) or `draft-07`; any other throws. */
  readonly target?: JsonSchemaTarget | (string & {});
  readonly libraryOptions?: Record<string, unknown>;
}

/** `path` and `message` are Standard Schema's; `pointer` and `keyword` ride along. */
export type StandardResult<Output> = { readonly value: Output; readonly issues?: undefined } | { readonly issues: readonly Issue[] };

/**
 * The standard object for a schema and its plan. A function type's plan maps to the argument tuple;
 * here the value is the arguments object itself, as an SDK hands it to a tool's handler.
 */
export function toStandard<Input, Output>(schema: JsonSchema, plan: Plan): StandardSchema<Input, Output> {
  const objectPlan: Plan = plan.call ? { ...plan, call: undefined, names: undefined } : plan;
  // A fresh copy each time: SDKs edit what they are handed (the AI SDK adds `additionalProperties: false`
  // to every object), and the tool's own schema must stay what the build wrote.
  const describe = (options?: StandardJsonSchemaOptions) =>
    JSON.parse(JSON.stringify(toTarget(schema, options?.target ?? "draft-2020-12"))) as Record<string, unknown>;
  return {
    "~standard": {
      version: 1,
      vendor: "schemaof",
      validate: (value) => standardResult(checkEither(objectPlan, value) as StandardResult<Output>),
      jsonSchema: { input: describe, output: describe },
    },
  };
}

/**
 * An SDK prints a Standard Schema issue as its path, then its message (MCP SDK v2: `city: …`), so
 * the message leaves out the pointer it starts with: `must have at least 1 character`, not
 * `/city must have at least 1 character` after `city:`. An issue of the whole arguments keeps its words.
 */
function standardResult<Output>(result: StandardResult<Output>): StandardResult<Output> {
  if (!result.issues) return result;
  return {
    issues: result.issues.map((issue) =>
      issue.pointer && issue.message.startsWith(`${issue.pointer} `) ? { ...issue, message: issue.message.slice(issue.pointer.length + 1) } : issue,
    ),
  };
}
