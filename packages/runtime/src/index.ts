/**
 * @schemaof/runtime: the five calls the transformer rewrites, declared here, in the entry itself, so
 * that a CommonJS build exports them as plain properties (a re-export is a getter, which every call
 * from user code went through), and the rest of the public API re-exported.
 */
import type { JsonSchema, ObjectSchema, SchemaOptions, StrictObjectSchema } from "./schema";
import { ArgumentsError, type ValidationResult } from "./issues";
import { isPlan } from "./plan";
import { checkArgs, type CheckOptions } from "./check/checkArgs";
import type { CoerceRule } from "./check/coerce";
import { toStandard, type StandardSchema } from "./tools/standard";
import { Tool, isToolMeta, type IsSingleObject, type Target, type ToolInput, type ToolOptions } from "./tools/tool";

/**
 * The positional arguments of a function type, or the type itself: what mapArgs<T>() returns.
 * `fn(...mapArgs<typeof fn>(args))` works.
 */
export type Mapped<T> = T extends (...args: infer P) => any ? P : T;

/**
 * What a Standard Schema of `T` validates: `T`, or for a function type the object of its arguments
 * (its only object parameter's type, else `Record<string, unknown>`: see ToolInput).
 */
export type ArgumentsOf<T> = T extends (...args: any[]) => any ? ToolInput<T> : T;

export type { CheckOptions };

/**
 * A check's options: the caller's at run time, and `target`, read at compile time (the check is made
 * for it): the provider whose model sends the arguments. Under `"openai-strict"` a `null` sent for an
 * optional property is that property left out.
 */
type ArgsOptions = CheckOptions & { readonly target?: Target; readonly coerce?: Coerce };

/**
 * `coerce`, read at compile time (the repair pass is built for it): `true` repairs the mistakes models
 * are known to make (JSON text for an object, `"3"` for 3, `"true"`, `null` or `""` for an optional
 * property, no arguments at all, broken JSON syntax), a list picks rules (`"enum-case"` only so);
 * a repaired value must pass the whole check, and `coerced` says what was repaired.
 */
export type Coerce = boolean | readonly CoerceRule[];

/**
 * A call that reached the runtime as written: no host rewrote it. Every host is named, since the
 * user may be in any of them (tsx and ts-node users most often, as they never ran a build).
 */
const notTransformed = (call: string): Error =>
  new Error(
    `${call} was not rewritten at build time, so it has no schema. Rewrite it with one of: ` +
      `'npx schemaof build' (npm i -D @schemaof/transformer); on TypeScript 5/6, tspc (ts-patch) with { "transform": "@schemaof/transformer" } in compilerOptions.plugins; ` +
      `under tsx or node, the loader first: node --import @schemaof/transformer/register --import tsx src/main.ts; ` +
      `vite, webpack, rollup, esbuild or rspack: @schemaof/unplugin. First fix any TS99xxx error the build reported at this call.`,
  );

/**
 * What `schemaOf<T>()` gives: an object's schema for an object type or a function's arguments, which
 * the providers' SDK types take where a tool's parameters go, else any schema.
 */
// [T]: a union is one type here (its schema is an `anyOf`, no `type`), not each member in turn.
export type SchemaOf<T> = [T] extends [(...args: any[]) => any] ? ObjectSchema : IsSingleObject<T> extends true ? ObjectSchema : JsonSchema;

/**
 * The JSON Schema of `T`'s arguments for OpenAI's strict mode, written inline at compile time: typed
 * as `@openai/agents` types strict `parameters`.
 * @schemaofIntrinsic schemaOf
 */
export function schemaOf<T>(options: SchemaOptions & { readonly target: "openai-strict" }): StrictObjectSchema;
/**
 * The JSON Schema of `T`'s arguments, written inline at compile time.
 * @schemaofIntrinsic schemaOf
 */
export function schemaOf<T>(options?: SchemaOptions): SchemaOf<T>;
export function schemaOf(): JsonSchema {
  throw notTransformed("schemaOf<T>()");
}

/**
 * Checks `args` against `T` and returns the mapped value; throws ArgumentsError listing every problem.
 * @schemaofIntrinsic mapArgs
 */
export function mapArgs<T>(args: unknown, options?: ArgsOptions): Mapped<T>;
export function mapArgs(args: unknown, a?: unknown, b?: unknown): unknown {
  const result = validateWith("mapArgs", args, a, b);
  if (result.issues) throw new ArgumentsError(result.issues);
  return result.value;
}

/**
 * Checks `args` against `T`: `{ value }` or `{ issues }`, never throws.
 * @schemaofIntrinsic validateArgs
 */
export function validateArgs<T>(args: unknown, options?: ArgsOptions): ValidationResult<Mapped<T>>;
export function validateArgs(args: unknown, a?: unknown, b?: unknown): ValidationResult<unknown> {
  return validateWith("validateArgs", args, a, b);
}

/** The transformer appends the plan as the last argument: `mapArgs(args, plan)` or `mapArgs(args, options, plan)`. */
function validateWith(name: string, args: unknown, a: unknown, b: unknown): ValidationResult<unknown> {
  if (b === undefined && isPlan(a)) return checkArgs(a, args);
  if (isPlan(b)) return checkArgs(b, args, a as CheckOptions | undefined);
  throw notTransformed(`${name}<T>()`);
}

/**
 * `T` as a Standard Schema (V1) that also answers with its JSON Schema (Standard JSON Schema V1):
 * what MCP SDK v2's registerTool, the AI SDK's tool() and other libraries take instead of a zod schema.
 * @schemaofIntrinsic standardSchemaOf
 */
export function standardSchemaOf<T>(options?: SchemaOptions & { readonly coerce?: Coerce }): StandardSchema<ArgumentsOf<T>, ArgumentsOf<T>>;
export function standardSchemaOf(schema?: unknown, plan?: unknown): StandardSchema {
  if (!isPlan(plan)) throw notTransformed("standardSchemaOf<T>()");
  return toStandard(schema as JsonSchema, plan);
}

/**
 * A function as a tool a model can call: its name, its JSDoc summary, the schema of its parameters
 * and of its result, read at compile time; `call(args)` checks, maps, calls and answers as MCP does.
 * A method passed as `object.method` keeps its `this`.
 * @schemaofIntrinsic toolOf
 */
export function toolOf<F extends (...args: any[]) => any>(fn: F, options?: ToolOptions): Tool<F>;
export function toolOf(fn: (...args: any[]) => any, options?: unknown, meta?: unknown, receiver?: unknown): Tool {
  if (!isToolMeta(meta)) throw notTransformed("toolOf(fn)");
  return new Tool(fn, receiver, meta, options as ToolOptions | undefined);
}

export { Tool } from "./tools/tool";
export type { ToolOptions, ToolAnnotations, ToolIcon, ToolInput, CallToolResult, Target } from "./tools/tool";
export type { StandardSchema, StandardProps, StandardResult, StandardJsonSchemaOptions } from "./tools/standard";
export { openAITool, openAIResponsesTool, anthropicTool, geminiTool } from "./tools/adapters";
export { aiSdkTool, ToolCallError, type AiSdkTool } from "./tools/frameworks/aiSdk";
export { openAIAgentsTool, type OpenAIAgentsToolFactory, type OpenAIAgentsToolOptions } from "./tools/frameworks/openAIAgents";
export { langChainTool, type LangChainToolFactory, type LangChainToolFields } from "./tools/frameworks/langChain";
export { ArgumentsError, formatIssues } from "./issues";
export type { AnyIssue, Issue, ValidationResult } from "./issues";
export type { Coerced, CoerceRule } from "./check/coerce";
export type { JsonSchema, JsonTypeName, JsonValue, ObjectSchema, SchemaOptions, StrictObjectSchema } from "./schema";
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
